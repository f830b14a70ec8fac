import { Calculator, ExternalLink as ExternalIcon, Hourglass } from "lucide-react";
import { useEffect } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { i18nFor } from "~/app/i18n";
import { useLanguage } from "~/app/language";
import { languages, localizedPath, type Language } from "~/app/route-table";
import { ExternalLink } from "~/components/localized-link";
import { LogoMark } from "~/components/layout/logo";

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A colour from the query (`primaryColor=80009e` or `%2380009e`), or the default. */
function colourParam(value: string | null, fallback: string): string {
  const match = value ? HEX.exec(value.trim()) : null;
  return match ? `#${match[1]}` : fallback;
}

/**
 * The embeddable calculator (spec §2): no header, no footer. Its language comes from the `lang`
 * query parameter when valid, else from the path prefix.
 */
export default function EmbedCalculatorPage() {
  const [params] = useSearchParams();
  const pathLanguage = useLanguage();
  const query = params.get("lang");
  const lang: Language = (languages as readonly string[]).includes(query ?? "")
    ? (query as Language)
    : pathLanguage;

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);

  return (
    <I18nextProvider i18n={i18nFor(lang)}>
      <EmbedPlaceholder
        lang={lang}
        primary={colourParam(params.get("primaryColor"), "#80009e")}
        accent={colourParam(params.get("accentColor"), "#b68802")}
      />
    </I18nextProvider>
  );
}

function EmbedPlaceholder({
  lang,
  primary,
  accent,
}: {
  lang: Language;
  primary: string;
  accent: string;
}) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-white p-4">
      <div className="w-full max-w-md rounded-2xl border border-stone-200 p-8 text-center">
        <div
          className="mx-auto flex size-14 items-center justify-center rounded-2xl text-white"
          style={{ backgroundColor: primary }}
        >
          <Calculator className="size-7" aria-hidden="true" />
        </div>
        <p
          className="mt-5 inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold text-white"
          style={{ backgroundColor: accent }}
        >
          <Hourglass className="size-3.5" aria-hidden="true" />
          {t("comingSoon.badge")}
        </p>
        <h1 className="mt-3 text-2xl font-semibold tracking-tight text-stone-900">
          {t("pages.embedCalculator.title")}
        </h1>
        <p className="mt-3 leading-7 text-stone-600">{t("comingSoon.pages.embedCalculator")}</p>
        <ExternalLink
          href={localizedPath(lang, "calculator")}
          newTabLabel={t("opensInNewTab")}
          className="mt-6 inline-flex items-center gap-2 text-sm font-semibold underline-offset-4 hover:underline"
          style={{ color: primary }}
        >
          <LogoMark className="size-5" />
          {t("comingSoon.poweredBy")}
          <ExternalIcon className="size-3.5" aria-hidden="true" />
        </ExternalLink>
      </div>
    </main>
  );
}
