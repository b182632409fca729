/**
 * The incumbent's DCAT-AP RDForms templates that pages name (`viewMetadata template="dcat:OnlyDataset"`,
 * `{{view rdformsid="dcat:Distribution"}}`, `data-entryscape-rdformsid="dcat:dcterms:spatial_bb_da"`), as our own
 * compact table: which fields a template shows, in its order, and how each field's values read. Written from the
 * published templates (EntryScape's DCAT-AP bundle for the `Only…` ids of its docs, the DCAT-AP-SE bundle EntryScape
 * installations use for the others); nothing of theirs is copied: labels are ours (src/rdforms/strings/, `rf.<label>`).
 * Two items of one template for the same property that only differ in the vocabulary an editor offers are one field
 * here: a viewer shows the values once. test/unit/rdforms-templates.test.ts checks the table against the published
 * templates. A lazy chunk with the presenter (present.ts): pages without templates never load it.
 */
import { expand } from '../rdf/namespaces.ts';

/**
 * How a field's values read:
 * - `text`: literals of the best language group (language literals; other values as they come);
 * - `literal`: every literal as written (identifiers, versions, names, address parts);
 * - `date`: dates, formatted in the UI language;
 * - `link`: web addresses (a literal URL too), shown as safe links;
 * - `choice`: a concept of a vocabulary, by its label (bundled vocabularies, the table's own `choices`, the graph);
 * - `entry`: another entry of the catalog (dataset, distribution, service), by its title;
 * - `agent`: a publisher or creator by name (linked to its homepage); `contact`: a contact point's name, email, phone;
 * - `email`, `tel`: an address or number; `geometry`: a WKT geometry as coordinates; `bytes`: a file size;
 * - `group`: a node described by the field's `items` (temporal, bounding box, address, rights statement …).
 */
export type ValueKind = 'text' | 'literal' | 'date' | 'link' | 'choice' | 'entry' | 'agent' | 'contact' | 'email' | 'tel' | 'geometry'
  | 'bytes' | 'group';

export interface FieldDef {
  /** The incumbent's item id (`dcat:keyword_da`): a page may name it as a template of its own. */
  readonly id: string;
  /** Full IRI of the property. */
  readonly property: string;
  /** Key of the label in the strings table (`rf.<label>`). */
  readonly label: string;
  readonly kind: ValueKind;
  /** A group's fields. */
  readonly items?: readonly FieldDef[];
  /** Only values of this term type (a named place next to a described one on the same property). */
  readonly only?: 'NamedNode';
  /** Labels of the few concepts of a small vocabulary no bundled table has: concept IRI → label key. */
  readonly choices?: Readonly<Record<string, string>>;
}

const f = (id: string, property: string, label: string, kind: ValueKind = 'text', more: Partial<FieldDef> = {}): FieldDef =>
  ({ id, property: expand(property), label, kind, ...more });
const group = (id: string, property: string, label: string, items: readonly FieldDef[]): FieldDef =>
  f(id, property, label, 'group', { items });

