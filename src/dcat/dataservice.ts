/**
 * The data service landing page's view model (behaviour doc §2.2): title, indicators, publisher, description,
 * "Access" (endpoint URLs, endpoint descriptions, conforms to), "Datasets served" (linked to their landing pages,
 * titles from one batched lookup) and "Further information".
 */
import { NS } from '../rdf/namespaces.ts';
import type { StoreEntry } from '../store/types.ts';
import type { DataServiceModel, Field } from './model.ts';
import { feeValues, otherIdentifiers } from './dataset.ts';
import { descriptionOf, resourceTerm } from './entry.ts';
import { TITLE_PROPERTIES, type Node } from './read.ts';
import { dedupe, pushField, ValueReader } from './read-values.ts';
import { safeHref } from './safe.ts';

const { dcterms, dcat, foaf, dcatap } = NS;

export { linkedResourcesOfService } from './entry.ts';

export function buildDataServiceModel(
  entry: StoreEntry,
  related: ReadonlyMap<string, StoreEntry>,
  options: { lang: string; storeBaseUrl: string },
): DataServiceModel {
  const r = new ValueReader(entry.metadata, related, options.lang);
  const n: Node = { graph: entry.metadata, term: resourceTerm(entry) };
  const title = r.text(n, TITLE_PROPERTIES);
  const publisherTerm = r.objects(n, `${dcterms}publisher`)[0];
  const hrefs = (predicate: string): string[] =>
    [...new Set(r.objects(n, predicate).map((t) => safeHref(t.value)).filter((h): h is string => !!h))];
  return {
    uri: entry.resourceUri,
    contextId: entry.contextId,
    entryId: entry.entryId,
    ...(title ? { title } : {}),
    description: descriptionOf(r, n),
    ...(publisherTerm ? { publisher: r.agent(publisherTerm) } : {}),
    endpointUrls: hrefs(`${dcat}endpointURL`),
    endpointDescriptions: hrefs(`${dcat}endpointDescription`),
    conformsTo: r.values(n, [`${dcterms}conformsTo`]),
    servedDatasets: dedupe(r.objects(n, `${dcat}servesDataset`).filter((t) => t.termType === 'NamedNode').map((t) => r.entryValue(t))),
    fields: serviceFields(r, n),
  };
}

/**
 * "Further information" (§2.2): licence · access rights · landing page · documentation · contact point · keyword ·
 * theme · type · applicable legislation · HVD category, then, when present, identifier · other identifier · issued ·
 * modified · creator · fee.
 */
function serviceFields(r: ValueReader, n: Node): Field[] {
  const f: Field[] = [];
  pushField(f, 'license', r.values(n, [`${dcterms}license`]));
  pushField(f, 'accessRights', r.values(n, [`${dcterms}accessRights`]));
  pushField(f, 'landingPage', r.values(n, [`${dcat}landingPage`], { url: true }));
  pushField(f, 'page', r.values(n, [`${foaf}page`], { url: true }));
  pushField(f, 'contactPoint', dedupe(r.objects(n, `${dcat}contactPoint`).flatMap((c) => r.contactValues(c, n.graph))));
  pushField(f, 'keyword', r.textValues(n, `${dcat}keyword`));
  pushField(f, 'theme', r.values(n, [`${dcat}theme`]));
  pushField(f, 'type', r.values(n, [`${dcterms}type`]));
  pushField(f, 'applicableLegislation', r.values(n, [`${dcatap}applicableLegislation`]));
  pushField(f, 'hvdCategory', r.values(n, [`${dcatap}hvdCategory`]));
  pushField(f, 'identifier', r.values(n, [`${dcterms}identifier`], { url: true }));
  pushField(f, 'otherIdentifier', otherIdentifiers(r, n));
  pushField(f, 'issued', r.values(n, [`${dcterms}issued`]));
  pushField(f, 'modified', r.values(n, [`${dcterms}modified`]));
  pushField(f, 'creator', dedupe(r.objects(n, `${dcterms}creator`).map((t) => r.agentValue(t, n.graph))));
  pushField(f, 'fee', feeValues(r, n));
  return f;
}
