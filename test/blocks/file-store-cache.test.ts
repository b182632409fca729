// Issue 29: the file store's cache in a real browser's IndexedDB — packed triples come back as written, the latest 3
// catalogs are kept, and an IndexedDB that refuses (private mode, blocked, quota) is no cache rather than an error.
import { expect } from '@open-wc/testing';
import { CACHED_CATALOGS, catalogCache, TriplePacker, unpackTriples, type CachedCatalog } from '../../src/store/file/cache.ts';
import type { Triple } from '../../src/rdf/graph.ts';

const TRIPLES: Triple[] = [
  { subject: { termType: 'NamedNode', value: 'https://example.org/ds/1' }, predicate: 'http://purl.org/dc/terms/title', object: { termType: 'Literal', value: 'Badplatser', language: 'sv' } },
  { subject: { termType: 'NamedNode', value: 'https://example.org/ds/1' }, predicate: 'http://purl.org/dc/terms/issued', object: { termType: 'Literal', value: '2024-01-02', datatype: 'http://www.w3.org/2001/XMLSchema#date' } },
  { subject: { termType: 'NamedNode', value: 'https://example.org/ds/1' }, predicate: 'http://www.w3.org/ns/dcat#distribution', object: { termType: 'BlankNode', value: 'c1_b0' } },
  { subject: { termType: 'BlankNode', value: 'c1_b0' }, predicate: 'http://purl.org/dc/terms/title', object: { termType: 'Literal', value: 'CSV' } },
];

function catalog(url: string, validator = '"v1"'): CachedCatalog {
  const packer = new TriplePacker();
  TRIPLES.forEach(packer.add);
  return { url, validator, loadTime: Date.UTC(2026, 0, 1), triples: packer.packed() };
}

const unpacked = (c: CachedCatalog): Triple[] => {
  const out: Triple[] = [];
  unpackTriples(c.triples, (t) => out.push(t));
  return out;
};

describe('file store cache (IndexedDB)', () => {
  const prefix = `https://example.org/${Math.random().toString(36).slice(2)}/`;

  it('gives back what was written: the same triples, validator and load time', async () => {
    const cache = catalogCache();
    await cache.write(catalog(`${prefix}a.ttl`));
    const back = await catalogCache().read(`${prefix}a.ttl`);
    expect(back?.validator).to.equal('"v1"');
    expect(back?.loadTime).to.equal(Date.UTC(2026, 0, 1));
    expect(unpacked(back!)).to.deep.equal(TRIPLES);
  });

  it('a new version of a file replaces the kept one; drop removes it', async () => {
    const cache = catalogCache();
    await cache.write(catalog(`${prefix}b.ttl`, '"v1"'));
    await cache.write(catalog(`${prefix}b.ttl`, '"v2"'));
    expect((await cache.read(`${prefix}b.ttl`))?.validator).to.equal('"v2"');
    await cache.drop(`${prefix}b.ttl`);
    expect(await cache.read(`${prefix}b.ttl`)).to.equal(undefined);
  });

  it(`keeps the ${CACHED_CATALOGS} catalogs written last`, async () => {
    const cache = catalogCache();
    for (const name of ['c1', 'c2', 'c3', 'c4']) {
      await cache.write(catalog(`${prefix}${name}.ttl`));
      await new Promise((r) => setTimeout(r, 5));
    }
    const kept = await Promise.all(['c1', 'c2', 'c3', 'c4'].map(async (n) => (await cache.read(`${prefix}${n}.ttl`)) !== undefined));
    expect(kept).to.deep.equal([false, true, true, true]);
  });

  it('keeps answers next to a catalog\'s triples only; a new version of the triples, or dropping them, drops the answers', async () => {
    const cache = catalogCache();
    const answers = { url: `${prefix}e.ttl`, validator: '"v1"', answers: [['https://x/e.ttl#store/search?q', 200, '{"results":1}'] as const] };
    await cache.writeAnswers(answers);
    expect(await cache.readAnswers(`${prefix}e.ttl`)).to.equal(undefined);
    await cache.write(catalog(`${prefix}e.ttl`));
    await cache.writeAnswers(answers);
    expect(await cache.readAnswers(`${prefix}e.ttl`)).to.deep.equal(answers);
    await cache.write(catalog(`${prefix}e.ttl`, '"v2"'));
    expect(await cache.readAnswers(`${prefix}e.ttl`)).to.equal(undefined);
    await cache.writeAnswers({ ...answers, validator: '"v2"' });
    await cache.drop(`${prefix}e.ttl`);
    expect(await cache.readAnswers(`${prefix}e.ttl`)).to.equal(undefined);
  });

  it('drops the answers of a catalog that falls out of the last ones kept', async () => {
    const cache = catalogCache();
    await cache.write(catalog(`${prefix}f1.ttl`));
    await cache.writeAnswers({ url: `${prefix}f1.ttl`, validator: '"v1"', answers: [['u', 200, '{}']] });
    for (const name of ['f2', 'f3', 'f4']) {
      await new Promise((r) => setTimeout(r, 5));
      await cache.write(catalog(`${prefix}${name}.ttl`));
    }
    expect(await cache.readAnswers(`${prefix}f1.ttl`)).to.equal(undefined);
  });

  it('an IndexedDB that refuses to open is no cache, and no error', async () => {
    const real = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB')!;
    Object.defineProperty(globalThis, 'indexedDB', {
      configurable: true,
      value: {
        open() {
          throw new DOMException('The user denied permission to access the database.', 'SecurityError');
        },
      },
    });
    try {
      const cache = catalogCache();
      await cache.write(catalog(`${prefix}d.ttl`));
      expect(await cache.read(`${prefix}d.ttl`)).to.equal(undefined);
      await cache.drop(`${prefix}d.ttl`);
    } finally {
      Object.defineProperty(globalThis, 'indexedDB', real);
    }
    expect(globalThis.indexedDB.open).to.be.a('function');
  });
});