// ---- fields shared by several templates (their ids differ per template in the incumbent's bundles: `_da`, `_di` …)
const title = (s: string) => f(`dcat:dcterms:title_${s}`, 'dcterms:title', 'title');
const description = (s: string) => f(`dcat:dcterms:description_${s}`, 'dcterms:description', 'description');
const publisher = (id: string) => f(id, 'dcterms:publisher', 'publisher', 'agent');
const contact = (id: string) => f(id, 'dcat:contactPoint', 'contactPoint', 'contact');
const keyword = (id: string) => f(id, 'dcat:keyword', 'keyword');
const theme = (id: string) => f(id, 'dcat:theme', 'theme', 'choice');
const legislation = (s: string) => f(`dcatap:applicableLegislation_${s}`, 'dcatap:applicableLegislation', 'applicableLegislation', 'choice');
const hvd = (s: string) => f(`dcatap:hvdCategory_${s}`, 'dcatap:hvdCategory', 'hvdCategory', 'choice');
const subject = (s: string) => f(`dcterms:subject:grunddata_${s}`, 'dcterms:subject', 'subject', 'choice');
const date = (s: string, p: 'issued' | 'modified') => f(`dcat:dcterms:${p}_${s}`, `dcterms:${p}`, p, 'date');
const language = (s: string) => f(`dcat:dcterms:language_${s}`, 'dcterms:language', 'language', 'choice');
const landingPage = (s: string) => f(`dcat:landingPage_${s}`, 'dcat:landingPage', 'landingPage', 'link');
const conformsTo = (s: string, label = 'conformsTo') => f(`dcat:dcterms:conformsTo_${s}`, 'dcterms:conformsTo', label, 'link');
const namedPlace = (s: string, label = 'spatial') => f(`dcat:dcterms:spatial_${s}`, 'dcterms:spatial', label, 'choice', { only: 'NamedNode' });
const box = (id: string) => group(id, 'dcterms:spatial', 'area', [
  f(`${id}:centroid`, 'dcat:centroid', 'centroid', 'geometry'),
  f(`${id}:bbox`, 'dcat:bbox', 'bbox', 'geometry'),
  f(`${id}:geometry`, 'locn:geometry', 'geometry', 'geometry'),
]);
const start = (id: string, ns: string) => f(`${id}:${ns}:startDate`, `${ns}:startDate`, 'start', 'date');
const end = (id: string, ns: string) => f(`${id}:${ns}:endDate`, `${ns}:endDate`, 'end', 'date');
/** DCAT 3 dates first; the schema.org dates of older metadata (deprecated in DCAT-AP-SE) after. */
const temporal = (id: string, older = true) => group(id, 'dcterms:temporal', 'temporal', [
  start(id, 'dcat'), end(id, 'dcat'), ...(older ? [start(id, 'schema'), end(id, 'schema')] : []),
]);
const frequency = (s: string) => f(`dcat:dcterms:accrualPeriodicity_${s}`, 'dcterms:accrualPeriodicity', 'accrualPeriodicity', 'choice');
const relation = (s: string) => f(`dcat:dcterms:relation_${s}`, 'dcterms:relation', 'relation', 'link');
const qualifiedRelation = (id: string) => group(id, 'dcat:qualifiedRelation', 'qualifiedRelation', [
  f(`${id}:hadRole`, 'dcat:hadRole', 'role', 'choice'), f(`${id}:resource`, 'dcterms:relation', 'resource', 'link'),
]);
const page = (s: string) => f(`dcat:foaf:page_${s}`, 'foaf:page', 'page', 'link');
const accessRights = (id = 'dcat:dcterms:accessRights') => f(id, 'dcterms:accessRights', 'accessRights', 'choice');
const licence = (s: string) => f(`dcat:dcterms:license_${s}`, 'dcterms:license', 'license', 'choice');
const resolution = (s: string) => [
  f(`dcat:temporalResolution_${s}`, 'dcat:temporalResolution', 'temporalResolution', 'literal'),
  f(`dcat:spatialResolutionInMeters_${s}`, 'dcat:spatialResolutionInMeters', 'spatialResolution', 'literal'),
];
const format = (s: string) => f(`dcat:format-group_${s}`, 'dcterms:format', 'format', 'choice');
const rights = (id: string) => group(id, 'dcterms:rights', 'rights', [
  f('odrs:attributionText', 'odrs:attributionText', 'attributionText'),
  f('odrs:attributionURL', 'odrs:attributionURL', 'attributionURL', 'link'),
  f('odrs:copyrightNotice', 'odrs:copyrightNotice', 'copyrightNotice'),
  f('odrs:copyrightStatement', 'odrs:copyrightStatement', 'copyrightStatement', 'link'),
  f('odrs:copyrightYear', 'odrs:copyrightYear', 'copyrightYear', 'literal'),
  f('odrs:copyrightHolder', 'odrs:copyrightHolder', 'copyrightHolder', 'agent'),
  f('odrs:jurisdiction', 'odrs:jurisdiction', 'jurisdiction', 'link'),
  f('odrs:reuserGuidelines', 'odrs:reuserGuidelines', 'reuserGuidelines', 'link'),
]);
const checksum = group('dcat:spdx:checksum_di', 'spdx:checksum', 'checksum', [
  f('dcat:spdx:checksum_di:value', 'spdx:checksumValue', 'checksumValue', 'literal'),
  f('dcat:spdx:checksum_di:algorithm', 'spdx:algorithm', 'algorithm', 'choice', { choices: { [expand('spdx:checksumAlgorithm_sha1')]: 'sha1' } }),
]);
const vcard = (name: string) => `http://www.w3.org/2006/vcard/ns#${name}`;

