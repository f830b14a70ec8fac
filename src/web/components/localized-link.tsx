import { forwardRef } from "react";
import { Link, NavLink, type LinkProps, type NavLinkProps } from "react-router";
import { useLocalizedPath } from "~/app/language";

/**
 * A react-router <Link> whose `to` is a path without language prefix ("/pricing",
 * "/calculator?load=1", "/pricing#faq"); it keeps the current language (/fr, /nl).
 */
export const LocalizedLink = forwardRef<HTMLAnchorElement, Omit<LinkProps, "to"> & { to: string }>(
  function LocalizedLink({ to, ...props }, ref) {
    const localize = useLocalizedPath();
    return <Link ref={ref} to={localize(to)} {...props} />;
  },
);

/** <NavLink> with the same prefixing, for navigation that shows the active page. */
export const LocalizedNavLink = forwardRef<
  HTMLAnchorElement,
  Omit<NavLinkProps, "to"> & { to: string }
>(function LocalizedNavLink({ to, ...props }, ref) {
  const localize = useLocalizedPath();
  return <NavLink ref={ref} to={localize(to)} {...props} />;
});

/** An external link that opens in a new tab, announced as such to screen readers. */
export const ExternalLink = forwardRef<
  HTMLAnchorElement,
  React.AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; newTabLabel?: string }
>(function ExternalLink({ children, newTabLabel, ...props }, ref) {
  return (
    <a ref={ref} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      {newTabLabel ? <span className="sr-only"> ({newTabLabel})</span> : null}
    </a>
  );
});
