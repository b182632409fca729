/**
 * The dataset landing page's view model (behaviour doc §2.1, §5, §6.6): built from the entry's metadata graph plus
 * the related entries of one batched lookup (`linkedResources`), and, in catalog mode, the file entries of uploaded
 * downloads (`fileUrisToResolve`). URIs missing from `related` are read from the entry's own graph.
 */
import type { Term } from '../rdf/graph.ts';
import { NS } from '../rdf/namespaces.ts';
import type { StoreEntry } from '../store/types.ts';
import type { Agent, DatasetModel, DistributionModel, Field, Value } from './model.ts';
import { buildDistribution, downloadUrls, languageValues, storeBase } from './distribution.ts';
import { entryKind } from './kind.ts';
import { TITLE_PROPERTIES, type Node } from './read.ts';
import { dedupe, namedFields, pushField, textValue, ValueReader } from './read-values.ts';
import { defined } from './defined.ts';
import { descriptionOf, linkedResources, namedObjects, resourceTerm } from './entry.ts';

export { descriptionOf, linkedResources, resourceTerm };

const SCHEMA = [NS.schema, 'https://schema.org/'];

export interface DatasetOptions {
  readonly lang: string;
  readonly registry?: boolean;
  /** The store's base URL (`https://…/store/`); download URLs below it are uploaded files. */
  readonly storeBaseUrl: string;
}

export function distributionNodes(r: ValueReader, entry: StoreEntry): Node[] {
  return r.own.objects(resourceTerm(entry), `${NS.dcat}distribution`)
    .filter((t) => t.termType !== 'Literal')
    .map((t) => r.node(t))
    // A distribution nobody describes (not public, not in the graph) has nothing to show.
    .filter((n) => n.graph.predicates(n.term).length > 0);
}

/**
 * Catalog mode only: download URLs inside the store whose file entry is not in `related` yet (their info graph
 * names the file). Empty in registry mode.
 */
export function fileUrisToResolve(
  entry: StoreEntry,
  related: ReadonlyMap<string, StoreEntry>,
  options: { registry?: boolean; storeBaseUrl: string },
): string[] {
  if (options.registry) return [];
  const base = storeBase(options.storeBaseUrl);
  const r = new ValueReader(entry.metadata, related, 'en');
  const uris = distributionNodes(r, entry).flatMap((n) => downloadUrls(r, n)).filter((u) => u.startsWith(base) && !related.has(u));
  return [...new Set(uris)];
}

/**
 * Everything worth a second batched lookup once the first (`linkedResources`) is in `related`: the file entries of
 * `fileUrisToResolve` plus access services named by distributions that were themselves entries. Extension of the
 * contract; `fileUrisToResolve` alone remains enough for file names.
 */
export function followUpResources(
  entry: StoreEntry,
  related: ReadonlyMap<string, StoreEntry>,
  options: { registry?: boolean; storeBaseUrl: string },
): string[] {
  const r = new ValueReader(entry.metadata, related, 'en');
  const services = distributionNodes(r, entry).flatMap((n) => namedObjects(n.graph, n.term, [`${NS.dcat}accessService`]));
  return [...new Set([...fileUrisToResolve(entry, related, options), ...services.filter((u) => !related.has(u))])];
}

export function buildDatasetModel(
  entry: StoreEntry,
  related: ReadonlyMap<string, StoreEntry>,
  options: DatasetOptions,
): DatasetModel {
  const r = new ValueReader(entry.metadata, related, options.lang);
  const n: Node = { graph: entry.metadata, term: resourceTerm(entry) };
  const kind = entryKind(entry);
  const title = r.text(n, TITLE_PROPERTIES);
  const publisherTerm = r.objects(n, `${NS.dcterms}publisher`)[0];
  const publisher: Agent | undefined = publisherTerm ? r.agent(publisherTerm) : undefined;

  const distributionList = distributionNodes(r, entry);
  const distributions = sortDistributions(distributionList.map((d) => buildDistribution(r, d, options)), options.lang);

  return defined({
    uri: entry.resourceUri,
    contextId: entry.contextId,
    entryId: entry.entryId,
    kind: kind === 'other' ? 'dataset' : kind,
    title,
    description: descriptionOf(r, n),
    publisher,
    themes: r.values(n, [`${NS.dcat}theme`]),
    distributions,
    fields: datasetFields(r, n),
  });
}

/**
 * By title in the UI language's collation (untitled last), then by first format (none last); otherwise document order
 * (the sort is stable). U+FFFF, which no text in a model holds (htmlText drops it), collates after everything else.
 */
export function sortDistributions(list: readonly DistributionModel[], lang: string): DistributionModel[] {
  const collator = new Intl.Collator(lang || 'en', { sensitivity: 'base', numeric: true });
  return [...list].sort((a, b) =>
    collator.compare(a.title?.value ?? '\uffff', b.title?.value ?? '\uffff') ||
    collator.compare(a.formats[0]?.label ?? '\uffff', b.formats[0]?.label ?? '\uffff'));
}

