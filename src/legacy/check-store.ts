/**
 * `await __entryscape_blocks.checkStore()` in the browser console (README "Pointing at your EntryStore"): what works
 * between this page and its store — CORS, JSONP, the `related` indexing the Format and Licence filters need — read
 * with one small search each way. Loaded only when called (the legacy chunk's handle).
 */
import { readPageConfig } from '../config/page-config.ts';
import { getJsonp } from '../jsonp/jsonp.ts';
import { NS } from '../rdf/namespaces.ts';
import { FACETS } from '../search/facets.ts';
import { relatedIndexing } from '../search/related.ts';
import { entryStoreContract } from '../store/contract.ts';
import { searchResultFromJson } from '../store/entry-json.ts';
import { EntryStoreClient } from '../store/entrystore.ts';
import { getJson } from '../store/http.ts';
import { DEFAULT_STORE_URL } from '../store/registry.ts';
import { rdfTypeClause } from '../store/query.ts';

export interface StoreCheck {
  readonly store: string;
  /** `fetch` with CORS reads the store from this page. */
  readonly cors: boolean;
  /** JSONP (`callback=`) reads the store from this page (CSP `script-src` and Trusted Types permitting). */
  readonly jsonp: boolean;
  /** The Format and Licence filters can work: true / false / undefined (the catalog did not tell: no distributions). */
  readonly relatedFacets: boolean | undefined;
  /** The store version is shown to administrators only; the blocks' contract was read from this EntryStore commit. */
  readonly version: string;
  readonly notes: readonly string[];
}

const TIMEOUT_MS = 10_000;
const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export async function checkStore(doc: Document, storeUrl?: string): Promise<StoreCheck> {
  const page = readPageConfig(doc);
  const base = new URL(storeUrl || (typeof page.storeUrl === 'string' && page.storeUrl) || DEFAULT_STORE_URL, doc.baseURI).href.replace(/\/?$/, '/');
  const client = new EntryStoreClient(base, { transport: 'cors' });
  const probe = client.searchUrl({
    query: rdfTypeClause([`${NS.dcat}Dataset`]),
    limit: 10,
    facetFields: [...FACETS.format.fields, ...FACETS.license.fields],
  });
  const notes: string[] = [];
  let answer: unknown;
  const cors = await getJson(probe, { fetch: (i, init) => fetch(i, init), timeoutMs: TIMEOUT_MS }).then(
    (json) => ((answer = json), true),
    (e: unknown) => (notes.push(`CORS: ${message(e)} — the store's administrator can allow this page's origin (entrystore.cors=on, entrystore.cors.origins=${location.origin}); else the blocks read with JSONP`), false),
  );
  const jsonp = await getJsonp(probe, { storeBaseUrl: base, timeoutMs: TIMEOUT_MS }).then(
    (json) => ((answer ??= json), true),
    (e: unknown) => (notes.push(`JSONP: ${message(e)}`), false),
  );
  let relatedFacets: boolean | undefined;
  if (answer !== undefined) {
    relatedFacets = relatedIndexing(searchResultFromJson(answer, base));
    if (relatedFacets === false) notes.push(`Format and Licence filters are left out: set entrystore.solr.related=on and entrystore.solr.related.properties=${NS.dcat}distribution`);
  } else notes.push('The store could not be read at all: check the store URL and that the store is reachable from this page');
  const version = `not shown to guests (an administrator sees it at ${base}management/status?extended); the blocks follow EntryStore ${entryStoreContract}`;
  const result: StoreCheck = { store: base, cors, jsonp, relatedFacets, version, notes };
  console.info('[catalog-blocks] store check', result);
  return result;
}