/** `dcat:contactPoint` (a group on the property, as the dataset templates use it; on a contact entry: its own fields). */
const CONTACT_POINT = group('dcat:contactPoint', 'dcat:contactPoint', 'contactPoint', [
  f('vc:kindIndOrOrg', 'rdf:type', 'kind', 'choice', { choices: { [vcard('Individual')]: 'individual', [vcard('Organization')]: 'organization' } }),
  f('vc:fn', vcard('fn'), 'name', 'literal'),
  f('vc:hasEmail', vcard('hasEmail'), 'email', 'email'),
  f('vc:hasTelephone', vcard('hasTelephone'), 'telephone', 'tel'),
  group('vc:hasAddress', vcard('hasAddress'), 'address', [
    f('vc:country-name', vcard('country-name'), 'country', 'literal'),
    f('vc:locality', vcard('locality'), 'locality', 'literal'),
    f('vc:postal-code', vcard('postal-code'), 'postalCode', 'literal'),
    f('vc:street-address', vcard('street-address'), 'streetAddress', 'literal'),
  ]),
  f('vc:hasURL', vcard('hasURL'), 'website', 'link'),
]);

/** `dcat:foaf:Agent` (the publisher group; on an agent entry: its own fields). */
const AGENT = group('dcat:foaf:Agent', 'dcterms:publisher', 'publisher', [
  f('foaf:name', 'foaf:name', 'name'),
  f('dcterms:description_agent', 'dcterms:description', 'description'),
  f('adms:publishertype', 'dcterms:type', 'type', 'choice'),
  f('foaf:homepage', 'foaf:homepage', 'homepage', 'link'),
  f('foaf:mbox', 'foaf:mbox', 'email', 'email'),
  f('org:classification', 'https://www.w3.org/ns/org#classification', 'classification', 'choice'),
  f('dcterms:identifier_agent', 'dcterms:identifier', 'identifier', 'literal'),
  f('owl:sameAs_agent', 'owl:sameAs', 'sameAs', 'link'),
]);

const BOX = box('dcat:dcterms:spatial_bb_da');

const ONLY_DATASET: readonly FieldDef[] = [
  title('da'), description('da'), publisher('dcat:foaf:Agent_da'),
  f('adms:contactPoint-choice_da', 'adms:contactPoint', 'contactPoint', 'contact'), contact('dcat:contactPoint-choice_da'),
  keyword('dcat:keyword_da'), theme('dcat:theme-da'),
  f('dcat:dcterms:identifier_da', 'dcterms:identifier', 'identifier', 'literal'),
  f('dcat:adms:identifier_da', 'adms:identifier', 'otherIdentifier', 'literal'),
  date('da', 'issued'), date('da', 'modified'), language('da'), landingPage('da'), conformsTo('da'), namedPlace('da'), BOX,
  temporal('dcat:dcterms:temporal_da'), frequency('da'),
  f('dcat:owl:versionInfo_da', 'owl:versionInfo', 'version', 'literal'),
  f('dcat:adms:versionNotes_da', 'adms:versionNotes', 'versionNotes'),
  f('dcat:dcterms:source_da', 'dcterms:source', 'source', 'entry'),
  accessRights('dcat:dcterms:accessRights_da'),
  f('dcat:hasVersion_da', 'dcat:hasVersion', 'hasVersion', 'entry'),
  f('dcat:isVersionOf_da', 'dcat:isVersionOf', 'isVersionOf', 'entry'),
  relation('da'), page('da'),
  f('dcat:dcterms:provenance_da', 'dcterms:provenance', 'provenance'),
];

