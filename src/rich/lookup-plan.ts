/**
 * What a dataset's rich parts add to the landing page's ONE batched lookup, read from the entry alone: the
 * visualization entries (`schema:diagram`) and, by the inverse `dcterms:source`, the showcases and ideas. Tiny and
 * DOM-free, in the landing chunk: the lookup goes out as soon as the entry is there, without waiting for the rich
 * content's chunks (issue 27 point 1), and the page knows from the entry which parts to keep a place for.
 */
import { resourceTerm } from '../dcat/entry.ts';
import { NS } from '../rdf/namespaces.ts';
import type { InverseLookup, StoreEntry } from '../store/types.ts';

const DIAGRAM = [`${NS.schema}diagram`, 'https://schema.org/diagram'];
/** At most this many visualizations per dataset (one batch of the store's lookup). */
export const MAX_DIAGRAMS = 20;

export const SHOWCASE_TYPE = 'http://entryscape.com/terms/Result';
export const IDEA_TYPE = 'http://entryscape.com/terms/Idea';
/** What the landing page passes as `inverse` to its batched lookup. */
export const EXTRAS_INVERSE_PREDICATE = `${NS.dcterms}source`;

/** `schema:diagram` objects of the dataset (http and https schema.org): added to the landing page's ONE batched lookup. */
export function diagramUris(dataset: StoreEntry): string[] {
  const self = resourceTerm(dataset);
  const uris = DIAGRAM.flatMap((p) => dataset.metadata.objects(self, p))
    .filter((t) => t.termType === 'NamedNode')
    .map((t) => t.value)
    .filter((u) => u !== dataset.resourceUri);
  return [...new Set(uris)].slice(0, MAX_DIAGRAMS);
}

/** The `inverse` option that finds the showcases and ideas of `datasetUri` in the batched lookup. */
export function extrasInverse(datasetUri: string): { predicate: string; object: string; rdfTypes: string[] } {
  return { predicate: EXTRAS_INVERSE_PREDICATE, object: datasetUri, rdfTypes: [SHOWCASE_TYPE, IDEA_TYPE] };
}

/** The parts whose parameters decide what the lookup brings (hook.ts RichFlags, structurally). */
export interface LookupFlags {
  readonly visualizations: boolean;
  readonly tabbedVisualizations: boolean;
  readonly extras: boolean;
}

/** What the ONE batched lookup must also bring for the parts that are on. */
export function lookupPlan(entry: StoreEntry, flags: LookupFlags): { uris: string[]; inverse?: InverseLookup } {
  const uris = flags.visualizations || flags.tabbedVisualizations ? diagramUris(entry) : [];
  return flags.extras ? { uris, inverse: extrasInverse(entry.resourceUri) } : { uris };
}
