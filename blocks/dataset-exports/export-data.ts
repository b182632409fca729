/**
 * What `<dataset-exports>` exports (behaviour doc §6.7): the WHOLE result set of a scope's current search — same
 * terms, filters and sort — fetched 100 per request (the store's maximum), plus the entries the hits link to
 * (distributions, publisher, contact point …) in batched lookups, then turned into an RDF graph or CSV rows.
 * DOM-free: the element only shows progress and hands the text to the browser.
 */
import { Graph } from '../../src/rdf/graph.ts';
import { buildDatasetModel, linkedResources } from '../../src/dcat/dataset.ts';
import { objectIris } from '../../src/dcat/entry.ts';
import type { DatasetModel, Field, Value } from '../../src/dcat/model.ts';
import { loadVocabulariesFor } from '../../src/dcat/vocab.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';
import { buildSearchRequest } from '../../src/search/query.ts';
import type { SearchSettings, SearchState } from '../../src/search/types.ts';
import type { CatalogStore, StoreEntry } from '../../src/store/types.ts';
import { toCsv } from './csv.ts';
import { loadExportMessages } from './strings.ts';

/** Entries per search request: EntryStore's maximum `limit`. */
export const EXPORT_PAGE_SIZE = 100;
/** At most this many hits are exported (a larger result says so and exports the first ones). */
export const EXPORT_CAP = 10_000;

export interface CollectedResult {
  /** Hits of the search as the store counted them. */
  readonly total: number;
  readonly entries: readonly StoreEntry[];
  /** Linked entries by resource URI (one map for all hits). */
  readonly related: ReadonlyMap<string, StoreEntry>;
}

export interface CollectOptions {
  readonly storeBaseUrl: string;
  readonly signal?: AbortSignal;
  readonly cap?: number;
  /** Called after every page: (entries collected so far, total to collect). */
  readonly progress?: (done: number, total: number) => void;
}

/** Runs the state's search page by page (page 1 of the state's order, no facet counts) and the related lookups. */
export async function collectResult(
  store: CatalogStore,
  state: SearchState,
  settings: SearchSettings,
  options: CollectOptions,
): Promise<CollectedResult> {
  const cap = options.cap ?? EXPORT_CAP;
  const exportSettings: SearchSettings = { ...settings, pageSize: EXPORT_PAGE_SIZE, facets: [] };
  const entries: StoreEntry[] = [];
  let total = Infinity;
  for (let page = 1; entries.length < Math.min(total, cap); page++) {
    const request = buildSearchRequest({ ...state, page }, exportSettings, { storeBaseUrl: options.storeBaseUrl });
    const result = await store.search(request, options.signal ? { signal: options.signal } : {});
    total = result.total;
    entries.push(...result.entries.slice(0, cap - entries.length));
    options.progress?.(entries.length, Math.min(total, cap));
    // A short page ends the result even when the store's count said more (counts can be approximate).
    if (result.entries.length < EXPORT_PAGE_SIZE) break;
  }
  const uris = [...new Set(entries.flatMap(linkedResources))];
  const related = uris.length ? await store.getEntriesByResourceUris(uris, options.signal ? { signal: options.signal } : {}) : new Map();
  return { total: total === Infinity ? entries.length : total, entries, related };
}

/** One graph: the metadata of every hit and of every entry they link to. */
export function mergedGraph(result: CollectedResult): Graph {
  const g = new Graph();
  for (const e of result.entries) g.addAll(e.metadata);
  for (const e of result.related.values()) g.addAll(e.metadata);
  return g;
}

/** CSV columns (behaviour doc §6.7): key and the message key of its header in the page language. */
export const CSV_COLUMNS = [
  ['title', 'export.col.title'],
  ['description', 'field.description'],
  ['publisher', 'field.publisher'],
  ['themes', 'field.theme'],
  ['keywords', 'field.keyword'],
  ['issued', 'field.issued'],
  ['modified', 'field.modified'],
  ['licence', 'field.license'],
  ['accessRights', 'field.accessRights'],
  ['landingPage', 'field.landingPage'],
  ['formats', 'field.format'],
  ['resource', 'export.col.resource'],
] as const;