const DATASET: readonly FieldDef[] = [
  title('da'), description('da'), publisher('dcat:dcterms:publisher_da'),
  f('dcat:dcterms:creator_da', 'dcterms:creator', 'creator', 'agent'),
  group('dcat:prov:qualifiedAttribution', 'prov:qualifiedAttribution', 'attribution', [
    f('geodcat:dcterms:type-responsiblepartyrole', 'dcat:hadRole', 'role', 'choice'),
    f('dcat:prov:agent', 'prov:agent', 'party', 'agent'),
  ]),
  contact('dcat:contactPoint_da'), keyword('dcat:keyword_da'), theme('dcat:theme-da'), legislation('da'), hvd('da'), subject('da'),
  f('dcat:dcterms:identifier_da', 'dcterms:identifier', 'identifier', 'literal'),
  f('dcat:adms:identifier_da', 'adms:identifier', 'otherIdentifier', 'literal'),
  date('da', 'issued'), date('da', 'modified'), language('da'), landingPage('da'), conformsTo('da'), namedPlace('da'), BOX,
  temporal('dcat:dcterms:temporal_da'), ...resolution('da'), frequency('da'),
  f('dcat:adms:version', 'owl:versionInfo', 'version', 'literal'),
  f('dcat:version_da', 'dcat:version', 'version', 'literal'),
  f('dcat:adms:versionNotes_da', 'adms:versionNotes', 'versionNotes'),
  f('dcat:dcterms:source_da', 'dcterms:source', 'source', 'entry'),
  accessRights(),
  group('schema:Offer', 'schema:offers', 'fee', [
    f('schema:description', 'schema:description', 'description'),
    f('schema:mainEntityOfPage', 'schema:mainEntityOfPage', 'webpage', 'link'),
  ]),
  f('dcat:hasVersion_da', 'dcat:hasVersion', 'hasVersion', 'entry'),
  f('dcat:dcterms:isReferencedBy', 'dcterms:isReferencedBy', 'isReferencedBy', 'link'),
  relation('da'), qualifiedRelation('dcat:qualifiedRelation'), page('da'),
  group('dcat:dcterms:provenance_da', 'dcterms:provenance', 'provenance', [f('dcat:dcterms:provenance_da:description', 'dcterms:description', 'description')]),
  f('dcat:distribution_da', 'dcat:distribution', 'distribution', 'entry'),
  f('dcat:inSeries_da', 'dcat:inSeries', 'inSeries', 'entry'),
];

const distributionStart = [
  title('di'), description('di'),
  f('dcat:accessURL_di', 'dcat:accessURL', 'accessURL', 'link'),
  f('dcat:downloadURL_di', 'dcat:downloadURL', 'downloadURL', 'link'),
  format('di'),
];
const byteSize = f('dcat:byteSize_di', 'dcat:byteSize', 'byteSize', 'bytes');
const status = f('dcat:adms:status_di', 'adms:status', 'status', 'choice');

const ONLY_DISTRIBUTION: readonly FieldDef[] = [
  ...distributionStart, byteSize, language('di'), date('di', 'issued'), date('di', 'modified'), status, licence('di'),
  rights('dcat:odrs:RSSA_di'), checksum, page('di'), conformsTo('di', 'linkedSchemas'),
];

const DISTRIBUTION: readonly FieldDef[] = [
  ...distributionStart, f('dcat:accessService', 'dcat:accessService', 'accessService', 'entry'), ...resolution('di'), byteSize,
  language('di'), date('di', 'issued'), date('di', 'modified'), status,
  f('dcatap:availability', 'dcatap:availability', 'availability', 'choice'), legislation('di'), licence('di'),
  rights('dcat:odrs:RSSA'), checksum, page('di'), conformsTo('di', 'linkedSchemas'),
];

const catalogStart = [
  title('ca'), description('ca'), publisher('dcat:foaf:Agent_ca'), date('ca', 'issued'), language('ca'), date('ca', 'modified'),
  f('dcat:foaf:homepage_ca', 'foaf:homepage', 'homepage', 'link'), namedPlace('ca'), licence('ca'),
];
const catalogParts = [
  f('dcat:dcterms:hasPart_ca', 'dcterms:hasPart', 'hasPart', 'entry'),
  f('dcat:dcterms:isPartOf_ca', 'dcterms:isPartOf', 'isPartOf', 'entry'),
];
const themeTaxonomy = f('dcat:themeTaxonomy_ca', 'dcat:themeTaxonomy', 'themeTaxonomy', 'link');

const ONLY_CATALOG: readonly FieldDef[] = [...catalogStart, rights('dcat:odrs:RSSA_ca'), ...catalogParts, themeTaxonomy];

