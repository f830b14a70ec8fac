// The rendered text of calendar feeds, in this process's memory (decision 044). A feed's text
// depends only on what its version key names (calendar-feed-version.ts), so it is rendered once
// per change of that key: concurrent fetches of one version wait for the same render, and a
// newer version replaces the feed's entry. Bounded by bytes; the least recently used feeds go
// first. Each instance keeps its own: they render the same bytes for the same key.

/** A rendered feed, and its compressed forms as the HTTP layer makes them (once each). */
export interface FeedBody {
  text: string;
  variants: Map<string, Promise<Uint8Array<ArrayBuffer>>>;
}

interface Entry {
  etag: string;
  body: Promise<FeedBody>;
  bytes: number;
}

export class FeedTextCache {
  private readonly entries = new Map<string, Entry>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  /** The feed's text for `etag`: the cached one, the render under way, or a new render. */
  get(feedId: string, etag: string, render: () => Promise<string>): Promise<FeedBody> {
    const known = this.entries.get(feedId);
    if (known?.etag === etag) {
      // most recently used last
      this.entries.delete(feedId);
      this.entries.set(feedId, known);
      return known.body;
    }
    if (known) this.drop(feedId);
    const body = render().then((text) => ({ text, variants: new Map() }));
    const entry: Entry = { etag, body, bytes: 0 };
    this.entries.set(feedId, entry);
    body.then(
      ({ text }) => {
        if (this.entries.get(feedId) !== entry) return;
        // the compressed forms add about a tenth
        entry.bytes = Math.ceil(Buffer.byteLength(text, "utf8") * 1.1);
        this.total += entry.bytes;
        this.evict();
      },
      // a failed render is not kept: the next fetch tries again
      () => {
        if (this.entries.get(feedId) === entry) this.drop(feedId);
      },
    );
    return body;
  }

  /** Forgets a feed (revoked). */
  drop(feedId: string): void {
    const entry = this.entries.get(feedId);
    if (!entry) return;
    this.total -= entry.bytes;
    this.entries.delete(feedId);
  }

  private evict(): void {
    for (const [feedId] of this.entries) {
      if (this.total <= this.maxBytes || this.entries.size <= 1) return;
      this.drop(feedId);
    }
  }
}

/** 64 MB: some thirty of the largest feeds, hundreds of usual ones. */
export const feedTextCache = new FeedTextCache(64 * 1024 * 1024);
