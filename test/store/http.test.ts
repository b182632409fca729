import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseParams } from '../../src/catalog-engine/params.ts';
import type { StoreServer } from '../../dev-store/server.ts';
import { getJson, localFixture, startStore } from './helpers.ts';

describe('parameter parsing (§2.1)', () => {
  test('split after the last ?, form decoding, + kept in format and rdfFormat', () => {
    const p = parseParams('/store/search?x=1?type=solr&query=a+AND+b&format=application/rdf+xml&rdfFormat=application/ld+json&includeAll');
    assert.equal(p.has('x'), false);
    assert.equal(p.get('type'), 'solr');
    assert.equal(p.get('query'), 'a AND b');
    assert.equal(p.get('format'), 'application/rdf+xml');
    assert.equal(p.get('rdfFormat'), 'application/ld+json');
    assert.equal(p.get('includeAll'), '');
  });

  test('raw = truncates a value, %3D survives, duplicate keys: last wins', () => {
    const p = parseParams('/s?query=a=b&q2=a%3Db&limit=1&limit=2');
    assert.equal(p.get('query'), 'a');
    assert.equal(p.get('q2'), 'a=b');
    assert.equal(p.get('limit'), '2');
  });
});

describe('HTTP behaviour', () => {
  let s: StoreServer;
  before(async () => {
    s = await startStore([localFixture('catalog.ttl')], { corsOrigins: ['https://portal.example.org', 'http://localhost:5173'] });
  });
  after(() => s.close());

  test('CORS: Origin echoed on reads, Vary: Origin, headers exposed', async () => {
    const r = await fetch(`${s.url}search?type=solr&query=*:*`, { headers: { Origin: 'https://portal.example.org' } });
    assert.equal(r.headers.get('access-control-allow-origin'), 'https://portal.example.org');
    assert.match(r.headers.get('vary')!, /Origin/);
    assert.match(r.headers.get('access-control-expose-headers')!, /ETag/);
    assert.equal(r.headers.get('access-control-allow-credentials'), null, 'reads need no cookies');
    const noOrigin = await fetch(`${s.url}search?type=solr&query=*:*`);
    assert.equal(noOrigin.headers.get('access-control-allow-origin'), null);
  });

  test('CORS preflight: OPTIONS → 204 with allowed methods and the requested headers', async () => {
    const r = await fetch(`${s.url}1/entry/1`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'accept, x-custom' },
    });
    assert.equal(r.status, 204);
    assert.equal(r.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    assert.match(r.headers.get('access-control-allow-methods')!, /GET/);
    assert.equal(r.headers.get('access-control-allow-headers'), 'accept, x-custom');
  });

  test('unknown paths → 404, JSON {"error"} when JSON is preferred, text otherwise', async () => {
    const json = await getJson(`${s.url}nothing/here`);
    assert.equal(json.status, 404);
    assert.match(json.body.error, /There is no resource at this URI/);
    const text = await fetch(`${s.url}nothing/here`, { headers: { Accept: 'text/html' } });
    assert.equal(text.status, 404);
    assert.match(text.headers.get('content-type')!, /^text\/plain/);
  });

  test('writes are not part of the read API: 405 with Allow', async () => {
    const r = await fetch(`${s.url}1/entry/1`, { method: 'DELETE' });
    assert.equal(r.status, 405);
    assert.match(r.headers.get('allow')!, /GET/);
  });

  test('HEAD on an entry: headers only', async () => {
    const r = await fetch(`${s.url}1/entry/1`, { method: 'HEAD' });
    assert.equal(r.status, 200);
    assert.ok(r.headers.get('etag'));
    assert.equal(await r.text(), '');
  });

  test('GET / lists the contexts and links entries, with store content escaped', async () => {
    const r = await fetch(`http://localhost:${s.port}/`);
    assert.match(r.headers.get('content-type')!, /^text\/html/);
    const html = await r.text();
    assert.match(html, /Context 1: catalog/);
    assert.match(html, new RegExp(`href="${s.url}1/entry/1\\?includeAll&amp;format=application/json"`));
  });

  test('JSONP: an unsafe callback name is not echoed', async () => {
    const r = await fetch(`${s.url}search?type=solr&query=*:*&callback=alert(1)`);
    assert.match(r.headers.get('content-type')!, /^application\/json/);
    assert.doesNotMatch(await r.text(), /alert/);
  });

  test('plugins can add routes next to the store (later: upload job APIs)', async () => {
    const p = await startStore([localFixture('tiny.nt')], {
      plugins: [(app) => app.router.add(['GET'], /^\/api\/ping$/, ({ res }) => void res.end(`pong ${app.store.contexts.size}`))],
    });
    try {
      assert.equal(await (await fetch(`http://localhost:${p.port}/api/ping`)).text(), 'pong 1');
    } finally {
      await p.close();
    }
  });

  test('baseUrl option: URIs use it and its path is the route prefix', async () => {
    const p = await startStore([localFixture('tiny.nt')], { baseUrl: 'http://127.0.0.1:1/catalog/store' });
    try {
      const e = [...p.store.entries()][0]!;
      assert.equal(e.entryUri, 'http://127.0.0.1:1/catalog/store/1/entry/1');
      const r = await getJson(`http://localhost:${p.port}/catalog/store/1/entry/1`);
      assert.equal(r.status, 200);
      assert.equal(r.body.entryId, '1');
    } finally {
      await p.close();
    }
  });
});
