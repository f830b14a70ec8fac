import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToStringAsync } from "preact-render-to-string";
import { dropReactHints } from "./app/react-hints";

dropReactHints();

// The prerender (decision 041): Preact renders each page whole, as the browser will hydrate it
// (React Router's default entry streams with react-dom/server; its suspense islands and their
// inline scripts are not needed for a page written once at build time).
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
