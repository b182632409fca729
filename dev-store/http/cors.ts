/**
 * The origins allowed cross-origin access with credentials, as EntryStore's `entrystore.cors.origins` (entrystore-api.md
 * §5.3; source `rest/util/CORSUtil.java`): each pattern is `*` (any origin), an exact origin, `*suffix` or `prefix*`,
 * compared case-insensitively. One list per store, given at start (`--cors-origin`, repeatable; `corsOrigins`), kept in
 * the app settings (app.ts) so that every route that answers CORS asks the same list.
 */
export class CorsOrigins {
  readonly patterns: readonly string[];

  constructor(patterns: readonly string[]) {
    for (const p of patterns) {
      if (!p || /[\s,]/.test(p)) throw new Error(`CORS origin ${JSON.stringify(p)}: give one origin (or pattern) per --cors-origin, without spaces or commas`);
    }
    this.patterns = patterns.map((p) => p.toLowerCase());
  }

  /** Whether the request's `Origin` is on the list (a missing origin never is). */
  allows(origin: string | undefined): boolean {
    if (!origin) return false;
    const o = origin.toLowerCase();
    return this.patterns.some((p) => {
      if (p === '*') return true;
      if (p.startsWith('*')) return o.endsWith(p.slice(1));
      if (p.endsWith('*')) return o.startsWith(p.slice(0, -1));
      return o === p;
    });
  }
}
