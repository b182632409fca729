/**
 * Indicators (behaviour doc §6.6) of a search result row, read from the row entry's own graph only: no view model,
 * no related entries. Uses the core reader (read.ts), never src/dcat/dataset.ts, so a search page does not load
 * the landing view models for it. Same rules as `indicatorsOf` in dataset.ts (test/unit/indicators-entry.test.ts
 * holds the two together): access rights, update frequency, licence (the dataset's, else that of the first
 * distribution described in the graph), high-value dataset (only the HVD regulation counts), national dataset
 * (dcterms:subject present), fee (schema:offers), and for data services the service type. A value without a known
 * label is left out: never a bare URI.
 */
import type { Graph, Term } from '../rdf/graph.ts';
import { NS } from '../rdf/namespaces.ts';
import { msg, type Lang } from '../i18n/index.ts';
import type { StoreEntry } from '../store/types.ts';
import type { Indicator, Text } from '../dcat/model.ts';
import { Reader, type Node } from '../dcat/read.ts';
import { resourceTerm } from '../dcat/entry.ts';
import { entryKind } from '../dcat/kind.ts';
import { ccVariant, isHvdLegislation } from '../dcat/vocab-indicators.ts';

const { dcterms, dcat, dcatap } = NS;
const SCHEMA = [NS.schema, 'https://schema.org/'];

/** The indicators of a node (`n`) whose distributions are `distributions` (for the licence fallback). */
export function indicatorsFrom(r: Reader, n: Node, distributions: readonly Node[], serviceTypes = false): Indicator[] {
  const out: Indicator[] = [];
  const labelled = (key: string, t: Term | undefined, within: Graph, extra: Partial<Indicator> = {}): void => {
    if (!t) return;
    const text = r.label(t, within);
    if (text) out.push({ key, text, ...(t.termType === 'NamedNode' ? { uri: t.value } : {}), ...extra });
  };
  labelled('access', r.objects(n, `${dcterms}accessRights`)[0], n.graph);
  labelled('frequency', r.objects(n, `${dcterms}accrualPeriodicity`)[0], n.graph);
  if (serviceTypes) {
    const types = r.objects(n, `${dcterms}type`).map((t) => r.label(t, n.graph)).filter((t): t is Text => !!t);
    if (types.length) out.push({ key: 'serviceType', text: { value: types.map((t) => t.value).join(', '), lang: types[0]!.lang } });
  }
  const licenceHolder = [n, ...distributions].find((d) => r.objects(d, `${dcterms}license`).length > 0);
  if (licenceHolder) {
    const lic = r.objects(licenceHolder, `${dcterms}license`)[0]!;
    const variant = lic.termType === 'NamedNode' ? ccVariant(lic.value) : undefined;
    labelled('license', lic, licenceHolder.graph, variant ? { variant } : {});
  }
  const own = (key: string): Text => ({ value: msg(r.ui, `ind.${key}`), lang: r.ui });
  if (r.objects(n, `${dcatap}applicableLegislation`).some((t) => isHvdLegislation(t.value))) out.push({ key: 'hvd', text: own('hvd') });
  if (r.objects(n, `${dcterms}subject`).length > 0) out.push({ key: 'national', text: own('national') });
  if (SCHEMA.some((s) => r.objects(n, `${s}offers`).length > 0)) out.push({ key: 'fee', text: own('fee') });
  return out;
}

/**
 * Indicators of an entry (dataset, series or data service): from its own metadata graph (a search row), plus the
 * distribution entries among `related` (a landing page or an expanded row, whose batched lookup brought them: a
 * licence given only on a distribution entry of its own is seen there, not in the row).
 * Labels of lazily loaded vocabularies (frequency, licence) need `loadVocabulariesFor` first, else those indicators
 * are left out.
 */
export function entryIndicators(entry: StoreEntry, lang: Lang, related: ReadonlyMap<string, StoreEntry> = new Map()): Indicator[] {
  const r = new Reader(entry.metadata, related, lang);
  const n: Node = { graph: entry.metadata, term: resourceTerm(entry) };
  const distributions = r.objects(n, `${dcat}distribution`)
    .filter((t) => t.termType !== 'Literal')
    .map((t) => r.node(t))
    .filter((d) => d.graph.predicates(d.term).length > 0);
  return indicatorsFrom(r, n, distributions, entryKind(entry) === 'service');
}
