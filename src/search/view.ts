/**
 * Store answers → what the blocks render: result rows and facet groups with labels in the page language.
 *
 * FACET COUNTS. EntryStore counts facet values over the current result set only (no Solr tag/exclude), and one
 * interaction costs one request (plus the exact counts of format and licence values below, when needed), so:
 * - A group without a selection shows the counts of the current result set: clicking a value gives exactly that
 *   many results (format buckets: see below).
 * - A group WITH a selection shows, for every value, the count it has on its own within the other groups' filters
 *   and the terms (the "multi-select" count: what OR-ing it in would match), taken from the already-seen state
 *   without this group's selection. That state is normally cached, because the user clicked the value from it.
 *   When it was never seen (a shared link), the group shows the current result set's counts instead.
 * - Selected values are always listed (even at count 0); other values only with count ≥ 1. A group with exactly one
 *   selected value shows the result total for it (exact, also for format buckets).
 * - Format buckets gather several spellings, and formats and licences are counted in several fields (the dataset's own
 *   metadata and its distributions' `related.*`, a licence's `http` and `https` spellings): the store counts each field
 *   value on its own (EntryStore passes facet fields to Solr, no facet queries), so the largest of them is only a
 *   lower bound of what selecting the value gives ("CSV (3)" gave 5 results, issue 28 point 1). It is exact when one
 *   field value holds the whole count; otherwise (`unsureValues`) the scope asks the store for the count of that
 *   selection: one search with limit 1 and no facets per such value (`limit=0` reports 0 on a real EntryStore), in
 *   parallel and cached with the answers. Until it comes the value shows no number (`counting`), never a wrong one.
 * Values are sorted by count (desc), then label in the page language's collation.
 */
import { NS } from '../rdf/namespaces.ts';
import type { Graph } from '../rdf/graph.ts';
import { msg, type Lang } from '../i18n/index.ts';
import type { FacetField, StoreEntry } from '../store/types.ts';
import type { FormatBadge } from '../dcat/model.ts';
import { formatBadge } from '../dcat/formats.ts';
import { descriptionOf, formatRaw, resourceTerm } from '../dcat/entry.ts';
import { entryKind } from '../dcat/kind.ts';
import { Reader, TITLE_PROPERTIES, uriTail, type Node } from '../dcat/read.ts';
import { htmlText } from '../dcat/text.ts';
import { remember } from '../store/bounded.ts';
import { vocabText } from '../dcat/vocab.ts';
import { customCollection, textIn } from './collections.ts';
import { bucketLabel, facetOf, facetValue, FORMAT_BUCKETS, formatBucket, TYPE_VALUES, typeUri } from './facets.ts';
import type { CollectionName, FacetGroupView, FacetValueView, ResultRow, SearchSettings, SearchState } from './types.ts';

const { dcterms, dcat } = NS;

function formatsOf(r: Reader, graph: Graph): FormatBadge[] {
  const out: FormatBadge[] = [];
  for (const t of graph.triples()) {
    if (t.predicate !== `${dcterms}format` && t.predicate !== `${dcat}mediaType`) continue;
    const raw = formatRaw(r, t.object, graph);
    if (!raw) continue;
    const badge = formatBadge(raw);
    if (!out.some((b) => b.label === badge.label)) out.push(badge);
  }
  return out;
}

/** One result row: title, description paragraphs, publisher name (from `agents` or the entry's graph), formats. */
export function buildRow(entry: StoreEntry, agents: ReadonlyMap<string, StoreEntry>, lang: Lang): ResultRow {
  const r = new Reader(entry.metadata, agents, lang);
  const n: Node = { graph: entry.metadata, term: resourceTerm(entry) };
  const kind = entryKind(entry);
  const title = r.text(n, TITLE_PROPERTIES);
  const publisher = rowPublisher(entry, agents, lang);
  return {
    entry,
    kind: kind === 'other' ? 'dataset' : kind,
    ...(title ? { title } : {}),
    description: descriptionOf(r, n),
    ...(publisher ? { publisher } : {}),
    formats: formatsOf(r, entry.metadata),
  };
}

/**
 * The publisher name of a row's entry: the only part of a row that depends on more than the entry and the language
 * (the agents known, the vocabularies loaded), so a row kept across answers (scope.ts) asks for it again.
 */
export function rowPublisher(entry: StoreEntry, agents: ReadonlyMap<string, StoreEntry>, lang: Lang): string | undefined {
  const publisherTerm = entry.metadata.objects(resourceTerm(entry), `${dcterms}publisher`)[0];
  if (!publisherTerm) return undefined;
  const name = (): string | undefined => new Reader(entry.metadata, agents, lang).agent(publisherTerm).name?.value;
  // A publisher looked up as an entry of its own is named from that entry alone: read once per agent set and language
  // (a page of rows mostly shares a few publishers), not once per row.
  if (publisherTerm.termType !== 'NamedNode' || !agents.has(publisherTerm.value)) return name();
  let names = agentNames.get(agents);
  if (!names) agentNames.set(agents, (names = new Map()));
  const key = `${lang} ${publisherTerm.value}`;
  if (!names.has(key)) names.set(key, name());
  return names.get(key);
}

