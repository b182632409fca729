/**
 * What `<dataset-exports>` exports (behaviour doc §6.7): the WHOLE result set of a scope's current search — same
 * terms, filters and sort — fetched 100 per request (the store's maximum), plus the entries the hits link to
 * (distributions, publisher, contact point …) in batched lookups, then turned into an RDF graph or CSV rows.
 * DOM-free: the element only shows progress and hands the text to the browser.
 */
import { Graph } from '../../src/rdf/graph.ts';
import { buildDatasetModel, linkedResources } from '../../src/dcat/dataset.ts';
import type { DatasetModel, Field, Value } from '../../src/dcat/model.ts';
import { loadVocabulariesFor } from '../../src/dcat/vocab.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';
import { buildSearchRequest } from '../../src/search/query.ts';
import type { SearchSettings, SearchState } from '../../src/search/types.ts';
import type { CatalogStore, StoreEntry } from '../../src/store/types.ts';
import { toCsv } from './csv.ts';

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

/** Export strings the shared table lacks. */
const EXPORT_STRINGS: Readonly<Record<string, Readonly<Record<Lang, string>>>> = {
  'export.col.title': { en: 'Title', sv: 'Titel', de: 'Titel' },
  'export.col.resource': { en: 'Resource URI', sv: 'Resurs-URI', de: 'Ressourcen-URI' },
  'export.none': { en: 'There is nothing to export.', sv: 'Det finns inget att exportera.', de: 'Es gibt nichts zu exportieren.' },
  'export.capped': {
    en: 'The result has {total} datasets; only the first {cap} are exported.',
    sv: 'Resultatet har {total} datamängder; bara de första {cap} exporteras.',
    de: 'Das Ergebnis hat {total} Datensätze; nur die ersten {cap} werden exportiert.',
  },
  'export.done': { en: 'Exported {n} datasets.', sv: '{n} datamängder exporterade.', de: '{n} Datensätze exportiert.' },
  'export.done.one': { en: 'Exported 1 dataset.', sv: '1 datamängd exporterad.', de: '1 Datensatz exportiert.' },
  'export.leftOut': {
    en: '{n} statements with an unusable URI, language tag or value were left out of the file.',
    sv: '{n} påståenden med en oanvändbar URI, språkkod eller värde utelämnades ur filen.',
    de: '{n} Aussagen mit unbrauchbarer URI, Sprachkennung oder Wert wurden in der Datei ausgelassen.',
  },
  'export.leftOut.one': {
    en: '1 statement with an unusable URI, language tag or value was left out of the file.',
    sv: '1 påstående med en oanvändbar URI, språkkod eller värde utelämnades ur filen.',
    de: '1 Aussage mit unbrauchbarer URI, Sprachkennung oder Wert wurde in der Datei ausgelassen.',
  },
  'export.leftOutDatasets': {
    en: '{n} datasets without an absolute URI were left out of the file.',
    sv: '{n} datamängder utan absolut URI utelämnades ur filen.',
    de: '{n} Datensätze ohne absolute URI wurden in der Datei ausgelassen.',
  },
  'export.leftOutDatasets.one': {
    en: '1 dataset without an absolute URI was left out of the file.',
    sv: '1 datamängd utan absolut URI utelämnades ur filen.',
    de: '1 Datensatz ohne absolute URI wurde in der Datei ausgelassen.',
  },
  'export.failed': {
    en: 'The export failed. Please try again.',
    sv: 'Exporten misslyckades. Försök igen.',
    de: 'Der Export ist fehlgeschlagen. Bitte erneut versuchen.',
  },
};

export function exportText(lang: Lang, key: string, vars?: Record<string, string | number>): string {
  const table = (vars?.n === 1 && EXPORT_STRINGS[`${key}.one`]) || EXPORT_STRINGS[key];
  const text = table?.[lang] ?? table?.en;
  if (text === undefined) return msg(lang, key, vars);
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = vars?.[name];
    return v === undefined ? whole : typeof v === 'number' ? v.toLocaleString(lang) : v;
  });
}

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

/** Every IRI object of the entries' metadata: which vocabulary chunks labels need. */
function* objectIris(entries: Iterable<StoreEntry>): Generator<string> {
  for (const e of entries) for (const t of e.metadata.triples()) if (t.object.termType === 'NamedNode') yield t.object.value;
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
  await loadVocabulariesFor(objectIris([...entries, ...related.values()]));
  const header = CSV_COLUMNS.map(([, key]) => exportText(lang, key));
  const rows = entries.map((e) => csvRecord(buildDatasetModel(e, related, { lang, storeBaseUrl, registry: true })));
  // A BOM so that spreadsheet programs read the file as UTF-8 (å, ä, ö, ü).
  return `\uFEFF${toCsv(header, rows)}`;
}
