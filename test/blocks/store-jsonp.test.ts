// Reading the store with JSONP (issue 25 point 2): configured (`transport: 'jsonp'`, the legacy `jsonp` key), or as
// the fallback of `auto` when a cross-origin fetch is refused; callbacks cleaned up; timeout and abort; a failing
// fallback keeps the error.
import { expect } from '@open-wc/testing';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { AbortError, NetworkError } from '../../src/store/errors.ts';
import { transportOf } from '../../src/store/transport.ts';
import { devStore, faultControl, faultStoreUrl, uniqueKey } from './helpers.ts';

let storeUrl: string;
let closedStoreUrl: string;
before(async () => ({ storeUrl, closedStoreUrl } = await devStore()));

const QUERY = { query: 'rdfType:http\\:\\/\\/www.w3.org\\/ns\\/dcat\\#Dataset', limit: 2 };
const leftovers = (): string[] => Object.keys(window).filter((k) => k.startsWith('__catalogBlocksJsonp_'));
const jsonpScripts = (): number => document.querySelectorAll('script[src*="callback=__catalogBlocksJsonp_"]').length;
/** A fetch that fails as a CORS refusal does in a browser. */
const refusedFetch = (requests: string[]): typeof fetch => (input) => {
  requests.push(String(input));
  return Promise.reject(new TypeError('Failed to fetch'));
};

describe('store transport: JSONP', () => {
  it('configured: reads through script tags with a random callback, nothing left behind', async () => {
    const client = new EntryStoreClient(storeUrl, { transport: 'jsonp' });
    const result = await client.search(QUERY);
    expect(result.total).to.be.greaterThan(0);
    expect(result.entries.length).to.equal(2);
    expect(leftovers()).to.deep.equal([]);
    expect(jsonpScripts()).to.equal(0);
  });

  it('auto: a refused cross-origin fetch is read again through JSONP, and later reads go there directly', async () => {
    const requests: string[] = [];
    const client = new EntryStoreClient(storeUrl, { transport: 'auto', fetch: refusedFetch(requests) });
    expect((await client.search(QUERY)).entries.length).to.equal(2);
    expect((await client.search({ ...QUERY, limit: 1 })).entries.length).to.equal(1);
    expect(requests.length).to.equal(1, 'the second read did not try fetch again');
  });

  it('cors: a refused fetch stays an error (no JSONP)', async () => {
    const client = new EntryStoreClient(storeUrl, { transport: 'cors', fetch: refusedFetch([]) });
    const error = await client.search(QUERY).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(NetworkError);
  });

  it('auto: when JSONP fails too, the error says both failed and ends as NetworkError', async () => {
    const client = new EntryStoreClient(closedStoreUrl, { transport: 'auto', fetch: refusedFetch([]) });
    const error = await client.search(QUERY).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(NetworkError);
    expect((error as Error).message).to.match(/JSONP failed too/);
    expect(leftovers()).to.deep.equal([]);
  });

  it('timeout and abort end the request and remove the callback and the script', async () => {
    const held = uniqueKey('jsonp');
    const slow = new EntryStoreClient(faultStoreUrl('hold', held), { transport: 'jsonp', timeoutMs: 200 });
    const timedOut = await slow.search(QUERY).catch((e: unknown) => e);
    expect(timedOut).to.be.instanceOf(NetworkError);
    expect((timedOut as Error).message).to.match(/did not answer within/);
    const controller = new AbortController();
    const pending = new EntryStoreClient(faultStoreUrl('hold', held), { transport: 'jsonp' }).search(QUERY, { signal: controller.signal });
    controller.abort();
    expect(await pending.catch((e: unknown) => e)).to.be.instanceOf(AbortError);
    expect(jsonpScripts()).to.equal(0);
    await faultControl('release', held);
    // the late answers call stubs that remove themselves
    await new Promise((r) => setTimeout(r, 300));
    expect(leftovers()).to.deep.equal([]);
  });

  it('checkStore (the console check): CORS, JSONP and related facets of the test store; nothing for a closed one', async () => {
    const { checkStore } = await import('../../src/legacy/check-store.ts');
    const ok = await checkStore(document, storeUrl);
    expect([ok.cors, ok.jsonp, ok.relatedFacets]).to.deep.equal([true, true, true]);
    expect(ok.version).to.match(/c483f900/);
    const closed = await checkStore(document, closedStoreUrl);
    expect([closed.cors, closed.jsonp, closed.relatedFacets]).to.deep.equal([false, false, undefined]);
    expect(closed.notes.join('\n')).to.match(/could not be read at all/);
  });

  it('page configuration: transport wins; the legacy jsonp key otherwise; default auto', () => {
    expect(transportOf({})).to.equal('auto');
    expect(transportOf({ transport: 'JSONP' })).to.equal('jsonp');
    expect(transportOf({ jsonp: true })).to.equal('jsonp');
    expect(transportOf({ jsonp: 'false' })).to.equal('cors');
    expect(transportOf({ transport: 'cors', jsonp: true })).to.equal('cors');
    expect(transportOf({ transport: 'carrier-pigeon' })).to.equal('auto');
  });
});
