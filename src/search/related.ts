/**
 * Formats and licences are written on distributions, which EntryStore keeps as entries of their own: a dataset's
 * document carries them only when the store indexes related entries (`entrystore.solr.related=on` with
 * `entrystore.solr.related.properties=http://www.w3.org/ns/dcat#distribution`; default off, SolrSearchIndex.java
 * l. 281 @ c483f900, and only between entries with the same read ACL). On a store without it the Format and Licence
 * groups would be empty and a format or licence filter (from a link, a URL or baseFilter) could only yield 0, so the
 * search notices it from an answer and leaves both groups out — with one console note naming the setting.
 */
import { warnOnce } from '../config/warn.ts';
import { NS } from '../rdf/namespaces.ts';
import type { CatalogStore, SearchResult } from '../store/types.ts';
import { FACETS } from './facets.ts';
import type { CollectionName, SearchSettings, SearchState } from './types.ts';

/** The groups whose values come from distributions. */
export const RELATED_GROUPS: readonly CollectionName[] = ['format', 'license'];
const RELATED_FIELDS = new Set([FACETS.format, FACETS.license].flatMap((d) => d.fields));

/**
 * What an answer says about the store's related indexing: true when a `related.*` count has values; false when it asked
 * for them, every `related.*` count came back empty, a returned dataset has distributions and either every format and
 * licence count is empty or the answer is of the `whole` catalog (no terms, no filters: there the datasets' own
 * dcterms:license or format do not tell, a selection may hold only distributions without either); else undefined.
 */
export function relatedIndexing(answer: SearchResult, whole = false): boolean | undefined {
  const asked = answer.facets.filter((f) => RELATED_FIELDS.has(f.name));
  if (!asked.some((f) => f.name.startsWith('related.'))) return undefined;
  if (asked.some((f) => f.name.startsWith('related.') && f.values.length > 0)) return true;
  if (!whole && asked.some((f) => f.values.length > 0)) return undefined;
  const distribution = `${NS.dcat}distribution`;
  return answer.entries.some((e) => e.metadata.has(e.resourceUri, distribution)) ? false : undefined;
}

/** Stores found without related indexing (per page: every search over that store skips the groups at once). */
const withoutRelated = new WeakSet<CatalogStore>();

/** Records what `answer` says about `store`; notes it once per page when related indexing is off. */
export function noteRelatedIndexing(store: CatalogStore, answer: SearchResult, whole?: boolean): void {
  if (withoutRelated.has(store) || relatedIndexing(answer, whole) !== false) return;
  withoutRelated.add(store);
  warnOnce(`[catalog-blocks] the store ${store.baseUrl} does not index distributions with their datasets, so the Format and `
    + 'Licence filters are left out. To offer them, set entrystore.solr.related=on and entrystore.solr.related.properties='
    + `${NS.dcat}distribution in the store's configuration (and reindex).`);
}

/** State and settings as sent to `store`: without the format and licence groups and filters when it lacks them. */
export function askable(store: CatalogStore, state: SearchState, settings: SearchSettings): { state: SearchState; settings: SearchSettings } {
  if (!withoutRelated.has(store)) return { state, settings };
  const drop = <T>(groups: Readonly<Partial<Record<CollectionName, T>>> | undefined) =>
    groups && Object.fromEntries(Object.entries(groups).filter(([name]) => !RELATED_GROUPS.includes(name as CollectionName)));
  const baseFilter = drop(settings.baseFilter);
  return {
    // the same state when no filter goes: the shown results are "of" the scope's state (the facet column refocuses then)
    state: RELATED_GROUPS.some((n) => state.filters[n]) ? { ...state, filters: drop(state.filters)! } : state,
    settings: { ...settings, facets: settings.facets.filter((n) => !RELATED_GROUPS.includes(n)), ...(baseFilter ? { baseFilter } : {}) },
  };
}
