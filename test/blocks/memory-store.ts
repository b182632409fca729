// An in-memory CatalogStore for block tests that need data the dev store cannot hold (uploaded store files with
// file names in their entry information) and an exact record of the calls a block makes.
import { Graph, literal, namedNode, type Term } from '../../src/rdf/graph.ts';
import { NotFoundError } from '../../src/store/errors.ts';
import type { CatalogStore, EntryRef, SearchResult, StoreEntry } from '../../src/store/types.ts';

export const RDF_TYPE = 'http://www.w3.org/1999/02/22-rdf-syntax-ns#type';
export const DCAT = 'http://www.w3.org/ns/dcat#';
export const DCTERMS = 'http://purl.org/dc/terms/';
export const RDFS = 'http://www.w3.org/2000/01/rdf-schema#';
export const XSD = 'http://www.w3.org/2001/XMLSchema#';

type Obj = Term | string;
/** `[predicate, object]` pairs; a string object is an IRI. */
export type Props = ReadonlyArray<readonly [string, Obj]>;

export function graphOf(subject: string, props: Props, into = new Graph()): Graph {
  for (const [p, o] of props) into.add(namedNode(subject), p, typeof o === 'string' ? namedNode(o) : o);
  return into;
}

export { literal };

export class MemoryStore implements CatalogStore {
  readonly calls: string[] = [];
  readonly #entries: StoreEntry[] = [];
  constructor(readonly baseUrl: string) {}

  add(contextId: string, entryId: string, resourceUri: string, metadata: Graph, info = new Graph()): StoreEntry {
    const e: StoreEntry = {
      contextId, entryId, resourceUri, metadata, info,
      entryUri: `${this.baseUrl}${contextId}/entry/${entryId}`,
      relations: new Graph(),
    };
    this.#entries.push(e);
    return e;
  }

  async getEntry(ref: EntryRef): Promise<StoreEntry> {
    this.calls.push(`getEntry ${ref.contextId}/${ref.entryId}`);
    const e = this.#entries.find((x) => x.contextId === ref.contextId && x.entryId === ref.entryId);
    if (!e) throw new NotFoundError('no such entry');
    return e;
  }
  async getEntryByResourceUri(uri: string): Promise<StoreEntry> {
    this.calls.push(`getEntryByResourceUri ${uri}`);
    const e = this.#entries.find((x) => x.resourceUri === uri);
    if (!e) throw new NotFoundError('no such entry');
    return e;
  }
  async lookupByLiteral(value: string, options?: { predicate?: string }): Promise<StoreEntry> {
    this.calls.push(`lookupByLiteral ${value}`);
    const p = options?.predicate ?? `${DCTERMS}identifier`;
    const e = this.#entries.find((x) => x.metadata.objects(x.resourceUri, p).some((t) => t.value === value));
    if (!e) throw new NotFoundError('no hit');
    return e;
  }
  async lookupByUri(value: string, predicate: string): Promise<StoreEntry> {
    this.calls.push(`lookupByUri ${value}`);
    const e = this.#entries.find((x) => x.metadata.objects(x.resourceUri, predicate).some((t) => t.value === value));
    if (!e) throw new NotFoundError('no hit');
    return e;
  }
  async getEntriesByResourceUris(uris: readonly string[]): Promise<Map<string, StoreEntry>> {
    this.calls.push(`batch ${uris.length}`);
    const out = new Map<string, StoreEntry>();
    for (const u of uris) {
      const e = this.#entries.find((x) => x.resourceUri === u);
      if (e) out.set(u, e);
    }
    return out;
  }
  async search(): Promise<SearchResult> {
    this.calls.push('search');
    return { total: 0, offset: 0, limit: 0, entries: [], facets: [] };
  }
}
