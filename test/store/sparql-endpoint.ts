/**
 * A real SPARQL 1.1 endpoint for the tests of the SPARQL store (issue 29 point 3): Oxigraph (a SPARQL database,
 * compiled to WebAssembly, from npm) loaded with a catalog file and served over HTTP as the SPARQL Protocol says —
 * `GET ?query=…`, the answer's format by `Accept` — with CORS for any origin, as public endpoints send it.
 */
import { createServer, type Server } from 'node:http';
import { Store } from 'oxigraph';

export interface SparqlEndpoint {
  readonly url: string;
  /** The queries asked, in order. */
  readonly queries: string[];
  close(): Promise<void>;
}

const FORMATS = ['application/n-triples', 'text/turtle', 'application/rdf+xml'];

export async function startSparqlEndpoint(turtle: string, baseIri: string, host = '127.0.0.1'): Promise<SparqlEndpoint> {
  const store = new Store();
  store.load(turtle, { format: 'text/turtle', base_iri: baseIri });
  const queries: string[] = [];
  const server: Server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*' };
    const url = new URL(req.url ?? '/', 'http://x');
    const query = url.searchParams.get('query');
    if (url.pathname !== '/sparql' || !query) return void res.writeHead(400, { ...cors, 'content-type': 'text/plain' }).end('no query');
    queries.push(query);
    const accept = req.headers.accept ?? '';
    const format = FORMATS.find((f) => accept.includes(f)) ?? 'application/n-triples';
    try {
      const body = store.query(query, { results_format: format }) as string;
      res.writeHead(200, { ...cors, 'content-type': format }).end(body);
    } catch (e) {
      res.writeHead(400, { ...cors, 'content-type': 'text/plain' }).end(String(e));
    }
  });
  await new Promise<void>((ok) => server.listen(0, host, ok));
  const a = server.address();
  const port = typeof a === 'object' && a ? a.port : 0;
  return { url: `http://${host}:${port}/sparql`, queries, close: () => new Promise((done) => server.close(() => done())) };
}
