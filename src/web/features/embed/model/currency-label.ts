import type { EmbedCurrency, EmbedLanguage } from "#domain/embed/index.ts";

/** "EUR — euro", "MAD — dirham marocain": as the calculator's own currency field says it. */
export function currencyLabel(code: EmbedCurrency, lang: EmbedLanguage): string {
  try {
    const name = new Intl.DisplayNames([lang], { type: "currency" }).of(code);
    return name && name !== code ? `${code} — ${name}` : code;
  } catch {
    return code;
  }
}