/**
 * "Further information" rows in the order of §2.1, without the parts shown above them (title, description, theme,
 * publisher): contact point · keyword · identifier · other identifier · issued · modified · language · landing page
 * · conforms to · spatial · temporal · update frequency · version · version notes · source · access rights · has
 * version · is version of · in series · related · documentation · provenance · applicable legislation · HVD category
 * · creator · fee, then type and licence (not DCAT-AP dataset properties, but shown when a catalog has them).
 */
function datasetFields(r: ValueReader, n: Node): Field[] {
  const f: Field[] = [];
  const named = namedFields(f, r, n);
  pushField(f, 'contactPoint', dedupe(r.objects(n, `${NS.dcat}contactPoint`).flatMap((c) => r.contactValues(c, n.graph))));
  pushField(f, 'keyword', r.textValues(n, `${NS.dcat}keyword`));
  named('identifier', undefined, { url: true });
  pushField(f, 'otherIdentifier', otherIdentifiers(r, n));
  named('issued');
  named('modified');
  pushField(f, 'language', languageValues(r, n));
  named('landingPage', NS.dcat, { url: true });
  named('conformsTo');
  pushField(f, 'spatial', dedupe(r.objects(n, `${NS.dcterms}spatial`).map((t) => r.spatialValue(t, n.graph))));
  pushField(f, 'temporal', dedupe(r.objects(n, `${NS.dcterms}temporal`).map((t) => r.temporalValue(t, n.graph))));
  named('accrualPeriodicity');
  pushField(f, 'version', r.values(n, [`${NS.dcat}version`, `${NS.owl}versionInfo`]));
  const notes = r.text(n, [`${NS.adms}versionNotes`]);
  pushField(f, 'versionNotes', notes ? [{ kind: 'text', text: notes }] : []);
  named('source', undefined, { entries: true });
  named('accessRights');
  pushField(f, 'hasVersion', r.values(n, [`${NS.dcat}hasVersion`, `${NS.dcterms}hasVersion`], { entries: true }));
  named('isVersionOf', undefined, { entries: true });
  pushField(f, 'inSeries', dedupe(r.objects(n, `${NS.dcat}inSeries`).filter((t) => t.termType === 'NamedNode').map((t) => r.entryValue(t))));
  pushField(f, 'relation', relations(r, n));
  named('page', NS.foaf, { url: true });
  named('provenance');
  named('applicableLegislation', NS.dcatap);
  named('hvdCategory', NS.dcatap);
  pushField(f, 'creator', dedupe(r.objects(n, `${NS.dcterms}creator`).map((t) => r.agentValue(t, n.graph))));
  pushField(f, 'fee', feeValues(r, n));
  named('type');
  named('license');
  return f;
}

/** adms:identifier nodes → "notation (agency)"; URIs as links. */
export function otherIdentifiers(r: ValueReader, n: Node): Value[] {
  return dedupe(r.objects(n, `${NS.adms}identifier`).map((t): Value | undefined => {
    if (t.termType !== 'BlankNode') return r.value(t, n.graph, { url: true });
    const id = r.node(t, n.graph);
    const notation = r.objects(id, `${NS.skos}notation`).find((o) => o.termType === 'Literal')?.value.trim();
    if (!notation) return r.value(t, n.graph);
    const agency = r.text(id, [`${NS.adms}schemaAgency`]) ??
      r.objects(id, `${NS.dcterms}creator`).map((c) => r.agent(c, id.graph).name).find(Boolean);
    return textValue(agency ? `${notation} (${agency.value})` : notation);
  }));
}

/** dcterms:relation plus the targets of dcat:qualifiedRelation nodes. */
function relations(r: ValueReader, n: Node): Value[] {
  const direct = r.values(n, [`${NS.dcterms}relation`], { entries: true });
  const qualified = r.objects(n, `${NS.dcat}qualifiedRelation`).flatMap((q) => r.values(r.node(q, n.graph), [`${NS.dcterms}relation`], { entries: true }));
  return dedupe([...direct, ...qualified]);
}

/** schema:offers: a literal, or an Offer's description / name / price with currency, or its URL. */
export function feeValues(r: ValueReader, n: Node): Value[] {
  const offers = SCHEMA.flatMap((s) => r.objects(n, `${s}offers`));
  return dedupe(offers.map((o): Value | undefined => {
    if (o.termType !== 'BlankNode') return r.value(o, n.graph, { url: true });
    const on = r.node(o, n.graph);
    const text = r.text(on, SCHEMA.flatMap((s) => [`${s}description`, `${s}name`]).concat(`${NS.rdfs}label`));
    if (text) return { kind: 'text', text };
    const first = (local: string): Term | undefined => r.objectsOf(on, SCHEMA.map((s) => s + local))[0];
    const price = first('price')?.value.trim();
    const currency = first('priceCurrency')?.value.trim();
    if (price) return textValue(currency ? `${price} ${currency}` : price);
    const url = first('url');
    return url ? r.value(url, on.graph, { url: true }) : undefined;
  }));
}