/** Publisher names by agent set (the agents of one answer), language and URI (see rowPublisher). */
const agentNames = new WeakMap<ReadonlyMap<string, StoreEntry>, Map<string, string | undefined>>();

/** Publisher URIs named by rows (agents to batch-load for names). */
export function rowPublisherUris(entries: readonly StoreEntry[]): string[] {
  const out = new Set<string>();
  for (const e of entries) {
    for (const t of e.metadata.objects(resourceTerm(e), `${dcterms}publisher`)) if (t.termType === 'NamedNode') out.add(t.value);
  }
  return [...out];
}

/**
 * 'results' when a search can return data services (with datasets: "Showing all 14 datasets" would call them
 * datasets), else undefined (datasets; series are datasets). A type selection narrows what the settings search.
 */
export function countsOf(state: SearchState, settings: Pick<SearchSettings, 'types' | 'rdfTypes'>): 'results' | undefined {
  // other entry types than the dataset ones (`rdftype`, showcases, ideas): the count is of results, not of datasets
  if (settings.rdfTypes?.length) return 'results';
  const picked = state.filters.type;
  return settings.types.includes('service') && (!picked || picked.includes(typeUri('service'))) ? 'results' : undefined;
}

/**
 * Per value of one group (format: per bucket; licence: both spellings): the largest and the summed count over the
 * fields and spellings it is counted in (each a Solr facet count of one field value).
 */
function tally(name: CollectionName, facets: readonly FacetField[]): Map<string, { max: number; sum: number }> {
  const out = new Map<string, { max: number; sum: number }>();
  const fields = new Set(facetOf(name).fields);
  for (const f of facets) {
    if (!fields.has(f.name)) continue;
    for (const v of f.values) {
      if (v.count < 1 || (name === 'type' && !TYPE_VALUES.some((t) => t.uri === v.name))) continue;
      const key = name === 'format' ? formatBucket(v.name) : facetValue(name, v.name);
      // (one object per value, updated in place: a keyword group tallies a thousand values per answer, and on a
      // reader's first click this code still runs in V8's interpreter)
      const t = out.get(key);
      if (t) {
        t.max = Math.max(t.max, v.count);
        t.sum += v.count;
      } else out.set(key, { max: v.count, sum: v.count });
    }
  }
  return out;
}

/**
 * Counts of one group's values from a response's facet fields: per value the largest count among its fields and
 * spellings. Exact when one field value holds them all; else a lower bound (see unsureValues).
 */
export function groupCounts(name: CollectionName, facets: readonly FacetField[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [k, t] of tally(name, facets)) counts.set(k, t.max);
  return counts;
}

/**
 * Values whose count the store's facet counts cannot tell: counted in several fields or spellings (a bucket's, own
 * and related, http and https), the documents of one may or may not be those of another, so selecting the value gives
 * anything from the largest count to the sum (at most `total`). These get an exact count of their own (scope.ts).
 */
export function unsureValues(name: CollectionName, facets: readonly FacetField[], total: number): string[] {
  // a group of one field whose values have one spelling (keywords, themes, types) counts each value once: nothing to
  // tally (a keyword group's thousand values, at every answer)
  if (facetOf(name).fields.length < 2 && name !== 'format' && name !== 'license') return [];
  return [...tally(name, facets)].filter(([, t]) => t.max < Math.min(t.sum, total)).map(([k]) => k);
}

/** Keyword labels by value (htmlText of the value): a catalog's keywords, bounded. */
const literalLabels = new Map<string, string>();
const KEPT_LITERAL_LABELS = 20_000;

export interface LabelContext {
  readonly lang: Lang;
  readonly agents: ReadonlyMap<string, StoreEntry>;
}

