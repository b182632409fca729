// Issue 8 point 9 (a landing page whose batched related lookup fails still shows the entry, marks the missing parts
// and re-runs only the lookup on "Try again"; a hanging lookup ends) and point 10 (page numbers from the URL are safe
// integers: no exponent offset, a page past the end shows the last page, junk is page 1).
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { DatasetList } from '../../blocks/dataset-list/dataset-list.ts';
import type { LandingBlock } from '../../blocks/landing/landing-block.ts';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { devStore, entryById, setPageUrl, text } from './helpers.ts';
import { freshScope, pagingContextId } from './dataset-list.helpers.ts';
import '../../blocks/base/store-provider.ts';
import '../../blocks/dataset-view/dataset-view.ts';
import '../../blocks/dataservice-view/dataservice-view.ts';
import '../../blocks/dataset-list/dataset-list.ts';

const isSearch = (url: string) => new URL(url).pathname.endsWith('/search');

type Mode = 'ok' | 'fail500' | 'garbage' | 'hang';

/** A store client whose SEARCH requests (the batched related lookup of a landing page) fail while `mode` says so. */
function searchFaultStore(storeUrl: string, timeoutMs = 15000) {
  const control = { mode: 'fail500' as Mode, requests: [] as string[], hung: [] as Array<() => void> };
  const store = new EntryStoreClient(storeUrl, {
    timeoutMs,
    fetch: (input, init) => {
      const url = String(input);
      control.requests.push(url);
      if (isSearch(url) && control.mode === 'fail500') return Promise.resolve(new Response('{"error":"fault"}', { status: 500 }));
      if (isSearch(url) && control.mode === 'garbage') return Promise.resolve(new Response('{"resource": {"chil', { status: 200 }));
      if (isSearch(url) && control.mode === 'hang') {
        return new Promise<Response>((resolve, reject) => {
          control.hung.push(() => resolve(fetch(input, init) as unknown as Response));
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }
      return fetch(input, init);
    },
  });
  return { store, control };
}

const rejections: unknown[] = [];
const onRejection = (e: PromiseRejectionEvent) => rejections.push(e.reason);
before(() => window.addEventListener('unhandledrejection', onRejection));
after(() => window.removeEventListener('unhandledrejection', onRejection));

const note = (el: Element) => el.querySelector('.esbRelatedFailed');

describe('landing page: only the related lookup fails', () => {
  let storeUrl: string;
  before(async () => ({ storeUrl } = await devStore()));

  for (const mode of ['fail500', 'garbage'] as const) {
    it(`${mode}: the dataset is shown with a note; "Try again" re-runs only the lookup and fills in the parts`, async () => {
      const ds = await entryById('blocks-ds1');
      const { store, control } = searchFaultStore(storeUrl);
      control.mode = mode;
      const provider = await fixture(html`<catalog-store-provider .store=${store}>
        <dataset-view context=${ds.contextId} entry=${ds.entryId} lang="en"></dataset-view></catalog-store-provider>`);
      const el = provider.querySelector('dataset-view') as LandingBlock;
      expect(await el.loadComplete).to.equal('ready');
      expect(text(el.querySelector('h1'))).to.equal('Bathing sites');
      expect(el.querySelector('.esbError'), 'no whole-page error').to.equal(null);
      expect(text(note(el))).to.include('Some related information could not be loaded.');
      expect(note(el)!.getAttribute('role')).to.equal('status');
      expect(el.querySelectorAll('.esbDistributions li').length, 'distributions are what failed').to.equal(0);
      await expect(el).to.be.accessible();

      control.mode = 'ok';
      control.requests.length = 0;
      const retry = note(el)!.querySelector<HTMLButtonElement>('button.esbRetry')!;
      expect(text(retry)).to.equal('Try again');
      retry.focus();
      retry.click();
      await waitUntil(() => !note(el) && el.querySelectorAll('.esbDistributions li').length > 0, 'the related parts appear');
      expect(control.requests.every(isSearch), 'only the lookup is asked again (no entry request)').to.equal(true);
      expect(control.requests.length).to.be.greaterThan(0);
      expect(text(el.querySelector('h1'))).to.equal('Bathing sites');
      expect(el.contains(document.activeElement), 'focus stays in the block').to.equal(true);
    });
  }

  it('data service: served datasets fail → the service is shown with the note', async () => {
    const svc = await entryById('blocks-svc1');
    const { store } = searchFaultStore(storeUrl);
    const provider = await fixture(html`<catalog-store-provider .store=${store}>
      <dataservice-view context=${svc.contextId} entry=${svc.entryId} lang="sv"></dataservice-view></catalog-store-provider>`);
    const el = provider.querySelector('dataservice-view') as LandingBlock;
    expect(await el.loadComplete).to.equal('ready');
    expect(text(el.querySelector('h1'))).to.not.equal('');
    expect(text(note(el))).to.include('En del relaterad information kunde inte hämtas.');
  });

  it('a lookup that hangs ends after the lookup timeout: the dataset is shown with the note', async () => {
    const ds = await entryById('blocks-ds1');
    const { store, control } = searchFaultStore(storeUrl, 60000);
    control.mode = 'hang';
    const el = document.createElement('dataset-view') as LandingBlock;
    el.relatedTimeoutMs = 300;
    el.setAttribute('context', ds.contextId);
    el.setAttribute('entry', ds.entryId);
    el.setAttribute('lang', 'de');
    const provider = await fixture(html`<catalog-store-provider .store=${store}></catalog-store-provider>`);
    provider.append(el);
    expect(await el.loadComplete).to.equal('ready');
    expect(text(el.querySelector('h1'))).to.not.equal('');
    expect(text(note(el))).to.include('Einige zugehörige Informationen konnten nicht geladen werden.');
    control.mode = 'ok';
    for (const release of control.hung) release();
  });

  it('no unhandled rejections', () => {
    expect(rejections).to.deep.equal([]);
  });
});

describe('page numbers from the URL (esc_page)', () => {
  for (const [value, expectLast] of [['99999999999999999999', true], ['1000001', true], ['-3', false], ['abc', false], ['1.5', false]] as const) {
    it(`esc_…_page=${value}: only integer offsets are sent; shows ${expectLast ? 'the last page' : 'page 1'}`, async () => {
      const { storeUrl } = await devStore();
      const scope = freshScope('pg');
      const restore = setPageUrl(`?esc_${scope}_page=${value}`);
      try {
        const requests: string[] = [];
        const store = new EntryStoreClient(storeUrl, { fetch: (i, init) => (requests.push(String(i)), fetch(i, init)) });
        const provider = await fixture(html`<catalog-store-provider .store=${store}>
          <dataset-list scope=${scope} context=${await pagingContextId()} page-in-url lang="en"></dataset-list></catalog-store-provider>`);
        const el = provider.querySelector('dataset-list') as DatasetList;
        await waitUntil(() => el.state !== 'loading' && el.querySelectorAll('.entryList > li').length > 0, 'rows', { timeout: 8000 });
        expect(el.querySelector('.esbError'), 'no error').to.equal(null);
        for (const url of requests.filter(isSearch)) {
          const offset = new URL(url).searchParams.get('offset');
          if (offset !== null) expect(offset, url).to.match(/^\d+$/);
        }
        const range = text(el.querySelector('.esbPageRangeText'));
        expect(range).to.equal(expectLast ? '21–25 of 25' : '1–10 of 25');
      } finally {
        restore();
      }
    });
  }
});
