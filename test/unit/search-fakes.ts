/**
 * In-memory CatalogStore and window for the search scope tests (not a test file itself). The store evaluates the
 * subset of queries the search builds (rdfType, theme and publisher ORs, title tokens) over a few datasets, counts
 * facets over the hits, and records every call.
 */
import { Graph, blankNode, literal, namedNode, type Term } from '../../src/rdf/graph.ts';
import { AbortError } from '../../src/store/errors.ts';
import { predicateHash } from '../../src/store/hash.ts';
import type { CatalogStore, FacetField, RequestOptions, SearchRequest, SearchResult, StoreEntry } from '../../src/store/types.ts';
import type { ScopeWindow, SearchScope, UpdateOptions } from '../../src/search/scope.ts';
import { normaliseTerms } from '../../src/search/query.ts';
import type { CollectionName } from '../../src/search/types.ts';

export const BASE = 'https://store.example/store/';
export const THEME = 'http://publications.europa.eu/resource/authority/data-theme/';
const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';
const FOAF = 'http://xmlns.com/foaf/0.1/';
const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
export const ORG = (n: number) => `https://org.example/${n}`;

export const THEME_FIELD = `metadata.predicate.uri.${predicateHash(`${DCAT}theme`)}`;
export const ORG_FIELD = `metadata.predicate.uri.${predicateHash(`${DCT}publisher`)}`;

interface Spec {
  id: string;
  title: string;
  themes: string[];
  publisher?: string;
  blankPublisher?: string;
  format?: string;
  type?: string;
}

export const SPECS: Spec[] = [
  { id: '1', title: 'Busslinjer', themes: ['TRAN'], publisher: ORG(1), format: 'text/csv' },
  { id: '2', title: 'Trafikbuller', themes: ['TRAN', 'ENVI'], publisher: ORG(1) },
  { id: '3', title: 'Luftkvalitet', themes: ['ENVI'], publisher: ORG(2) },
  { id: '4', title: 'Skolor', themes: ['EDUC'], publisher: ORG(2) },
  { id: '5', title: 'Tåglinjer', themes: ['TRAN'], blankPublisher: 'Blank AB' },
  { id: '6', title: 'Vatten', themes: ['ENVI'], publisher: ORG(1) },
  { id: '7', title: 'Bussar API', themes: ['TRAN'], publisher: ORG(3), type: `${DCAT}DataService` },
];

function entryOf(spec: Spec): StoreEntry {
  const res = `${BASE}1/resource/${spec.id}`;
  const g = new Graph();
  const s = namedNode(res);
  g.add(s, RDF_TYPE, namedNode(spec.type ?? `${DCAT}Dataset`));
  g.add(s, `${DCT}title`, literal(spec.title, { language: 'sv' }));
  g.add(s, `${DCT}description`, literal(`Om ${spec.title}.\n\nMer text.`, { language: 'sv' }));
  for (const t of spec.themes) g.add(s, `${DCAT}theme`, namedNode(THEME + t));
  if (spec.publisher) g.add(s, `${DCT}publisher`, namedNode(spec.publisher));
  if (spec.blankPublisher) {
    const b = blankNode('p');
    g.add(s, `${DCT}publisher`, b);
    g.add(b, `${FOAF}name`, literal(spec.blankPublisher));
  }
  if (spec.format) {
    const d = blankNode('d');
    g.add(s, `${DCAT}distribution`, d);
    g.add(d, `${DCT}format`, literal(spec.format));
    g.add(d, `${DCAT}mediaType`, namedNode(`http://www.iana.org/assignments/media-types/${spec.format}`));
  }
  return entry(spec.id, res, g);
}

function entry(id: string, res: string, g: Graph): StoreEntry {
  return { contextId: '1', entryId: id, entryUri: `${BASE}1/entry/${id}`, resourceUri: res, metadata: g, info: new Graph(), relations: new Graph() };
}

function agentOf(n: number, name: string): StoreEntry {
  const g = new Graph();
  g.add(namedNode(ORG(n)), `${FOAF}name`, literal(name, { language: 'sv' }));
  return entry(`a${n}`, ORG(n), g);
}

export const AGENTS = new Map([[ORG(1), agentOf(1, 'Trafikverket')], [ORG(2), agentOf(2, 'Naturvårdsverket')]]);

const unescape = (v: string) => v.replace(/\\(.)/g, '$1');
function values(query: string, field: string): string[] {
  const re = new RegExp(`${field.replace(/\./g, '\\.')}:((?:\\\\.|[^\\s()\\\\])+)`, 'g');
  return [...query.matchAll(re)].map((m) => unescape(m[1]!));
}

function objects(e: StoreEntry, p: string): Term[] {
  return e.metadata.objects(e.resourceUri, p);
}

export interface Call {
  readonly request: SearchRequest;
  readonly signal?: AbortSignal;
}

export class FakeStore implements CatalogStore {
  readonly baseUrl = BASE;
  readonly entries = SPECS.map(entryOf);
  searches: Call[] = [];
  lookups: string[][] = [];
  /** When set, searches wait for `release()`. */
  hold = false;
  fail: Error | undefined;
  #waiting: Array<() => void> = [];

  release(): void {
    const w = this.#waiting;
    this.#waiting = [];
    for (const f of w) f();
  }

  get pending(): number {
    return this.#waiting.length;
  }

