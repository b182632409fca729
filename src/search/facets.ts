/**
 * Facet definitions (behaviour doc §4.4, §1.16, §1.17) and the format buckets. Each facet maps a collection name to
 * the Solr fields whose counts come back with the results and to the clause a selection adds to the query:
 * OR within a group, AND across groups (query.ts joins the groups).
 *
 * Format is special: `dcterms:format` / `dcat:mediaType` values are MIME literals ("text/csv"), names ("CSV",
 * ".csv"), EU file-type URIs or IANA media-type URIs. They are grouped into buckets (csv, json, …, "other"); a bucket
 * selection matches every known spelling of the bucket in one OR clause over the literal and URI fields of both
 * predicates (plus the spellings seen in the store's counts). "other" = the seen spellings that fit no bucket (a
 * NOT over every known spelling would not fit in a URL); it is never written to the URL.
 */
import { NS } from '../rdf/namespaces.ts';
import { formatBadge } from '../dcat/formats.ts';
import { anyOf, escapeValue, field, literalField, or, uriField } from '../store/query.ts';
import type { BuiltinCollection, CollectionName } from './types.ts';
import { customCollection } from './collections.ts';

const { dcat, dcterms } = NS;

export type LabelSource = 'vocab' | 'agent' | 'literal' | 'bucket' | 'type' | 'custom';

export interface FacetDefinition {
  readonly name: CollectionName;
  /** Solr fields faceted (and filtered) for this group. */
  readonly fields: readonly string[];
  readonly labels: LabelSource;
  /** Values shown before "Show more"; undefined = all. */
  readonly shownBeforeMore?: number;
}

/** The default dataset facets (§4.4); `hvd` only with hvdFilter, `type` only with typeFilter. */
/**
 * Longest facet value that can be a filter. A filter travels in the page address and in the store request (Solr `fq`);
 * a 100 KB keyword from a hostile or broken catalog made a request over every server's header limit (Node 16 KB,
 * typical EntryStore front ends 8 KB), answered 431 with no CORS headers, so the search looked "unreachable" for good.
 * Such a value is still listed with its count, but not offered as a filter; a crafted address carrying one drops it.
 */
export const MAX_FILTER_VALUE_CHARS = 1_000;

/** Whether a facet value can be a filter (see MAX_FILTER_VALUE_CHARS). */
export function isFilterValue(value: string): boolean {
  return value.length <= MAX_FILTER_VALUE_CHARS;
}

export const DEFAULT_FACETS: readonly CollectionName[] = ['theme', 'org', 'format', 'license', 'access', 'keyword'];

/**
 * Formats and licences are mostly written on distributions, which EntryStore keeps as entries of their own; a dataset
 * document carries them under `related.metadata.predicate.*` when the store indexes related entries
 * (`entrystore.solr.related.properties` = dcat:distribution, as EntryScape catalogs and the dev store do). Both the
 * dataset's own fields and the related ones are counted and filtered.
 */
const RELATED = 'related.';

/** Own-metadata format fields; each also exists with the `related.` prefix (see FORMAT_FIELD_LIST). */
export const FORMAT_FIELDS = {
  formatLiteral: literalField(`${dcterms}format`),
  formatUri: uriField(`${dcterms}format`),
  mediaTypeLiteral: literalField(`${dcat}mediaType`),
  mediaTypeUri: uriField(`${dcat}mediaType`),
} as const;

export type FormatFieldKey = keyof typeof FORMAT_FIELDS;
const FIELD_KEYS = Object.keys(FORMAT_FIELDS) as FormatFieldKey[];

/** Every format field: own then related, per kind. */
export const FORMAT_FIELD_LIST: readonly string[] = FIELD_KEYS.flatMap((k) => [FORMAT_FIELDS[k], RELATED + FORMAT_FIELDS[k]]);

export const FACETS: Readonly<Record<BuiltinCollection, FacetDefinition>> = {
  theme: { name: 'theme', fields: [uriField(`${dcat}theme`)], labels: 'vocab' },
  org: { name: 'org', fields: [uriField(`${dcterms}publisher`)], labels: 'agent', shownBeforeMore: 7 },
  format: { name: 'format', fields: FORMAT_FIELD_LIST, labels: 'bucket', shownBeforeMore: 7 },
  license: { name: 'license', fields: [uriField(`${dcterms}license`), RELATED + uriField(`${dcterms}license`)], labels: 'vocab', shownBeforeMore: 7 },
  access: { name: 'access', fields: [uriField(`${dcterms}accessRights`)], labels: 'vocab' },
  keyword: { name: 'keyword', fields: [literalField(`${dcat}keyword`)], labels: 'literal', shownBeforeMore: 10 },
  hvd: { name: 'hvd', fields: [uriField(`${NS.dcatap}hvdCategory`)], labels: 'vocab' },
  type: { name: 'type', fields: ['rdfType'], labels: 'type' },
};

/** The definition of a built-in collection, or of one of the page's `collections` (./collections.ts; none: no fields). */
export function facetOf(name: CollectionName): FacetDefinition {
  if (Object.hasOwn(FACETS, name)) return FACETS[name as BuiltinCollection];
  const c = customCollection(name);
  return { name, fields: c?.fields ?? [], labels: 'custom', ...(c?.shownBeforeMore ? { shownBeforeMore: c.shownBeforeMore } : {}) };
}

