// Words a guesser of a Hawl password tries first: the product's own vocabulary, and the parts
// of the person's name and e-mail address. zxcvbn counts them as known (its "user inputs"), so
// `Hawl2024!` or `zakat2026` scores as low as `password1` (issue 28, decision 047). The server
// and the web's strength meter pass the same list.

/** The product's words, lower case: its name and the zakat vocabulary it is built around. */
export const productWords: readonly string[] = [
  "hawl",
  "zakat",
  "zakah",
  "zakaat",
  "nisab",
  "nissab",
  "nisaab",
  "sadaqah",
  "sadaqa",
  "sadaka",
  "fitr",
  "fitrah",
  "ramadan",
  "ramadhan",
  "hijri",
  "haul",
  "muslim",
  "islam",
  "allah",
  "bismillah",
  "inshallah",
  "mashallah",
  "alhamdulillah",
];

/**
 * zxcvbn's user inputs for a password: the product's words and, for each related text (an
 * e-mail address, a name), the text itself and its words (`amina.khan@mail.example` gives
 * `amina.khan`, `aminakhan`,
 * `amina`, `khan`, `mail`, `example`; `Amina Khan` gives `amina khan`, `aminakhan`, …).
 */
export function guessableWords(related: readonly unknown[] = []): string[] {
  const words = new Set(productWords);
  for (const text of related) {
    if (typeof text !== "string") continue;
    const lower = text.trim().toLowerCase();
    if (!lower) continue;
    const [local = "", domain = ""] = lower.split("@", 2);
    const parts = `${local} ${domain}`.split(/[^\p{L}\p{N}]+/u);
    // whole, joined ("aminakhan") and word by word
    words.add(local);
    words.add(local.replace(/[^\p{L}\p{N}]+/gu, ""));
    for (const part of parts) if (part.length >= 3) words.add(part);
  }
  words.delete("");
  return [...words];
}