function valueText(v: Value): string {
  switch (v.kind) {
    case 'date':
      return v.value;
    default:
      return v.text.value;
  }
}

function fieldText(fields: readonly Field[], key: Field['key']): string[] {
  return fields.filter((f) => f.key === key).flatMap((f) => f.values.map(valueText));
}

const join = (values: readonly string[]): string => [...new Set(values.filter((v) => v !== ''))].join('; ');

/** One CSV row of a dataset model: labels in the page language, several values joined with "; ". */
export function csvRecord(model: DatasetModel): string[] {
  const licence = fieldText(model.fields, 'license');
  const distributionLicences = model.distributions.flatMap((d) => fieldText(d.fields, 'license'));
  return [
    model.title?.value ?? '',
    model.description.map((p) => p.value).join('\n\n'),
    model.publisher?.name?.value ?? '',
    join(model.themes.map(valueText)),
    join(fieldText(model.fields, 'keyword')),
    join(fieldText(model.fields, 'issued')),
    join(fieldText(model.fields, 'modified')),
    join(licence.length ? licence : distributionLicences),
    join(fieldText(model.fields, 'accessRights')),
    join(fieldText(model.fields, 'landingPage')),
    join(model.distributions.flatMap((d) => d.formats.map((b) => b.label))),
    model.uri,
  ];
}

type ExportRule = Pick<typeof import('../../src/rdf/serialize.ts'), 'exportIri' | 'exportableGraph'>;

/**
 * An entry as the RDF exports write it (src/rdf/serialize.ts, "the export rule"): the same percent-encoded IRIs, the
 * same triples left out, so the CSV never carries an IRI the Turtle file refuses or writes differently. Undefined
 * when the resource URI itself is refused (the RDF exports have none of its triples either).
 */
function exportableEntry(e: StoreEntry, rule: ExportRule): StoreEntry | undefined {
  const resourceUri = rule.exportIri(e.resourceUri);
  if (resourceUri === undefined) return undefined;
  return { ...e, resourceUri, metadata: rule.exportableGraph(e.metadata).graph, info: rule.exportableGraph(e.info).graph };
}

/**
 * The CSV text of a collected result (one row per hit, header in the page language). `onLeftOut` hears how many hits
 * were left out because their resource URI is not absolute (never called when none was).
 */
export async function resultCsv(
  collected: CollectedResult,
  lang: Lang,
  storeBaseUrl: string,
  onLeftOut?: (count: number) => void,
): Promise<string> {
  // The rule lives with the RDF writers (their lazy chunk: no RDF code in the block's own chunk).
  const rule: ExportRule = await import('../../src/rdf/serialize.ts');
  const entries = collected.entries.map((e) => exportableEntry(e, rule)).filter((e): e is StoreEntry => e !== undefined);
  const related = new Map<string, StoreEntry>();
  for (const e of collected.related.values()) {
    const safe = exportableEntry(e, rule);
    if (safe) related.set(safe.resourceUri, safe);
  }
  if (entries.length < collected.entries.length) onLeftOut?.(collected.entries.length - entries.length);
  // the vocabularies label the values, the export strings (with the landing part) the headers
  await Promise.all([loadVocabulariesFor(objectIris([...entries, ...related.values()])), loadExportMessages(lang)]);
  const header = CSV_COLUMNS.map(([, key]) => msg(lang, key));
  const rows = entries.map((e) => csvRecord(buildDatasetModel(e, related, { lang, storeBaseUrl, registry: true })));
  // A BOM so that spreadsheet programs read the file as UTF-8 (å, ä, ö, ü).
  return `\uFEFF${toCsv(header, rows)}`;
}
