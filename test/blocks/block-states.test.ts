// Common states of the landing blocks (behaviour doc §2): loading, no entry, not found, store unreachable (with a
// working "Try again"), server error and malformed answers. Failures come from the wtr plugin's fault routes and a
// closed port, so the real store client meets them. Every state is checked with axe.
import { expect, fixture, html } from '@open-wc/testing';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import { devStore, faultControl, faultStoreUrl, settled, text, uniqueKey } from './helpers.ts';

const BLOCKS = [
  { tag: 'dataset-view', id: 'blocks-ds1', title: 'Bathing sites', noEntry: 'No dataset was specified.', notFound: 'The dataset could not be found or is not public.' },
  { tag: 'dataservice-view', id: 'blocks-svc1', title: 'Bathing site API', noEntry: 'No data service was specified.', notFound: 'The data service could not be found or is not public.' },
] as const;

async function block(tag: string, storeUrl: string, attrs: Record<string, string>): Promise<CatalogBlock> {
  const el = document.createElement(tag) as CatalogBlock;
  el.setAttribute('store-url', storeUrl);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  const wrapper = await fixture(html`<div></div>`);
  wrapper.append(el);
  await el.updateComplete;
  return el;
}

const rejections: unknown[] = [];
const onRejection = (e: PromiseRejectionEvent) => rejections.push(e.reason);
before(() => window.addEventListener('unhandledrejection', onRejection));
after(() => window.removeEventListener('unhandledrejection', onRejection));

