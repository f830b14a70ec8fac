import { useTranslation } from "react-i18next";
import { BLOG_URL, mailto } from "~/app/site";
import { ExternalLink, LocalizedLink } from "../localized-link";
import { Container } from "../ui/container";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { ThemeSwitcher } from "./theme-switcher";

type FooterLink = { key: string; label: string } & (
  { to: string } | { href: string; external?: boolean }
);

const linkClasses =
  "text-sm text-stone-600 transition-colors hover:text-brand-800 hover:underline underline-offset-4";

function FooterColumn({ title, links }: { title: string; links: FooterLink[] }) {
  const { t } = useTranslation();
  return (
    <div>
      <h2 className="text-sm font-semibold text-stone-900">{title}</h2>
      <ul className="mt-4 space-y-3">
        {links.map((link) => (
          <li key={link.key}>
            {"to" in link ? (
              <LocalizedLink to={link.to} className={linkClasses}>
                {link.label}
              </LocalizedLink>
            ) : link.external ? (
              <ExternalLink
                href={link.href}
                className={linkClasses}
                newTabLabel={t("opensInNewTab")}
              >
                {link.label}
              </ExternalLink>
            ) : (
              <a href={link.href} className={linkClasses}>
                {link.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();

  const navigation: FooterLink[] = [
    { key: "home", label: t("nav.home"), to: "/" },
    { key: "calculator", label: t("nav.calculator"), to: "/calculator" },
    { key: "nisab", label: t("nav.nisabTracker"), to: "/nisab" },
    { key: "embed", label: t("footer.embedGenerator"), to: "/embed-generator" },
    { key: "pricing", label: t("nav.pricing"), to: "/pricing" },
    { key: "donate", label: t("nav.donate"), to: "/donate" },
  ];
  const help: FooterLink[] = [
    { key: "faq", label: t("footer.faq"), to: "/pricing#faq" },
    { key: "contact", label: t("footer.contact"), href: mailto() },
    { key: "feedback", label: t("footer.feedback"), href: mailto(t("feedback.subject")) },
    { key: "nisabValues", label: t("nav.nisabValues"), to: "/nisab-values" },
    { key: "blog", label: t("nav.blog"), href: BLOG_URL, external: true },
  ];
  const legal: FooterLink[] = [
    { key: "privacy", label: t("footer.privacy"), to: "/privacy" },
    { key: "terms", label: t("footer.terms"), to: "/terms" },
  ];

  return (
    <footer className="border-t border-stone-200 bg-white">
      {/* from md up, room below the last line for the floating Feedback button */}
      <Container size="wide" className="pt-12 pb-12 md:pb-24 lg:pt-16">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-[1.6fr_1fr_1fr_1fr]">
          <div className="max-w-sm">
            <LocalizedLink
              to="/"
              className="inline-block rounded-lg"
              aria-label={`${t("appName")} – ${t("nav.home")}`}
            >
              <Logo name={t("appName")} />
            </LocalizedLink>
            <p className="mt-4 text-sm leading-6 text-stone-600">{t("footer.about")}</p>
            <LanguageSwitcher variant="inline" className="mt-6" />
            <ThemeSwitcher className="mt-3" />
          </div>
          <FooterColumn title={t("footer.navigation")} links={navigation} />
          <FooterColumn title={t("footer.helpSupport")} links={help} />
          <FooterColumn title={t("footer.legal")} links={legal} />
        </div>
        <div className="mt-12 flex flex-col gap-3 border-t border-stone-200 pt-8 text-sm text-stone-500 md:flex-row md:items-center md:justify-between">
          <p>{t("footer.copyright", { year })}</p>
          <p className="max-w-xl md:text-end">{t("footer.disclaimer")}</p>
        </div>
      </Container>
    </footer>
  );
}
