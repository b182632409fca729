/** Steps on a search page (playwright), shared by the search e2e tests. Selectors follow behaviour doc §4.4, §4.7. */
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { Page } from 'playwright-core';
import * as $rdf from 'rdflib';

const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
const DCAT_DATASET = 'http://www.w3.org/ns/dcat#Dataset';

/** The dcat:Dataset resources of a catalog file, counted independently of the store (rdflib). */
export function datasetsInFile(file: string): string[] {
  const type = { '.ttl': 'text/turtle', '.rdf': 'application/rdf+xml', '.xml': 'application/rdf+xml', '.jsonld': 'application/ld+json' }[extname(file)];
  if (!type) throw new Error(`unknown RDF format: ${file}`);
  const graph = $rdf.graph();
  $rdf.parse(readFileSync(file, 'utf8'), graph, 'https://catalog.invalid/', type);
  return graph.each(undefined, $rdf.sym(RDF_TYPE), $rdf.sym(DCAT_DATASET)).map((n) => n.value);
}

/** Waits until every search list on the page shows settled results (not busy) and every block is defined. */
export async function settleSearch(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const lists = [...document.querySelectorAll('.esbSearchList')];
    // every block defined, and every list block (also one a layout placed) drawn: on a busy machine the first list
    // could settle while a second scope's layout was still loading its list, whose search then counted as a click's
    const hosts = [...document.querySelectorAll('dataset-list, esb-datasetlist, catalog-search-list')];
    return lists.length > 0 && lists.every((l) => l.getAttribute('aria-busy') === 'false')
      && !document.querySelector(':not(:defined)')
      && hosts.every((h) => h.querySelector('.esbSearchList'))
      && !document.querySelector('.esbFacets[aria-busy="true"]');
  }, undefined, { timeout: 20000 });
}

export interface ListView {
  readonly uris: string[];
  readonly total: number;
  /** Text of the result count (datasetResults). */
  readonly resultsText: string;
}

/** The rows of the first list and the total of its scope. */
export async function listView(page: Page): Promise<ListView> {
  return page.evaluate(() => {
    const list = document.querySelector('.esbSearchList')!.closest('dataset-list, esb-datasetlist, catalog-search-list') as
      HTMLElement & { searchScope?: { results?: { total: number } } };
    return {
      uris: [...list.querySelectorAll<HTMLElement>('li.entryListRow')].map((li) => li.dataset.uri ?? ''),
      total: list.searchScope?.results?.total ?? -1,
      resultsText: document.querySelector('.esbResults')?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    };
  });
}

export interface FacetValue {
  readonly label: string;
  readonly count: number;
  readonly selected: boolean;
}

/** Opens every "Show more" of a facet group and returns its values. */
export async function facetValues(page: Page, name: string): Promise<FacetValue[]> {
  const group = page.locator(`.esbFacets__collection.collection_${name}`);
  if (await group.count() === 0) return [];
  const more = group.locator('.esbFacets__limitButton');
  if (await more.count() > 0 && (await more.first().getAttribute('aria-expanded')) !== 'true') {
    await more.first().click();
  }
  return group.locator('li.esbFacets__option').evaluateAll((lis) => lis.map((li) => ({
    label: li.querySelector('.facetLabel')?.textContent?.trim() ?? '',
    count: Number((li.querySelector('.esbFacets__occurence')?.textContent ?? '').replace(/\D/g, '')),
    selected: li.classList.contains('esbFacets--selected'),
  })));
}

/** Clicks value `index` of facet group `name`. */
export async function clickFacet(page: Page, name: string, index: number): Promise<void> {
  await page.locator(`.esbFacets__collection.collection_${name} li.esbFacets__option a.esbFacets__optionLink`).nth(index).click();
}

/** Names of the facet groups shown. */
export async function facetGroups(page: Page): Promise<string[]> {
  await page.locator('.esbFacets__collection').first().waitFor({ timeout: 5000 }).catch(() => undefined);
  return page.locator('.esbFacets__collection').evaluateAll((els) =>
    els.map((e) => [...e.classList].find((c) => c.startsWith('collection_'))!.slice('collection_'.length)));
}

/**
 * Waits for `count` more store requests than `before` (count-only searches not counted: `rowRequests`) to have been
 * made, then for the page to settle.
 */
export async function afterRequests(page: Page, requests: string[], before: number, count: number): Promise<void> {
  const deadline = Date.now() + 20000;
  while (rowRequests(requests.slice(before)).length < count && Date.now() < deadline) await page.waitForTimeout(10);
  await settleSearch(page);
}

/**
 * A count-only search: limit 1, no facet fields. A facet value counted in several fields (a format bucket, a licence)
 * whose count the answer's facet counts cannot tell costs one each (issue 28 point 1, src/search/view.ts), beside the
 * one request of an interaction; tests of that rule count the others (`rowRequests`) and bound these apart.
 */
export function isCountOnly(url: string): boolean {
  return url.includes('/search?') && /[?&]limit=1(&|$)/.test(url) && !/[?&]facetFields=/.test(url) && decodeURIComponent(url).includes('rdfType');
}

/**
 * A licence document's lookup: one entry that uses a licence no bundled vocabulary names, for what it says it is
 * (issue 28 point 4, src/search/scope.ts): limit 1, no rdfType, no facets; once per licence, after the rows show.
 */
export function isLicenceLookup(url: string): boolean {
  const q = decodeURIComponent(url);
  return url.includes('/search?') && /[?&]limit=1(&|$)/.test(url) && !/[?&]facetFields=/.test(url) && !q.includes('rdfType') && /metadata\.predicate\.uri\.3494e2ce:/.test(q);
}

/** The store requests that are not count-only searches nor licence lookups. */
export const rowRequests = (urls: readonly string[]): string[] => urls.filter((u) => !isCountOnly(u) && !isLicenceLookup(u));

/** Most count-only searches one answer may cost (src/search/scope.ts EXACT_COUNTS). */
export const MAX_COUNT_ONLY = 24;