for (const b of BLOCKS) {
  describe(`${b.tag}: states`, () => {
    let storeUrl: string;
    let closedStoreUrl: string;
    before(async () => ({ storeUrl, closedStoreUrl } = await devStore()));

    it('loading: aria-busy, a visually hidden "Loading…" status and a spinner, never blank; then ready', async () => {
      const key = uniqueKey('hold');
      const el = await block(b.tag, faultStoreUrl('hold', key), { lookup: b.id });
      expect(el.state).to.equal('loading');
      const busy = el.querySelector('[aria-busy="true"]')!;
      expect(busy).to.exist;
      expect(text(busy.querySelector('[role="status"].esbVisuallyHidden'))).to.equal('Loading…');
      expect(busy.querySelector('.esbSpinner[aria-hidden="true"]')).to.exist;
      await expect(el).to.be.accessible();
      await faultControl('release', key);
      expect(await settled(el)).to.equal('ready');
      expect(text(el.querySelector('h1'))).to.equal(b.title);
      expect(el.querySelector('[aria-busy="true"]')).to.equal(null);
    });

    it('no entry parameters: a notice, not an error', async () => {
      const el = await block(b.tag, storeUrl, {});
      expect(await settled(el)).to.equal('noEntry');
      expect(text(el.querySelector('.esbNotice[role="status"]'))).to.equal(b.noEntry);
      await expect(el).to.be.accessible();
    });

    it('not found (lookup without hit, unknown entry id)', async () => {
      const el = await block(b.tag, storeUrl, { lookup: 'no-such-identifier' });
      expect(await settled(el)).to.equal('notFound');
      expect(text(el.querySelector('.esbError[role="status"]'))).to.equal(b.notFound);
      await expect(el).to.be.accessible();
      const byId = await block(b.tag, storeUrl, { entry: '999999', context: '1' });
      expect(await settled(byId)).to.equal('notFound');
    });

    it('store unreachable (closed port): message and a "Try again" button', async () => {
      const el = await block(b.tag, closedStoreUrl, { lookup: b.id });
      expect(await settled(el)).to.equal('unreachable');
      const box = el.querySelector('.esbError.esbUnreachable[role="status"]')!;
      expect(text(box)).to.include('The catalog could not be reached.');
      const retry = box.querySelector<HTMLButtonElement>('button.esbRetry')!;
      expect(retry.type).to.equal('button');
      expect(text(retry)).to.equal('Try again');
      await expect(el).to.be.accessible();
    });

    it('"Try again" recovers once the store is back', async () => {
      const key = uniqueKey('down');
      const el = await block(b.tag, faultStoreUrl('down', key), { lookup: b.id });
      expect(await settled(el)).to.equal('unreachable');
      await faultControl('up', key);
      el.querySelector<HTMLButtonElement>('button.esbRetry')!.click();
      await el.updateComplete;
      expect(await settled(el)).to.equal('ready');
      expect(text(el.querySelector('h1'))).to.equal(b.title);
    });

    it('server error 500 → unreachable state with retry', async () => {
      const el = await block(b.tag, faultStoreUrl('status', '500'), { lookup: b.id });
      expect(await settled(el)).to.equal('unreachable');
      expect(el.querySelector('button.esbRetry')).to.exist;
    });

    it('an answer that is not JSON → malformed state', async () => {
      const el = await block(b.tag, faultStoreUrl('badjson', 'x'), { lookup: b.id });
      expect(await settled(el)).to.equal('malformed');
      expect(text(el.querySelector('.esbError.esbMalformed[role="status"]'))).to.equal(
        'The catalog answered with data that could not be read.',
      );
      await expect(el).to.be.accessible();
    });

    it('an answer with malformed RDF/JSON → malformed state', async () => {
      const el = await block(b.tag, faultStoreUrl('badrdf', 'x'), { lookup: b.id });
      expect(await settled(el)).to.equal('malformed');
      expect(el.querySelector('.esbMalformed')).to.exist;
    });

    it('a block removed while loading is aborted quietly', async () => {
      const key = uniqueKey('hold');
      const el = await block(b.tag, faultStoreUrl('hold', key), { lookup: b.id });
      const events: string[] = [];
      el.addEventListener('catalog-block-state', (e) => events.push((e as CustomEvent<{ state: string }>).detail.state));
      el.remove();
      await faultControl('release', key);
      await new Promise((r) => setTimeout(r, 100));
      expect(events).to.deep.equal([]);
    });

    it('a block moved to another place while loading loads again and gets ready', async () => {
      const key = uniqueKey('hold');
      const el = await block(b.tag, faultStoreUrl('hold', key), { lookup: b.id });
      const elsewhere = await fixture(html`<section></section>`);
      elsewhere.append(el);
      await faultControl('release', key);
      expect(await settled(el)).to.equal('ready');
      expect(text(el.querySelector('h1'))).to.equal(b.title);
    });

    it('reports its state with a catalog-block-state event', async () => {
      const el = document.createElement(b.tag) as CatalogBlock;
      el.setAttribute('store-url', storeUrl);
      el.setAttribute('lookup', b.id);
      const seen = new Promise<string>((r) => el.addEventListener('catalog-block-state', (e) => r((e as CustomEvent<{ state: string }>).detail.state), { once: true }));
      (await fixture(html`<div></div>`)).append(el);
      expect(await seen).to.equal('ready');
    });

    it('the event bubbles out of a shadow root to the page, its detail typed by the declared event map', async () => {
      const host = await fixture(html`<div></div>`);
      const shadow = host.attachShadow({ mode: 'open' });
      const el = document.createElement(b.tag) as CatalogBlock;
      el.setAttribute('store-url', storeUrl);
      el.setAttribute('lookup', b.id);
      // No cast: `GlobalEventHandlersEventMap` declares the event (blocks/base/events.ts), so `detail.state` is typed.
      const seen = new Promise<{ state: string; composed: boolean }>((r) => document.addEventListener('catalog-block-state',
        (e) => r({ state: e.detail.state, composed: e.composed }), { once: true }));
      shadow.append(el);
      expect(await seen).to.deep.equal({ state: 'ready', composed: true });
    });
  });
}

describe('no unhandled rejections', () => {
  it('none of the states above left an unhandled promise rejection', async () => {
    await new Promise((r) => setTimeout(r, 50));
    expect(rejections).to.deep.equal([]);
  });
});
