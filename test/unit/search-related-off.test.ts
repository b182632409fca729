/**
 * Format and licence facets on a store WITHOUT `related` indexing (EntryStore's default, entrystore.solr.related=off;
 * issue 25 point 3): distributions are entries of their own, so their formats and licences are not on the dataset
 * documents. The search notices from its first answer, hides both groups with one console note naming the store
 * setting, and never sends a format or licence filter that can only yield 0.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createStoreServer, type StoreServer } from '../../dev-store/server.ts';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { SearchScope } from '../../src/search/scope.ts';
import { DEFAULT_FACETS } from '../../src/search/facets.ts';
import { loadAllMessages } from '../../src/i18n/index.ts';
import { resetWarnings } from '../../src/config/warn.ts';

const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';
const TTL = `
@prefix dcat: <${DCAT}> . @prefix dcterms: <${DCT}> .
<http://ex.org/ds/1> a dcat:Dataset ; dcterms:title "Ett"@en ; dcat:distribution <http://ex.org/dist/1> ;
  dcat:theme <http://publications.europa.eu/resource/authority/data-theme/ENVI> .
<http://ex.org/ds/2> a dcat:Dataset ; dcterms:title "Två"@en ; dcat:distribution <http://ex.org/dist/2> .
<http://ex.org/dist/1> a dcat:Distribution ; dcterms:format "text/csv" ; dcterms:license <http://creativecommons.org/licenses/by/4.0/> .
<http://ex.org/dist/2> a dcat:Distribution ; dcterms:format "application/json" .
`;

describe('format and licence facets on a store without related indexing', () => {
  let server: StoreServer;
  const requests: string[] = [];
  const notes: string[] = [];
  let restore: () => void;
  before(async () => {
    await loadAllMessages();
    resetWarnings();
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void notes.push(args.map(String).join(' '));
    restore = () => void (console.warn = warn);
    server = await createStoreServer({ catalogs: [{ file: 'related-off.ttl', text: TTL }], port: 0 });
  });
  after(async () => {
    restore();
    await server?.close();
  });

  const scopeWith = (filters: Record<string, string[]>): SearchScope => {
    const client = new EntryStoreClient(server.url, { fetch: (input, init) => (requests.push(String(input)), fetch(input, init)) });
    const scope = new SearchScope({ store: client });
    scope.configure({ facets: [...DEFAULT_FACETS], lang: 'en', types: ['dataset'] });
    scope.update({ terms: [], filters, page: 1 }, { history: 'none' });
    return scope;
  };

  test('no format or licence group, other groups stay; one console note names entrystore.solr.related', async () => {
    const scope = scopeWith({});
    await scope.settled();
    assert.equal(scope.results!.total, 2);
    const groups = scope.results!.facets.filter((g) => g.values.length > 0).map((g) => g.name);
    assert.ok(groups.includes('theme'), groups.join());
    assert.ok(!scope.results!.facets.some((g) => (g.name === 'format' || g.name === 'license') && g.values.length > 0));
    const related = notes.filter((n) => /entrystore\.solr\.related=on/.test(n));
    assert.equal(related.length, 1, notes.join('\n'));
    // a second search on the page does not repeat the note
    const again = scopeWith({});
    await again.settled();
    assert.equal(notes.filter((n) => /entrystore\.solr\.related=on/.test(n)).length, 1);
  });

  test('a format or licence filter (from a link or the URL) is not sent: all datasets, no zero-yield', async () => {
    const scope = scopeWith({});
    await scope.settled();
    const before = requests.length;
    scope.update({ terms: [], filters: { format: ['csv'], license: ['http://creativecommons.org/licenses/by/4.0/'] }, page: 1 }, { history: 'none' });
    await scope.settled();
    assert.equal(scope.results!.total, 2);
    assert.ok(requests.slice(before).every((u) => !decodeURIComponent(u).includes('3494e2ce')), 'no licence clause sent');
    assert.ok(!scope.results!.facets.some((g) => (g.name === 'format' || g.name === 'license') && g.values.length > 0));
  });
});
