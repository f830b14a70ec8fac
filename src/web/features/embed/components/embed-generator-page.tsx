import { PanelsTopLeft, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLanguage } from "~/app/language";
import { i18nFor, useI18nFor } from "~/app/i18n";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Container } from "~/components/ui/container";
import { useSession } from "~/lib/use-session";
import { parseHexColor } from "#domain/embed/index.ts";
import { useOrigin } from "../hooks/use-origin";
import {
  embedCode,
  embedUrl,
  generatorDefaults,
  isBelowRecommendedHeight,
  parseCssLength,
  previewHeight,
  type EmbedDisplay,
  type GeneratorOptions,
} from "../model/embed-code";
import { CopyCode } from "./copy-code";
import { ColourField, CurrencySelect, LanguageSelect, LengthField } from "./fields";

/** A value that follows `value` once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Spec §2 "Embed generator": the form (language, currency, colours, width and height as CSS
 * lengths), the iframe code to copy and a live preview 700px high. Anonymous; signed-in people
 * also see a banner to the embed manager.
 */
export function EmbedGeneratorPage() {
  const { t } = useTranslation("embed");
  const lang = useLanguage();
  const session = useSession();
  const origin = useOrigin();
  const defaults = generatorDefaults(lang);
  const [form, setForm] = useState<GeneratorOptions>(defaults);
  const set = (fields: Partial<GeneratorOptions>) => setForm((f) => ({ ...f, ...fields }));

  // the iframe's title is in the embed's language (the page's until that catalog is here)
  const formI18n = useI18nFor(form.language, ["embed"]);
  const width = parseCssLength(form.width);
  const height = parseCssLength(form.height);
  const display: EmbedDisplay = {
    language: form.language,
    currency: form.currency,
    primaryColor: parseHexColor(form.primaryColor) ?? defaults.primaryColor,
    accentColor: parseHexColor(form.accentColor) ?? defaults.accentColor,
  };
  const code = embedCode({
    origin,
    src: embedUrl(origin, display),
    width: width ?? defaults.width,
    height: height ?? defaults.height,
    title: (formI18n ?? i18nFor(lang)).t("embed:generator.iframeTitle"),
  });
  // the preview reloads once the typing stops, not at every key
  const previewSrc = useSettled(embedUrl("", display), 400);

  return (
    <Container className="py-8 sm:py-12" data-testid="embed-generator">
      <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
        {t("generator.title")}
      </h1>
      <p className="mt-2 max-w-3xl leading-7 text-stone-600">{t("generator.intro")}</p>

      {session.status === "signed-in" ? (
        <div
          className="mt-6 flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
          data-testid="embed-manager-banner"
        >
          <p className="flex items-start gap-2 text-sm text-brand-900">
            <PanelsTopLeft className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t("generator.banner.text")}
          </p>
          <LocalizedLink
            to="/embed-manager"
            className={buttonClasses({ size: "sm", className: "self-start sm:self-auto" })}
          >
            {t("generator.banner.link")}
          </LocalizedLink>
        </div>
      ) : null}

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <div className="space-y-8">
          <Card>
            <h2 className="text-lg font-semibold tracking-tight text-stone-900">
              {t("generator.form.title")}
            </h2>
            <div className="mt-5 grid gap-5 sm:grid-cols-2">
              <LanguageSelect value={form.language} onChange={(language) => set({ language })} />
              <CurrencySelect value={form.currency} onChange={(currency) => set({ currency })} />
              <ColourField
                label={t("generator.form.primaryColor")}
                text={form.primaryColor}
                fallback={defaults.primaryColor}
                onChange={(primaryColor) => set({ primaryColor })}
                testId="embed-primary-color"
              />
              <ColourField
                label={t("generator.form.accentColor")}
                text={form.accentColor}
                fallback={defaults.accentColor}
                onChange={(accentColor) => set({ accentColor })}
                testId="embed-accent-color"
              />
              <LengthField
                label={t("generator.form.width")}
                text={form.width}
                onChange={(value) => set({ width: value })}
                hint={t("generator.form.widthHint")}
                error={width ? null : t("generator.form.invalidSize")}
                testId="embed-width"
              />
              <LengthField
                label={t("generator.form.height")}
                text={form.height}
                onChange={(value) => set({ height: value })}
                hint={t("generator.form.heightHint")}
                error={height ? null : t("generator.form.invalidSize")}
                advice={
                  height && isBelowRecommendedHeight(height)
                    ? t("generator.form.heightAdvice")
                    : null
                }
                testId="embed-height"
              />
            </div>
            <h3 className="mt-6 text-base font-semibold text-stone-900">
              {t("generator.form.ctaTitle")}
            </h3>
            <p className="mt-1 text-sm text-stone-600" data-testid="embed-cta-managed">
              {t("generator.form.ctaIntro")}{" "}
              <LocalizedLink to="/embed-manager" className="font-medium text-brand-700 underline">
                {t("generator.banner.link")}
              </LocalizedLink>
            </p>
            <Button variant="ghost" size="sm" className="mt-5" onClick={() => setForm(defaults)}>
              <RotateCcw aria-hidden="true" />
              {t("generator.form.reset")}
            </Button>
          </Card>

          <Card>
            <h2 className="mb-4 text-lg font-semibold tracking-tight text-stone-900">
              {t("generator.code.title")}
            </h2>
            <CopyCode
              code={code}
              label={t("generator.code.label")}
              hint={t("generator.code.hint")}
            />
          </Card>
        </div>

        <section aria-labelledby="embed-preview-title">
          <h2
            id="embed-preview-title"
            className="text-lg font-semibold tracking-tight text-stone-900"
          >
            {t("generator.preview.title")}
          </h2>
          <p className="mt-1 text-sm text-stone-600">{t("generator.preview.note")}</p>
          <div className="mt-4 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
            <iframe
              // a new frame per address: changing the src of one would add history entries
              key={previewSrc}
              src={previewSrc}
              title={t("generator.preview.frameTitle")}
              style={{ width: "100%", height: previewHeight, border: 0 }}
              data-testid="embed-preview"
            />
          </div>
        </section>
      </div>
    </Container>
  );
}
