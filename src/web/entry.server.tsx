import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { options } from "preact";
import { renderToStringAsync } from "preact-render-to-string";

// React's hint (React Router's scripts carry it), an attribute to Preact
const previousVnode = options.vnode;
options.vnode = (vnode) => {
  if (vnode.props && typeof vnode.props === "object")
    delete (vnode.props as { suppressHydrationWarning?: boolean }).suppressHydrationWarning;
  previousVnode?.(vnode);
};

// SPIKE: prerendering on Preact, whole pages (no streamed suspense islands)
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  const html = await renderToStringAsync(
    (<ServerRouter context={routerContext} url={request.url} />) as never,
  );
  headers.set("Content-Type", "text/html");
  return new Response(`<!DOCTYPE html>${html}`, { status, headers });
}
