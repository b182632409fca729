/**
 * How the store client reads a store (README "Pointing at your EntryStore"). EntryStore ships with CORS off
 * (`entrystore.cors=off`) and JSONP on (`entrystore.jsonp`), and entrystore.js read cross-origin stores with JSONP, so:
 *   `cors`  — `fetch` only (the store must answer CORS for the page's origin);
 *   `jsonp` — every read through a `<script>` with `callback=` (src/jsonp/jsonp.ts, a lazy chunk);
 *   `auto`  — `fetch`, and when a cross-origin read fails as a network error (what a CORS refusal looks like to a
 *             page) the same read once more through JSONP; once JSONP answered, the client keeps using it.
 * Page configuration: `transport` (`data-transport="jsonp|cors|auto"` on the data-portal-config element, default
 * `auto`), or the EntryScape Blocks key `jsonp` (`true` → `jsonp`, `false` → `cors`) when `transport` is not given.
 */
import type { GlobalConfig } from '../config/params.ts';

export type Transport = 'cors' | 'jsonp' | 'auto';

const TRANSPORTS: readonly Transport[] = ['cors', 'jsonp', 'auto'];

/** The transport a page configuration asks for (an unknown value counts as not given). */
export function transportOf(page: Pick<GlobalConfig, 'transport' | 'jsonp'>): Transport {
  const given = typeof page.transport === 'string' ? page.transport.trim().toLowerCase() : '';
  if ((TRANSPORTS as readonly string[]).includes(given)) return given as Transport;
  if (page.jsonp === true || page.jsonp === 'true' || page.jsonp === '') return 'jsonp';
  if (page.jsonp === false || page.jsonp === 'false') return 'cors';
  return 'auto';
}

/** True when `url` is on another origin than the page (in a browser); JSONP is only ever tried for those. */
export function isCrossOrigin(url: string): boolean {
  const page = (globalThis as { location?: { origin?: string }; document?: unknown }).location?.origin;
  if (!page || !(globalThis as { document?: unknown }).document) return false;
  try {
    return new URL(url).origin !== page;
  } catch {
    return false;
  }
}
