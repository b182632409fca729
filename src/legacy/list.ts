/**
 * What the incumbent's core `list` block lists (issue 26): the entries the current entry points to through `relation`
 * (the objects of that property, resolved to their entries by ONE batched lookup through the store client and its
 * cache), the entries pointing at it through `relationinverse`, or — without either — the entries of `rdftype` in the
 * `context` (one search per page). `rdftype` narrows a relation too. `dependencyproperties`: the entries the listed
 * entries point to through those properties are looked up in one more batched request, so that row templates show
 * their labels (a publisher's name, not its URI). No DOM here: `<catalog-list>` renders it.
 */
import { loadVocabulariesFor } from '../dcat/vocab.ts';
import { objectIris } from '../dcat/entry.ts';
import { TITLE_PROPERTIES } from '../dcat/read.ts';
import { pickLiteral } from '../rdf/literal.ts';
import { NS } from '../rdf/namespaces.ts';
import { and, field, rdfTypeClause, uriField } from '../store/query.ts';
import type { CatalogStore, StoreEntry } from '../store/types.ts';
import { contextsClause, sortFor } from '../search/query.ts';
import type { Lang } from '../i18n/index.ts';

export interface ListQuery {
  /** Property followed from the current entry to the listed ones (full IRI). */
  readonly relation?: string;
  /** Property followed backwards: entries whose metadata points at the current entry through it (full IRI). */
  readonly inverse?: string;
  /** Types the listed entries must have (full IRIs; none: any). */
  readonly rdfTypes: readonly string[];
  /** Context restriction of a search (not of a relation: those entries are named by the current entry). */
  readonly contexts?: string | readonly string[];
  readonly sortOrder?: string;
  readonly pageSize: number;
  /** 1-based. */
  readonly page: number;
  readonly lang: Lang;
  /** Properties whose objects are looked up as entries (full IRIs). */
  readonly dependencies: readonly string[];
}

export interface ListPage {
  /** The rows of the page asked for. */
  readonly entries: readonly StoreEntry[];
  readonly total: number;
  /** Entries of the resources the rows point to through the dependency properties, by resource URI. */
  readonly related: ReadonlyMap<string, StoreEntry>;
}

const RDF_TYPE = `${NS.rdf}type`;

const hasType = (e: StoreEntry, types: readonly string[]): boolean =>
  types.length === 0 || types.some((t) => e.metadata.has(e.resourceUri, RDF_TYPE, t));

function titleOf(e: StoreEntry, lang: Lang): string {
  for (const p of TITLE_PROPERTIES) {
    const hit = pickLiteral(e.metadata.objects(e.resourceUri, p).filter((t) => t.termType === 'Literal'), lang);
    if (hit) return hit.value;
  }
  return '';
}

/** Entries of a relation in the list's order: by title with `sortOrder: 'title'`, else newest first (the incumbent's default). */
function sorted(entries: StoreEntry[], sortOrder: string | undefined, lang: Lang): StoreEntry[] {
  const order = sortOrder?.replace(/\+/g, ' ').trim().toLowerCase() ?? '';
  if (order === 'title' || order.startsWith('title')) {
    const collator = new Intl.Collator(lang);
    const desc = order.endsWith('desc');
    return entries.sort((a, b) => collator.compare(titleOf(a, lang), titleOf(b, lang)) * (desc ? -1 : 1));
  }
  const asc = order.startsWith('modified') && order.endsWith('asc');
  // Array.prototype.sort is stable: entries modified at the same time keep the order the current entry names them in.
  return entries.sort((a, b) => (a.modified ?? '').localeCompare(b.modified ?? '') * (asc ? 1 : -1));
}

/** The objects of `relation` on the current entry's resource that can be entries (IRIs), in graph order, once each. */
export function relationTargets(entry: StoreEntry, relation: string): string[] {
  const uris = entry.metadata.objects(entry.resourceUri, relation).filter((t) => t.termType === 'NamedNode').map((t) => t.value);
  return [...new Set(uris)];
}

/** The resources the rows point to through `properties` (IRIs only), once each. */
export function dependencyTargets(entries: Iterable<StoreEntry>, properties: readonly string[]): string[] {
  const out = new Set<string>();
  for (const e of entries) {
    for (const p of properties) for (const t of e.metadata.objects(e.resourceUri, p)) if (t.termType === 'NamedNode') out.add(t.value);
  }
  return [...out];
}

/** One page of the list; `current` is the entry the page is about (needed for `relation` and `relationinverse`). */
export async function loadListPage(store: CatalogStore, current: StoreEntry | undefined, q: ListQuery, signal: AbortSignal): Promise<ListPage> {
  let entries: StoreEntry[];
  let total: number;
  if (q.relation) {
    const targets = current ? relationTargets(current, q.relation) : [];
    const found = targets.length ? await store.getEntriesByResourceUris(targets, { signal }) : new Map<string, StoreEntry>();
    const all = sorted(targets.flatMap((u) => {
      const e = found.get(u);
      return e && hasType(e, q.rdfTypes) ? [e] : [];
    }), q.sortOrder, q.lang);
    total = all.length;
    entries = all.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
  } else {
    const query = and(
      rdfTypeClause(q.rdfTypes),
      q.contexts ? contextsClause(store.baseUrl, q.contexts) : '',
      q.inverse && current ? field(uriField(q.inverse), current.resourceUri) : '',
    );
    const answer = await store.search({
      query, limit: q.pageSize, offset: (q.page - 1) * q.pageSize,
      sort: sortFor({ terms: [], filters: {}, page: q.page }, { lang: q.lang, ...(q.sortOrder ? { sortOrder: q.sortOrder } : {}) }),
    }, { signal });
    // the predicate field holds objects of any subject of the graph: only entries whose own resource points back
    entries = q.inverse && current ? answer.entries.filter((e) => e.metadata.has(e.resourceUri, q.inverse!, current.resourceUri)) : [...answer.entries];
    total = answer.total;
  }
  const deps = dependencyTargets(entries, q.dependencies);
  const [related] = await Promise.all([
    deps.length ? store.getEntriesByResourceUris(deps, { signal }) : Promise.resolve(new Map<string, StoreEntry>()),
    // labels of themes, formats, licences … that row templates show with render="label"
    loadVocabulariesFor(objectIris(entries), q.lang),
  ]);
  return { entries, total, related };
}
