/**
 * Issue 29, hostile files: a catalog file is untrusted input. A dataset whose metadata nests blank nodes 100,000 deep
 * (`:p [ :p [ :p … ] ] ]`, a few hundred KB of Turtle) must still be a store: the engine gathers an entry's blank-node
 * closure without recursing once per level (a recursion blew the stack: "Maximum call stack size exceeded").
 * Runs the file store in the page-thread fallback (no Worker in Node), as file-store-answers.test.ts does.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { after, before, test } from 'node:test';
import { catalogFetch } from '../../src/store/file/file-store.ts';

const DEPTH = 100_000;
const P = 'https://deep.example/p';
const TTL = `@prefix dcat: <http://www.w3.org/ns/dcat#> . @prefix dct: <http://purl.org/dc/terms/> . @prefix : <https://deep.example/> .
<https://deep.example/ds> a dcat:Dataset ; dct:title "Deep nesting"@en ;
  :p ${'[ :p '.repeat(DEPTH)}"bottom"${' ]'.repeat(DEPTH)} .
`;

let host: Server;
let base: string;
before(async () => {
  host = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/turtle' }).end(TTL));
  await new Promise<void>((ok) => host.listen(0, '127.0.0.1', ok));
  const a = host.address();
  base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/deep.ttl#store/`;
});
after(() => new Promise<void>((done) => host.close(() => done())));

test('a dataset with blank nodes nested 100,000 deep is found, and its entry holds every level down to the bottom literal', async () => {
  const read = catalogFetch(base);
  const query = encodeURIComponent('rdfType:http\\://www.w3.org/ns/dcat#Dataset');
  const found = await read(`${base}search?type=solr&query=${query}&limit=5`);
  assert.equal(found.status, 200);
  const hits = (await found.json()) as { results: number; resource: { children: { entryId: string; contextId: string }[] } };
  assert.equal(hits.results, 1);
  const { contextId, entryId } = hits.resource.children[0]!;
  const entry = await read(`${base}${contextId}/entry/${entryId}?includeAll`);
  assert.equal(entry.status, 200);
  const json = (await entry.json()) as { metadata: Record<string, Record<string, { type: string; value: string }[]>> };
  const subjects = Object.values(json.metadata);
  const levels = subjects.filter((s) => s[P]?.length === 1);
  // the dataset's own :p and one per nested blank node but the innermost, whose :p is the literal
  assert.equal(levels.length, DEPTH + 1);
  assert.ok(subjects.some((s) => s[P]?.[0]?.type === 'literal' && s[P][0].value === 'bottom'), 'the innermost literal is in the metadata');
});
