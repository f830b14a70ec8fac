import { prerender } from "react-dom/static";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";

// The prerender (decision 050): each page written once at build time, whole. React's static
// renderer waits for every part of the page (no Suspense fallback, none of the inline scripts
// that stream what suspended), where React Router's default entry streams to a browser.
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  const { prelude } = await prerender(<ServerRouter context={routerContext} url={request.url} />, {
    onError(error) {
      status = 500;
      console.error(error);
    },
  });
  headers.set("Content-Type", "text/html");
  return new Response(prelude, { status, headers });
}
