// Structured data for search engines (schema.org JSON-LD, issue 12): a `<script
// type="application/ld+json">` in the page, prerendered with it. The browser never runs such a
// data block, so the page's CSP needs no hash for it (static-web.ts leaves it out).

/** JSON safe inside <script>: no "</script>", "<!--" or line separators can end or break it. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function StructuredData({ data }: { data: Record<string, unknown> }) {
  return (
    <script
      type="application/ld+json"
      // data only (never executed); jsonForScript keeps it inside its element
      dangerouslySetInnerHTML={{
        __html: jsonForScript({ "@context": "https://schema.org", ...data }),
      }}
    />
  );
}