export function valueLabel(name: CollectionName, value: string, ctx: LabelContext): { label: string; labelLang?: string } {
  const labels = facetOf(name).labels;
  const agent = labels === 'agent' ? ctx.agents.get(value) : undefined;
  if (agent) {
    const r = new Reader(agent.metadata, ctx.agents, ctx.lang);
    const name = r.agent({ termType: 'NamedNode', value }).name;
    if (name) return { label: name.value, ...(name.lang ? { labelLang: name.lang } : {}) };
  }
  switch (labels) {
    case 'bucket':
      return value === 'other'
        ? { label: msg(ctx.lang, 'format.other'), labelLang: ctx.lang }
        : value in FORMAT_BUCKETS
          ? { label: bucketLabel(value as keyof typeof FORMAT_BUCKETS, ctx.lang) }
          : { label: htmlText(value) };
    case 'type': {
      const kind = TYPE_VALUES.find((t) => t.uri === value)?.kind;
      return kind ? { label: msg(ctx.lang, `type.${kind}`), labelLang: ctx.lang } : { label: uriTail(value) };
    }
    case 'custom': {
      // the collection's `vocab`, else a literal as it is, a URI from the bundled vocabularies or its last part
      const c = customCollection(name);
      const own = c?.vocab[value];
      if (own !== undefined) {
        const t = textIn(own, ctx.lang);
        return { label: htmlText(t.text), ...(t.lang ? { labelLang: t.lang } : {}) };
      }
      if (c?.nodetype === 'literal') return { label: htmlText(value) };
      return iriLabel(value, ctx.lang);
    }
    case 'literal': {
      // a keyword as the store indexed it: the same characters as every literal shown (no HTML-forbidden ones);
      // a catalog's keywords come back with every answer, so each is cleaned once
      const label = literalLabels.get(value) ?? remember(literalLabels, value, htmlText(value), KEPT_LITERAL_LABELS);
      return { label };
    }
    default: {
      // a licence document of the publisher's own, described in an entry that uses it (scope.ts), in either spelling
      // (facet values are http:-keyed): its name, else the known licence it is skos:exactMatch (Reader.label, when
      // that vocabulary is loaded; else an EU Creative Commons licence by its short name: ccName)
      const used = ctx.agents.get(value);
      if (used) {
        const r = new Reader(used.metadata, ctx.agents, ctx.lang);
        for (const v of [value, value.replace(/^http:/, 'https:')]) {
          const own = r.label({ termType: 'NamedNode', value: v });
          if (own) return { label: own.value, ...(own.lang ? { labelLang: own.lang } : {}) };
          const cc = used.metadata.objects(v, EXACT_MATCH).map((t) => ccName(t.value)).find(Boolean);
          if (cc) return { label: cc };
        }
      }
      // vocabularies; an agent without a name in the store is labelled like a vocabulary value
      return iriLabel(value, ctx.lang);
    }
  }
}

const EXACT_MATCH = `${NS.skos}exactMatch`;

/**
 * The EU licence authority's Creative Commons licences as people know them (`…/licence/CC0` → "CC0 1.0",
 * `CC_BYNCSA_3_0` → "CC BY-NC-SA 3.0"; unversioned codes are 4.0, as the authority's labels say), as the licence
 * rule of src/dcat/vocab.ts names creativecommons.org URIs: a search page names a licence document that is
 * `skos:exactMatch` one without the EU licence chunk (0.6 KB gzip). Anything else: undefined.
 */
export function ccName(uri: string): string | undefined {
  const m = /^https?:\/\/publications\.europa\.eu\/resource\/authority\/licence\/CC(0|_BY(NC)?(SA|ND)?(?:_(\d)_(\d))?)$/.exec(uri);
  return m ? (m[1] === '0' ? 'CC0 1.0' : `CC BY${m[2] ? '-NC' : ''}${m[3] ? `-${m[3]}` : ''} ${m[4] ? `${m[4]}.${m[5]}` : '4.0'}`) : undefined;
}

/**
 * A facet value IRI by its bundled label, in the language it is in (a GEMET concept on a Swedish page is English),
 * else — nothing names it — its code as written (read.ts uriTail).
 */
function iriLabel(value: string, lang: Lang): { label: string; labelLang?: string } {
  const v = vocabText(value, lang);
  return v ? { label: v.value, labelLang: v.lang || lang } : { label: uriTail(value) };
}

export interface GroupInput {
  readonly name: CollectionName;
  readonly state: SearchState;
  readonly total: number;
  /** Facets of the current response. */
  readonly current: readonly FacetField[];
  /** Facets of the seen state without this group's selection, when known. */
  readonly withoutGroup?: readonly FacetField[];
  /** The result count of selecting `value` in the state the group counts in, when known (unsure values only). */
  readonly exact?: (value: string) => number | undefined;
}

/** One collator per language (creating one costs about as much as sorting a hundred values with it). */
const collators: Partial<Record<Lang, Intl.Collator>> = {};

export function buildGroup(input: GroupInput, ctx: LabelContext): FacetGroupView {
  const { name, state } = input;
  const selected = state.filters[name] ?? [];
  const from = selected.length && input.withoutGroup ? input.withoutGroup : input.current;
  const counts = groupCounts(name, from);
  // (the exact count is asked for; until it comes the value shows no number: `counting`)
  const counting = new Set<string>();
  for (const v of unsureValues(name, from, from === input.current ? input.total : Infinity)) {
    const n = input.exact?.(v);
    if (n === undefined) counting.add(v);
    else counts.set(v, n);
  }
  if (selected.length === 1) {
    counts.set(selected[0]!, input.total);
    counting.delete(selected[0]!);
  }
  for (const s of selected) if (!counts.has(s)) counts.set(s, 0);
  const compare = (collators[ctx.lang] ??= new Intl.Collator(ctx.lang)).compare;
  // A keyword group has up to a thousand values, built again after every facet click: the label object valueLabel has
  // just made gets the other fields (copying it into a new object per value cost about twice as much).
  const values = [...counts].map(([value, count]) => {
    const view: Partial<Record<keyof FacetValueView, unknown>> = valueLabel(name, value, ctx);
    view.value = value;
    view.count = count;
    view.selected = selected.includes(value);
    if (counting.has(value)) view.counting = true;
    return view as FacetValueView;
  });
  values.sort((a, b) => b.count - a.count || compare(a.label, b.label));
  return { name, values };
}
