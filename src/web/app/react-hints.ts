// React's rendering hints that Preact would write as attributes (`suppressHydrationWarning`, on
// React Router's scripts): dropped from every element before it renders, in the prerender and
// in the browser (decision 041).
import { options, type VNode } from "preact";

export function dropReactHints(): void {
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    if (vnode.props && typeof vnode.props === "object")
      delete (vnode.props as { suppressHydrationWarning?: boolean }).suppressHydrationWarning;
    previous?.(vnode);
  };
}
