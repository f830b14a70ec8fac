// The header's link look, shared by its links and its signed-in "Actions" menu.
export const headerLinkClasses =
  "inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap text-stone-700 transition-colors hover:bg-stone-100 hover:text-stone-950";
