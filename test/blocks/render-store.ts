// A CatalogStore over a Turtle fixture parsed in the browser, for the render tests (test/blocks/render-*.test.ts):
// every typed subject becomes one entry of context "r" whose metadata is the whole graph (the readers pick the
// subject's own triples). Also takes extra entries built in code (huge literals that no fixture file should hold).
import { Graph, type Term } from '../../src/rdf/graph.ts';
import { makeLiteral } from '../../src/rdf/rdfjson.ts';
import type { SearchResult, StoreEntry } from '../../src/store/types.ts';
import { MemoryStore, RDF_TYPE } from './memory-store.ts';
import { rdflibBrowserBuild } from './helpers.ts';

export const RENDER_STORE = 'http://render.example/store/';

/** A memory store whose search answers every entry of the given type (datasets by default) and the given facets. */
export class RenderStore extends MemoryStore {
  facets: SearchResult['facets'] = [];
  readonly listed: StoreEntry[] = [];
  override async search(): Promise<SearchResult> {
    this.calls.push('search');
    return { total: this.listed.length, offset: 0, limit: 10, entries: this.listed, facets: this.facets };
  }
}

let next = 0;
/** Adds one entry per typed subject of `graph`; datasets are listed by `search`. */
export function addGraph(store: RenderStore, graph: Graph): void {
  const subjects = new Set<string>();
  for (const tr of graph.triples()) if (tr.predicate === RDF_TYPE && tr.subject.termType === 'NamedNode') subjects.add(tr.subject.value);
  for (const s of subjects) {
    const e = store.add('r', `e${++next}`, s, graph);
    if (graph.has(s, RDF_TYPE, 'http://www.w3.org/ns/dcat#Dataset')) store.listed.push(e);
  }
}

interface RdfTerm {
  termType: string;
  value: string;
  language?: string;
  datatype?: { value: string };
}
interface Rdf {
  graph(): { statements: { subject: RdfTerm; predicate: RdfTerm; object: RdfTerm }[] };
  parse(text: string, store: unknown, base: string, type: string, cb: (err: unknown) => void): void;
}

const rdflib = (): Promise<Rdf> => rdflibBrowserBuild<Rdf>();

export async function parseTurtle(ttl: string): Promise<Graph> {
  const rdf = await rdflib();
  const parsed = rdf.graph();
  await new Promise<void>((resolve, reject) => rdf.parse(ttl, parsed, 'https://render.example.org/', 'text/turtle', (e) => (e ? reject(e) : resolve())));
  const term = (t: RdfTerm): Term =>
    t.termType === 'Literal' ? makeLiteral(t.value, t.language || undefined, t.datatype?.value) : { termType: t.termType === 'BlankNode' ? 'BlankNode' : 'NamedNode', value: t.value };
  const g = new Graph();
  for (const st of parsed.statements) g.add(term(st.subject), st.predicate.value, term(st.object));
  return g;
}

export async function fixtureStore(path: string): Promise<RenderStore> {
  const store = new RenderStore(RENDER_STORE);
  addGraph(store, await parseTurtle(await (await fetch(path)).text()));
  return store;
}
