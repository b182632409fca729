/**
 * Small readers of one entry's own graph, shared by the result rows of a search (src/search/view.ts, the lookup of
 * a row's first expansion) and the full view models (dataset.ts, distribution.ts, dataservice.ts). Kept apart so a
 * search page does not load the view models before a row is expanded.
 */
import { blankNode, namedNode, type Graph, type Term } from '../rdf/graph.ts';
import { NS } from '../rdf/namespaces.ts';
import type { StoreEntry } from '../store/types.ts';
import type { Text } from './model.ts';
import type { Node, Reader } from './read.ts';
import { htmlText, paragraphs } from './text.ts';

/** Term of an entry's resource (harvested blank-node datasets keep their `_:` label as resource key). */
export function resourceTerm(entry: StoreEntry): Term {
  return entry.resourceUri.startsWith('_:') ? blankNode(entry.resourceUri.slice(2)) : namedNode(entry.resourceUri);
}

/** Every IRI object in the entries' metadata: what decides which lazy vocabulary chunks labelling them a page needs. */
export function* objectIris(entries: Iterable<StoreEntry>): Generator<string> {
  for (const e of entries) for (const t of e.metadata.triples()) if (t.object.termType === 'NamedNode') yield t.object.value;
}

export function namedObjects(g: Graph, subject: Term, predicates: readonly string[]): string[] {
  return predicates.flatMap((p) => g.objects(subject, p)).filter((t) => t.termType === 'NamedNode').map((t) => t.value);
}

const LINKED_PREDICATES = [
  `${NS.dcat}distribution`, `${NS.dcterms}publisher`, `${NS.dcat}contactPoint`, `${NS.dcterms}creator`, `${NS.dcat}inSeries`,
  `${NS.dcat}servesDataset`, `${NS.dcterms}source`, `${NS.dcat}hasVersion`, `${NS.dcterms}hasVersion`, `${NS.dcterms}isVersionOf`,
  `${NS.dcterms}relation`,
];

/**
 * Every URI the landing page wants resolved in one batched lookup: distributions, publisher, contact points,
 * creators, dataset series, served datasets, related datasets (source, versions, relation), and the access services
 * of distributions described in the entry's own graph. Deduplicated, the entry itself excluded.
 */
export function linkedResources(entry: StoreEntry): string[] {
  const g = entry.metadata;
  const self = resourceTerm(entry);
  const uris = namedObjects(g, self, LINKED_PREDICATES);
  for (const d of g.objects(self, `${NS.dcat}distribution`)) uris.push(...namedObjects(g, d, [`${NS.dcat}accessService`]));
  return othersOnce(entry, uris);
}

/** `uris` without duplicates and without the entry's own resource. */
const othersOnce = (entry: StoreEntry, uris: readonly string[]): string[] => [...new Set(uris)].filter((u) => u !== entry.resourceUri);

/** URIs to resolve in one batched lookup: publisher, contact points, creators, served datasets. */
export function linkedResourcesOfService(entry: StoreEntry): string[] {
  return othersOnce(entry, namedObjects(entry.metadata, resourceTerm(entry), [
    `${NS.dcterms}publisher`, `${NS.dcat}contactPoint`, `${NS.dcterms}creator`, `${NS.dcat}servesDataset`,
  ]));
}

/** Paragraphs of the description in the UI language (dcterms:description, else dc:description). */
export function descriptionOf(r: Reader, n: Node): Text[] {
  const d = r.text(n, [`${NS.dcterms}description`, `${NS.dc}description`]);
  return d ? paragraphs(d.value).map((value) => ({ value, lang: d.lang })) : [];
}

/** The raw value of a `dcterms:format` / `dcat:mediaType` object (IMT nodes carry it in rdf:value or a label). */
export function formatRaw(r: Reader, t: Term, within: Graph): string | undefined {
  const v = t.termType !== 'BlankNode' ? t
    : r.objectsOf(r.node(t, within), [`${NS.rdf}value`, `${NS.rdfs}label`, `${NS.dcterms}title`, `${NS.skos}prefLabel`])[0];
  return htmlText(v?.value.trim() ?? '') || undefined;
}
