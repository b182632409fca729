/**
 * The two reads the store client makes — `GET {store}search?type=solr&…` (§2) and
 * `GET {store}{ctx}/entry/{id}?includeAll` (§3.1) — answered from a catalog in memory, as the dev store answers them
 * over HTTP (same parameter parsing, same search, same entry JSON). The file store answers its client with this.
 */
import type { DevStore } from './catalog.ts';
import { entryJson } from './entry-json.ts';
import { parseParams, pathOf } from './params.ts';
import type { SearchIndex } from './search/index.ts';
import { runSearch } from './search/search.ts';

export interface StoreAnswer {
  readonly status: number;
  readonly body: unknown;
}

const ENTRY_PATH = /^(?<ctx>[^/_][^/]*)\/entry\/(?<id>[^/]+)\/?$/;

/** The answer to a GET of `url` (a URL under the store's base URL); 404 for anything else. */
export async function answerGet(store: DevStore, index: SearchIndex, url: string): Promise<StoreAnswer> {
  const path = url.startsWith(store.baseUrl) ? pathOf(url.slice(store.baseUrl.length)) : undefined;
  const params = parseParams(url);
  if (path === 'search' || path === 'search/') return runSearch(store, index, params);
  const m = path === undefined ? null : ENTRY_PATH.exec(path);
  const e = m && store.getEntry(decodeURIComponent(m.groups!.ctx!), decodeURIComponent(m.groups!.id!));
  if (!e) return { status: 404, body: { error: 'Entry not found' } };
  return { status: 200, body: await entryJson(store, e, params.has('includeAll'), params.get('rdfFormat') === 'application/ld+json') };
}
