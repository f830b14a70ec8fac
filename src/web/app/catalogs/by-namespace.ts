export type Catalog = Record<string, Record<string, unknown>>;

/** `{"…/locales/en/common.json": {…}}` → `{common: {…}}`: every file found is a namespace. */
export function byNamespace(files: Record<string, Record<string, unknown>>): Catalog {
  const catalog: Catalog = {};
  for (const [file, texts] of Object.entries(files)) {
    const match = /\/([\w-]+)\.json$/.exec(file);
    if (match) catalog[match[1]!] = texts;
  }
  return catalog;
}