const CATALOG: readonly FieldDef[] = [
  ...catalogStart, rights('dcat:odrs:RSSA'), ...catalogParts,
  f('dcat:catalog_ca', 'dcat:catalog', 'catalog', 'entry'), themeTaxonomy,
  f('dcat:dataset_ca', 'dcat:dataset', 'dataset', 'entry'),
  f('dcat:service_ca', 'dcat:service', 'service', 'entry'),
];

const wikidata = (q: string) => `http://www.wikidata.org/entity/${q}`;
const DATA_SERVICE: readonly FieldDef[] = [
  title('ds'), description('ds'),
  f('dcat:endpointURL', 'dcat:endpointURL', 'endpointURL', 'link'),
  f('dcat:endpointDescription', 'dcat:endpointDescription', 'endpointDescription', 'link'),
  publisher('dcat:dcterms:publisher_ds'), contact('dcat:contactPoint_ds'),
  f('dcat:dcterms:type_ds', 'dcterms:type', 'serviceType', 'choice', { choices: { [wikidata('Q749568')]: 'rest', [wikidata('Q62270')]: 'rpc' } }),
  keyword('dcat:keyword_ds'), theme('dcat:theme_ds'), legislation('ds'), hvd('ds'), subject('ds'), format('ds'), conformsTo('ds'),
  f('dcat:servesDataset', 'dcat:servesDataset', 'servesDataset', 'entry'),
  licence('ds'), accessRights(), landingPage('ds'), page('ds'),
];

const DATASET_SERIES: readonly FieldDef[] = [
  title('dss'), description('dss'), publisher('dcat:dcterms:publisher_dss'), contact('dcat:contactPoint_dss'),
  keyword('dcat:keyword_dss'), theme('dcat:theme-dss'), legislation('dss'), hvd('dss'), subject('dss'), conformsTo('dss'),
  date('dss', 'issued'), date('dss', 'modified'), landingPage('dss'), namedPlace('dss'), box('dcat:dcterms:spatial_bb_dss'),
  temporal('dcat:dcterms:temporal_dss', false), frequency('dss'), relation('dss'), qualifiedRelation('dcat:qualifiedRelation_dss'),
  page('dss'),
];

/** Templates: the main ones (fields of the entry itself) and the supportive groups pages name as templates. */
const TEMPLATES: ReadonlyMap<string, readonly FieldDef[]> = new Map([
  ['dcat:OnlyDataset', ONLY_DATASET],
  ['dcat:Dataset', DATASET],
  ['dcat:OnlyDistribution', ONLY_DISTRIBUTION],
  ['dcat:Distribution', DISTRIBUTION],
  ['dcat:OnlyCatalog', ONLY_CATALOG],
  ['dcat:Catalog', CATALOG],
  ['dcat:DataService', DATA_SERVICE],
  ['dcat:DatasetSeries', DATASET_SERIES],
  ['dcat:contactPoint', [CONTACT_POINT]],
  ['dcat:foaf:Agent', [AGENT]],
]);

/** Every template id of the table (field ids of its templates are valid ids too, see `fieldsOf`). */
export const TEMPLATE_IDS: readonly string[] = [...TEMPLATES.keys()];

let byId: Map<string, FieldDef> | undefined;
/** Every field of every template by its id (the first definition of an id wins: templates are in priority order). */
function fieldIndex(): Map<string, FieldDef> {
  if (byId) return byId;
  byId = new Map();
  const visit = (d: FieldDef): void => {
    if (!byId!.has(d.id)) byId!.set(d.id, d);
    d.items?.forEach(visit);
  };
  // The DCAT-AP-SE templates first: an id both bundles define reads as DCAT-AP-SE has it.
  for (const id of ['dcat:Dataset', 'dcat:Distribution', 'dcat:Catalog', 'dcat:DataService', 'dcat:DatasetSeries', ...TEMPLATE_IDS]) {
    TEMPLATES.get(id)!.forEach(visit);
  }
  return byId;
}

/**
 * The fields a template id shows: a template's fields, or one field named by its id (the incumbent treats a field id
 * as a template of that one field: `dcat:dcterms:spatial_bb_da`, `dcat:endpointDescription`). Undefined: not known.
 */
export function fieldsOf(id: string): readonly FieldDef[] | undefined {
  const t = TEMPLATES.get(id);
  if (t) return t;
  const field = fieldIndex().get(id);
  return field ? [field] : undefined;
}