  getEntry(): Promise<StoreEntry> {
    throw new Error('not used');
  }
  getEntryByResourceUri(): Promise<StoreEntry> {
    throw new Error('not used');
  }
  lookupByLiteral(): Promise<StoreEntry> {
    throw new Error('not used');
  }
  lookupByUri(): Promise<StoreEntry> {
    throw new Error('not used');
  }

  async getEntriesByResourceUris(uris: readonly string[]): Promise<Map<string, StoreEntry>> {
    this.lookups.push([...uris]);
    const out = new Map<string, StoreEntry>();
    for (const u of uris) if (AGENTS.has(u)) out.set(u, AGENTS.get(u)!);
    return out;
  }

  async search(request: SearchRequest, options: RequestOptions = {}): Promise<SearchResult> {
    this.searches.push({ request, ...(options.signal ? { signal: options.signal } : {}) });
    if (this.hold) {
      await new Promise<void>((resolve, reject) => {
        this.#waiting.push(resolve);
        options.signal?.addEventListener('abort', () => reject(new AbortError('cancelled')));
      });
    }
    if (this.fail) throw this.fail;
    return this.answer(request);
  }

  answer(request: SearchRequest): SearchResult {
    const q = request.query;
    // the types searched and a type facet selection are separate AND-ed groups
    const typeGroups = q.split(' AND ').filter((c) => c.includes('rdfType:')).map((c) => values(c, 'rdfType'));
    const themes = values(q, THEME_FIELD);
    const orgs = values(q, ORG_FIELD);
    const tokens = values(q, 'title').map((t) => t.replace(/\*$/, ''));
    const hits = this.entries.filter((e) => {
      const has = (p: string, list: string[]) => list.length === 0 || objects(e, p).some((o) => list.includes(o.value));
      const title = objects(e, `${DCT}title`)[0]!.value.toLowerCase();
      return typeGroups.every((types) => has(RDF_TYPE, types)) && has(`${DCAT}theme`, themes) && has(`${DCT}publisher`, orgs) && tokens.every((t) => title.includes(t));
    });
    const facets: FacetField[] = (request.facetFields ?? []).map((name) => {
      const p = name === THEME_FIELD ? `${DCAT}theme` : name === ORG_FIELD ? `${DCT}publisher` : name === 'rdfType' ? RDF_TYPE : '';
      const counts = new Map<string, number>();
      for (const e of hits) for (const o of p ? objects(e, p) : []) if (o.termType === 'NamedNode') counts.set(o.value, (counts.get(o.value) ?? 0) + 1);
      return { name, values: [...counts].map(([n, count]) => ({ name: n, count })).sort((a, b) => b.count - a.count) };
    });
    const offset = request.offset ?? 0;
    const page = hits.slice(offset, offset + (request.limit ?? 50));
    // EntryStore: an empty page with hits reports 0 (entrystore-api.md §2.8)
    return { total: page.length ? hits.length : 0, offset, limit: request.limit ?? 50, entries: page, facets };
  }
}

export class FakeWindow implements ScopeWindow {
  #entries: string[];
  #index = 0;
  readonly #listeners = new Map<string, Set<() => void>>();
  pushes = 0;
  replaces = 0;
  readonly history = {
    pushState: (_d: unknown, _u: string, url?: string | URL | null) => {
      this.#entries = this.#entries.slice(0, this.#index + 1);
      this.#entries.push(String(url));
      this.#index++;
      this.pushes++;
    },
    replaceState: (_d: unknown, _u: string, url?: string | URL | null) => {
      this.#entries[this.#index] = String(url);
      this.replaces++;
    },
  };

  constructor(href = 'https://portal.example/sok') {
    this.#entries = [href];
  }

  get location(): { href: string } {
    return { href: this.#entries[this.#index]! };
  }

  addEventListener(type: string, listener: () => void): void {
    if (!this.#listeners.has(type)) this.#listeners.set(type, new Set());
    this.#listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: () => void): void {
    this.#listeners.get(type)?.delete(listener);
  }

  /** The user edits the fragment (or follows a same-page link without script): a new entry, then hashchange. */
  followLink(href: string): void {
    this.#entries = this.#entries.slice(0, this.#index + 1);
    this.#entries.push(new URL(href, this.location.href).href);
    this.#index++;
    for (const l of this.#listeners.get('hashchange') ?? []) l();
  }

  back(): void {
    this.#index--;
    for (const l of this.#listeners.get('popstate') ?? []) l();
  }

  forward(): void {
    this.#index++;
    for (const l of this.#listeners.get('popstate') ?? []) l();
  }
}

// State changes as the blocks make them (through `scope.update`), for the scope tests.

/** Adds or removes one facet value (OR within the group). */
export function toggle(scope: SearchScope, name: CollectionName, value: string): void {
  scope.update((s) => {
    const list = s.filters[name] ?? [];
    const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
    return { ...s, filters: { ...s.filters, [name]: next } };
  });
}

export function setTerms(scope: SearchScope, terms: readonly string[], options: UpdateOptions = {}): void {
  scope.update((s) => ({ ...s, terms: normaliseTerms(terms) }), options);
}

export function setPage(scope: SearchScope, page: number): void {
  scope.update((s) => ({ ...s, page }));
}

export function setSort(scope: SearchScope, sort: string | undefined): void {
  scope.update((s) => {
    const { sort: _old, ...rest } = s;
    return sort ? { ...rest, sort } : rest;
  });
}
