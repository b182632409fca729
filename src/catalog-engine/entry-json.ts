/** JSON shapes of entries shared by the entry route and search children (§3.1, §2.8). */
import type { Triple } from '../rdf/graph.ts';
import type { DevStore, Entry } from './catalog.ts';
import { toJsonLd, toRdfJson } from './write.ts';

/** Guest rights on a public catalog (§2.8). */
export const GUEST_RIGHTS = ['readmetadata', 'readresource'];

function graphJson(triples: readonly Triple[], jsonLd: boolean): unknown {
  return jsonLd ? toJsonLd(triples) : toRdfJson(triples);
}

type Graphs = { info: unknown; metadata: unknown; relations: unknown };
/** RDF/JSON of entries, valid while the store version is unchanged (search pages reuse them). */
const rdfJsonCache = new WeakMap<Entry, { version: number; graphs: Graphs }>();

/** info + metadata + relations, as RDF/JSON or (rdfFormat=application/ld+json) JSON-LD. */
export async function entryGraphs(store: DevStore, e: Entry, jsonLd = false): Promise<Graphs> {
  if (!jsonLd) {
    const cached = rdfJsonCache.get(e);
    if (cached && cached.version === store.version) return cached.graphs;
    const graphs = { info: toRdfJson(store.infoGraph(e)), metadata: toRdfJson(e.metadata), relations: toRdfJson(e.relations) };
    rdfJsonCache.set(e, { version: store.version, graphs });
    return graphs;
  }
  return {
    info: graphJson(store.infoGraph(e), jsonLd),
    metadata: graphJson(e.metadata, jsonLd),
    relations: graphJson(e.relations, jsonLd),
  };
}

/** `GET {ctx}/entry/{id}` JSON: entryId + info; with includeAll also metadata, relations, rights, resource. */
export async function entryJson(store: DevStore, e: Entry, includeAll: boolean, jsonLd = false): Promise<Record<string, unknown>> {
  if (!includeAll) return { entryId: e.entryId, info: graphJson(store.infoGraph(e), jsonLd) };
  const graphs = await entryGraphs(store, e, jsonLd);
  return {
    entryId: e.entryId,
    ...graphs,
    rights: GUEST_RIGHTS,
    resource: e.file ? { sha256: e.file.sha256 } : {},
  };
}