/** Type facet values (§1.17) and the i18n key of each label. */
export const TYPE_VALUES: ReadonlyArray<{ readonly uri: string; readonly kind: 'dataset' | 'series' | 'service' }> = [
  { uri: `${dcat}Dataset`, kind: 'dataset' },
  { uri: `${dcat}DatasetSeries`, kind: 'series' },
  { uri: `${dcat}DataService`, kind: 'service' },
];

export function typeUri(kind: 'dataset' | 'series' | 'service'): string {
  return TYPE_VALUES.find((t) => t.kind === kind)!.uri;
}

/**
 * One licence is often written both `http://…` and `https://…` (creativecommons.org in real catalogs): one facet value,
 * keyed by its `http:` spelling (in the view and the URL), counted over both and filtering on both.
 */
export function facetValue(name: CollectionName, value: string): string {
  return name === 'license' ? value.replace(/^https:\/\//, 'http://') : value;
}

/** The spellings a facet value filters on. */
function spellingsOf(name: CollectionName, value: string): string[] {
  const key = facetValue(name, value);
  return name === 'license' && key.startsWith('http://') ? [key, `https${key.slice(4)}`] : [value];
}

/** Solr fields to request counts for, in group order, without duplicates. */
export function facetFieldsFor(names: readonly CollectionName[]): string[] {
  return [...new Set(names.flatMap((n) => facetOf(n).fields))];
}

// ---------------------------------------------------------------------------------------------------------------
// Format buckets

export type FormatBucket =
  | 'csv' | 'json' | 'xml' | 'html' | 'pdf' | 'rdf' | 'zip' | 'text' | 'image' | 'atom' | 'wms' | 'wfs' | 'wmts'
  | 'wcs' | 'kml' | 'geojson' | 'shp' | 'xls' | 'ods' | 'other';

interface BucketSpec {
  /** Display label (the format's usual name). */
  readonly label: string;
  /** formatBadge labels that fall into the bucket. */
  readonly badges: readonly string[];
  /** MIME types (literal spellings and IANA URIs are derived). */
  readonly mimes: readonly string[];
  /** Names / extensions (case and leading-dot variants are derived). */
  readonly names: readonly string[];
  /** EU file-type authority codes. */
  readonly euCodes: readonly string[];
}

/**
 * The buckets, one per line: `key label | badges | MIME types | names | EU file-type codes`, values separated by
 * spaces (`_` in a name stands for a space); without the last column the EU codes are the badges.
 */
const BUCKET_TABLE = `
csv CSV | CSV TSV | text/csv application/csv text/comma-separated-values text/tab-separated-values | csv tsv
json JSON | JSON | application/json text/json | json
xml XML | XML GML | application/xml text/xml application/gml+xml | xml gml
html HTML | HTML | text/html application/xhtml+xml | html htm | HTML XHTML
pdf PDF | PDF | application/pdf | pdf | PDF PDFA1A PDFA1B PDFX
rdf RDF | RDF TTL N-Triples JSON-LD | application/rdf+xml text/turtle application/n-triples application/ld+json
  | rdf rdf/xml ttl turtle nt n-triples json-ld jsonld | RDF RDF_XML RDF_TURTLE RDF_N_TRIPLES JSON_LD RDFA
zip ZIP | ZIP GZIP | application/zip application/x-zip-compressed application/gzip application/x-gzip | zip gzip gz
text Text | TXT | text/plain | txt text
image Image | PNG JPEG TIFF GIF SVG | image/png image/jpeg image/tiff image/gif image/svg+xml
  | png jpeg jpg tiff tif gif svg
atom Atom | ATOM RSS | application/atom+xml application/rss+xml | atom rss
wms WMS | WMS | application/vnd.ogc.wms_xml | wms | WMS_SRVC
wfs WFS | WFS | application/vnd.ogc.wfs_xml | wfs | WFS_SRVC
wmts WMTS | WMTS | application/vnd.ogc.wmts_xml | wmts | WMTS_SRVC
wcs WCS | WCS | application/vnd.ogc.wcs_xml | wcs | WCS_SRVC
kml KML | KML KMZ | application/vnd.google-earth.kml+xml application/vnd.google-earth.kmz | kml kmz
geojson GeoJSON | GeoJSON | application/geo+json application/vnd.geo+json | geojson | GEOJSON
shp Shapefile | SHP | application/x-shapefile application/x-esri-shape application/shp application/vnd.shp
  | shp shape shapefile esri_shapefile
xls Excel | XLS XLSX | application/vnd.ms-excel application/vnd.openxmlformats-officedocument.spreadsheetml.sheet
  | xls xlsx excel
ods ODS | ODS | application/vnd.oasis.opendocument.spreadsheet | ods
`;

export const FORMAT_BUCKETS = Object.fromEntries(
  BUCKET_TABLE.replace(/\n +\|/g, ' |').trim().split('\n').map((line): [string, BucketSpec] => {
    const [[key, label], badges, mimes, names, euCodes = badges] = line.split('|').map((column) => column.trim().split(/ +/));
    return [key!, { label: label!, badges: badges!, mimes: mimes!, names: names!.map((n) => n.replace('_', ' ')), euCodes: euCodes! }];
  }),
) as Readonly<Record<Exclude<FormatBucket, 'other'>, BucketSpec>>;

/** Bucket labels that are words rather than format names, per page language. */
const WORD_LABELS: Partial<Record<FormatBucket, Readonly<Record<string, string>>>> = { image: { sv: 'Bild', de: 'Bild' } };

/** The label of a bucket in the page language ("other" is a UI string: see view.ts). */
export function bucketLabel(bucket: Exclude<FormatBucket, 'other'>, lang: string): string {
  return WORD_LABELS[bucket]?.[lang] ?? FORMAT_BUCKETS[bucket].label;
}

export const BUCKET_KEYS = Object.keys(FORMAT_BUCKETS) as Exclude<FormatBucket, 'other'>[];

const BUCKET_BY_BADGE = new Map<string, FormatBucket>();
for (const key of BUCKET_KEYS) for (const b of FORMAT_BUCKETS[key].badges) BUCKET_BY_BADGE.set(b, key);

/** The bucket of one raw format value (literal or URI); anything unknown is "other". */
export function formatBucket(raw: string): FormatBucket {
  return BUCKET_BY_BADGE.get(formatBadge(raw).label) ?? 'other';
}

export function isFormatBucket(value: string): value is FormatBucket {
  return value === 'other' || (BUCKET_KEYS as readonly string[]).includes(value);
}

const EU_FILE_TYPE = `${NS.euauth}file-type/`;
const IANA = ['http://www.iana.org/assignments/media-types/', 'https://www.iana.org/assignments/media-types/'];


/** Raw values per format field (as counted by the store), e.g. the values a scope has seen in earlier answers. */
export type FormatValues = Readonly<Partial<Record<string, readonly string[]>>>;

/**
 * The known spellings of a bucket per field, kept short so a selection fits in a URL: names in lower and upper case
 * and with a dot, MIME types (literals of both predicates), EU file-type URIs (dcterms:format), IANA media-type URIs
 * (dcat:mediaType). Spellings seen in the store's counts are added by `filterClause`.
 */
export function bucketSpellings(bucket: Exclude<FormatBucket, 'other'>): Record<FormatFieldKey, string[]> {
  const spec = FORMAT_BUCKETS[bucket];
  const names = spec.names.flatMap((n) => [n, n.toUpperCase(), `.${n}`]);
  return {
    formatLiteral: [...new Set([...names, ...spec.mimes])],
    formatUri: spec.euCodes.map((c) => `${EU_FILE_TYPE}${c}`),
    mediaTypeLiteral: [...spec.mimes],
    mediaTypeUri: spec.mimes.flatMap((m) => IANA.map((base) => `${base}${m}`)),
  };
}

/** Seen values of one field that fall into `bucket`. */
function seenOf(seen: FormatValues | undefined, field: string, bucket: FormatBucket): string[] {
  return (seen?.[field] ?? []).filter((v) => formatBucket(v) === bucket);
}

/** `field:v` or `field:(v1 OR v2 …)` (field grouping keeps long value lists short). */
export function groupedAnyOf(fieldName: string, values: readonly string[]): string {
  const unique = [...new Set(values)];
  if (unique.length <= 1) return unique.length ? field(fieldName, unique[0]!) : '';
  return `${fieldName}:(${unique.map(escapeValue).join(' OR ')})`;
}

/** One bucket → OR over its spellings in every format field. "other": the seen spellings that fit no bucket. */
function bucketClause(bucket: FormatBucket, seen: FormatValues | undefined): string {
  const known = bucket === 'other' ? undefined : bucketSpellings(bucket);
  return or(...FIELD_KEYS.flatMap((k) => [FORMAT_FIELDS[k], RELATED + FORMAT_FIELDS[k]].map((f) =>
    groupedAnyOf(f, [...(known?.[k] ?? []), ...seenOf(seen, f, bucket)]))));
}

/**
 * The clause of one facet group's selection: OR over the values (for format: over every spelling of every selected
 * bucket). No values → '' (no constraint).
 */
export function filterClause(name: CollectionName, values: readonly string[], seenFormats?: FormatValues): string {
  const unique = [...new Set(values)];
  if (unique.length === 0) return '';
  if (name === 'format') {
    // unknown bucket keys never get here: readState drops them
    const clauses = unique.filter(isFormatBucket).map((b) => bucketClause(b, seenFormats)).filter(Boolean);
    // "other" with no seen spelling: nothing can match it
    if (clauses.length === 0) return field(FORMAT_FIELDS.formatLiteral, 'catalog-blocks-none');
    return clauses.length === 1 ? `(${clauses[0]})` : `(${or(...clauses.map((c) => `(${c})`))})`;
  }
  return or(...facetOf(name).fields.map((f) => anyOf(f, unique.flatMap((v) => spellingsOf(name, v)))));
}
