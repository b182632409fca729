// <dataset-list> (and <catalog-search-list>, <esb-datasetlist>) against the dev store: rows (title link, publisher,
// description, badges), expansion built once with one batched lookup, keyboard, heading levels, the common states
// (loading, empty, unreachable + "Try again", malformed) each checked with axe, and strictStandardHtml structure.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { DatasetList } from '../../blocks/dataset-list/dataset-list.ts';
import { scopeFor } from '../../src/search/scope.ts';
import { EntryStoreClient } from '../../src/store/entrystore.ts';
import { blankNode, namedNode } from '../../src/rdf/graph.ts';
import { md5Hex } from '../../src/store/hash.ts';
import type { SearchResult } from '../../src/store/types.ts';
import { DCAT, DCTERMS, MemoryStore, RDF_TYPE, graphOf, literal } from './memory-store.ts';
import {
  captureWarnings, catalogIn, countingStore, devStore, faultControl, faultStoreUrl, headingLevels, headingsWellFormed, settled, text, uniqueKey,
} from './helpers.ts';
import {
  block, blocksCatalog, expandButton, freshScope, pagingContextId, rowByTitle, rowTitles, rows, until,
} from './dataset-list.helpers.ts';

async function pagingList(attrs: Record<string, string> = {}): Promise<DatasetList> {
  const { storeUrl } = await devStore();
  const el = await block<DatasetList>('dataset-list', {
    'store-url': storeUrl, scope: freshScope(), context: await pagingContextId(), lang: 'en', ...attrs,
  });
  expect(await settled(el)).to.equal('ready');
  return el;
}

async function blocksList(attrs: Record<string, string> = {}, store?: EntryStoreClient): Promise<DatasetList> {
  const { storeUrl, contextId } = await blocksCatalog();
  const base: Record<string, string> = store ? {} : { 'store-url': storeUrl };
  const el = await block<DatasetList>('dataset-list', {
    ...base, scope: freshScope(), context: contextId, lang: 'en', ...attrs,
  }, store);
  expect(await settled(el)).to.equal('ready');
  return el;
}

describe('dataset-list: rows', () => {
  it('ten rows per page, newest first (default sort modified desc)', async () => {
    const el = await pagingList();
    expect(rows(el)).to.have.length(10);
    expect(rowTitles(el)[0]).to.equal('Paging dataset 25');
    expect(rowTitles(el)[9]).to.equal('Paging dataset 16');
  });

  it('sort-order="title": alphabetical by title in the UI language', async () => {
    const el = await pagingList({ 'sort-order': 'title' });
    expect(rowTitles(el).slice(0, 3)).to.deep.equal(['Paging dataset 01', 'Paging dataset 02', 'Paging dataset 03']);
  });

  it('an invalid sort-order warns once and the default order applies; hl="inherit" without a parent uses the default', async () => {
    let el!: DatasetList;
    const warnings = await captureWarnings(async () => {
      el = await pagingList({ 'sort-order': 'title; drop', hl: 'inherit' });
      void el.params;
    });
    expect(warnings.some((w) => w.includes('sortOrder') && w.includes('title; drop'))).to.equal(true, warnings.join('\n'));
    expect(rowTitles(el)[0]).to.equal('Paging dataset 25');
    expect(el.params.hl).to.equal(2);
  });

  it('title is h{hl} with a link to the dataset landing page (esc_entry + esc_context)', async () => {
    const el = await pagingList();
    const row = rowByTitle(el, 'Paging dataset 25');
    const h = row.querySelector('.esbRowTitle')!;
    expect(h.localName).to.equal('h2');
    const a = h.querySelector('a')!;
    const url = new URL(a.getAttribute('href')!, location.href);
    expect(url.searchParams.get('esc_context')).to.equal(await pagingContextId());
    expect(url.searchParams.get('esc_entry')).to.match(/^\w+$/);
  });

  it('publisher name, full description in the DOM, format badges', async () => {
    const el = await pagingList();
    const row = rowByTitle(el, 'Paging dataset 24');
    expect(text(row.querySelector('.esbRowPublisher'))).to.equal('Paging Agency');
    expect(text(row.querySelector('.esbRowDescription'))).to.equal('Dataset number 24 for paging tests.');
  });

  it('format badges of distributions described in the dataset graph (short label, raw value as title, md5 class)', async () => {
    const store = new (class extends MemoryStore {
      override async search(): Promise<SearchResult> {
        this.calls.push('search');
        return { total: 1, offset: 0, limit: 10, entries: [entry], facets: [] };
      }
    })('https://mem.example.org/store/');
    const uri = 'https://mem.example.org/ds/1';
    const g = graphOf(uri, [
      [RDF_TYPE, `${DCAT}Dataset`],
      [`${DCTERMS}title`, literal('Inline formats', { language: 'en' })],
    ]);
    g.add(namedNode(uri), `${DCAT}distribution`, blankNode('d1'));
    g.add(blankNode('d1'), `${DCTERMS}format`, literal('text/csv'));
    g.add(namedNode(uri), `${DCAT}distribution`, blankNode('d2'));
    g.add(blankNode('d2'), `${DCTERMS}format`, namedNode('http://publications.europa.eu/resource/authority/file-type/JSON'));
    const entry = store.add('1', '1', uri, g);
    const el = await block<DatasetList>('dataset-list', { scope: freshScope(), lang: 'en' }, store);
    expect(await settled(el)).to.equal('ready');
    const badges = [...rowByTitle(el, 'Inline formats').querySelectorAll('.esbFormats .formatLabel')];
    expect(badges.map((b) => text(b))).to.deep.equal(['CSV', 'JSON']);
    // the raw value is no title: a screen reader spoke it for every badge (issue 28 point 15)
    expect(badges.map((b) => b.hasAttribute('title'))).to.deep.equal([false, false]);
    expect([...badges[0]!.classList].some((c) => /^md5_[0-9a-f]{32}$/.test(c))).to.equal(true);
    // each badge the MD5 of its own value (kept per value between renders): md5("text/csv") and md5 of the JSON URI
    const md5Of = (b: Element) => [...b.classList].find((c) => c.startsWith('md5_'))?.slice(4);
    expect(badges.map(md5Of)).to.deep.equal([md5Hex('text/csv'), md5Hex('http://publications.europa.eu/resource/authority/file-type/JSON')]);
    expect(md5Of(badges[0]!)).to.equal('295b665995173f7a29f7a7bd6b753995'); // md5("text/csv"), as `md5sum` gives it
  });

  it('Swedish UI: Swedish titles and labels', async () => {
    const el = await pagingList({ lang: 'sv' });
    expect(rowTitles(el)[0]).to.equal('Bläddring 25');
    expect(text(expandButton(rows(el)[0]!).querySelector('.esbExpandLabel'))).to.equal('Mer information');
  });

  it('a change of <html lang> re-renders in the new language (titles searched and shown again)', async () => {
    const before = document.documentElement.lang;
    document.documentElement.lang = 'en';
    try {
      const { storeUrl } = await devStore();
      const el = await block<DatasetList>('dataset-list', { 'store-url': storeUrl, scope: freshScope(), context: await pagingContextId() });
      await settled(el);
      expect(rowTitles(el)[0]).to.equal('Paging dataset 25');
      document.documentElement.lang = 'de';
      await until(() => rowTitles(el)[0] === 'Blättern 25' && el.state === 'ready', 'German titles');
      expect(text(expandButton(rows(el)[0]!).querySelector('.esbExpandLabel'))).to.equal('Mehr Informationen');
    } finally {
      document.documentElement.lang = before;
    }
  });

  it('include-services lists data services with a "Data service" badge linking to the dataservice route', async () => {
    const el = await pagingList({ 'include-services': 'true' });
    expect(rowTitles(el)[0]).to.equal('Paging API');
    const row = rowByTitle(el, 'Paging API');
    expect(text(row.querySelector('.esbKindBadge--service'))).to.equal('Data service');
    const plain = await pagingList();
    expect(rowTitles(plain)).to.not.include('Paging API');
  });

  it('type-filter lists datasets, series and services; a series gets a "Dataset series" badge', async () => {
    const el = await pagingList({ 'type-filter': 'true', 'sort-order': 'title' });
    const scope = scopeFor(document, el.scopeName, el.store);
    expect(scope.results!.total).to.equal(27);
    scope.update((s) => ({ ...s, page: 3 }), { history: 'none' });
    await until(() => rowTitles(el).includes('Paging series'), 'page 3');
    expect(text(rowByTitle(el, 'Paging series').querySelector('.esbKindBadge--series'))).to.equal('Dataset series');
  });

  it('the expand button names the row: "More information" + title; aria-expanded and aria-controls', async () => {
    const el = await pagingList();
    const row = rows(el)[0]!;
    const b = expandButton(row);
    expect(b.type).to.equal('button');
    expect(text(b)).to.equal('More information: Paging dataset 25');
    expect(b.getAttribute('aria-expanded')).to.equal('false');
    const region = el.querySelector<HTMLElement>(`#${b.getAttribute('aria-controls')}`)!;
    expect(region.hidden).to.equal(true);
    expect(region.childElementCount).to.equal(0);
    await expect(el).to.be.accessible();
  });
});

describe('dataset-list: expansion', () => {
  it('built on first expansion only, with ONE batched lookup; collapsing and re-opening costs nothing', async () => {
    const { store, requests } = countingStore((await blocksCatalog()).storeUrl);
    const el = await blocksList({}, store);
    const row = rowByTitle(el, 'Bathing sites');
    const before = requests.length;
    expandButton(row).click();
    await until(() => !!row.querySelector('.esbDistributions'), 'expanded area');
    const lookups = requests.slice(before);
    expect(lookups).to.have.length(1, lookups.join('\n'));
    expect(expandButton(row).getAttribute('aria-expanded')).to.equal('true');
    expect(text(expandButton(row))).to.equal('Less information: Bathing sites');
    expandButton(row).click();
    await el.updateComplete;
    expect(row.querySelector<HTMLElement>('.esbRowExpand')!.hidden).to.equal(true);
    expandButton(row).click();
    await el.updateComplete;
    expect(requests.length - before).to.equal(1);
    expect(row.querySelector<HTMLElement>('.esbRowExpand')!.hidden).to.equal(false);
  });

  it('first distribution expansion in a row: ONE lookup of its access services (box gets the service title); later ones none', async () => {
    const { store, requests } = countingStore((await blocksCatalog()).storeUrl);
    const el = await blocksList({}, store);
    const row = rowByTitle(el, 'Bathing sites');
    expandButton(row).click();
    await until(() => !!row.querySelector('.esbDistributions li.esbRow'), 'distributions');
    const before = requests.length;
    const dist = (title: string) => [...row.querySelectorAll('.esbDistributions li.esbRow')].find((r) => text(r.querySelector('.esbRowTitle')) === title)!;
    dist('Untitled distribution').querySelector<HTMLButtonElement>('button.esbExpandButton')!.click();
    await until(() => text(dist('Untitled distribution').querySelector('.esbAccessServiceTitle')).includes('Bathing site API'), 'service title');
    expect(requests.length - before).to.equal(1);
    dist('Bathing sites CSV').querySelector<HTMLButtonElement>('button.esbExpandButton')!.click();
    await el.updateComplete;
    expect(requests.length - before).to.equal(1);
  });

  it('expanded row: themes, Distributions h{hl+1}, Further information h{hl+1}, files h{hl+2}; no skipped levels', async () => {
    const el = await blocksList({ hl: '3' });
    const row = rowByTitle(el, 'Bathing sites');
    expandButton(row).click();
    await until(() => !!row.querySelector('.esbDistributions'), 'expanded area');
    expect(row.querySelector('.esbRowTitle')!.localName).to.equal('h3');
    expect(row.querySelector('.esbDistributions > :first-child')!.localName).to.equal('h4');
    expect(row.querySelector('.esbFurtherInfo > :first-child')!.localName).to.equal('h4');
    expect(row.querySelectorAll('.esbTags .esbTag').length).to.equal(2);
    const json = [...row.querySelectorAll('.esbDistributions li.esbRow')].find((r) => text(r.querySelector('.esbRowTitle')) === 'Yearly data JSON')!;
    json.querySelector<HTMLButtonElement>('button.esbExpandButton')!.click();
    await el.updateComplete;
    expect(json.querySelector('.esbFilesHeading')!.localName).to.equal('h5');
    expect(headingsWellFormed(headingLevels(el), 3)).to.equal(true, headingLevels(el).join());
    await expect(el).to.be.accessible();
  });

  it('distribution rows inside get clickExpand (default true; click-expand="false" turns it off)', async () => {
    const on = await blocksList();
    const row = rowByTitle(on, 'Bathing sites');
    expandButton(row).click();
    await until(() => !!row.querySelector('.esbDistributions li.esbRow'), 'distributions');
    const dist = row.querySelector('.esbDistributions li.esbRow')!;
    expect(dist.classList.contains('esbRowClickExpand')).to.equal(true);
    dist.querySelector<HTMLElement>('.esbRowHead')!.click();
    await on.updateComplete;
    expect(dist.querySelector('button.esbExpandButton')!.getAttribute('aria-expanded')).to.equal('true');

    const off = await blocksList({ 'click-expand': 'false' });
    const row2 = rowByTitle(off, 'Bathing sites');
    expandButton(row2).click();
    await until(() => !!row2.querySelector('.esbDistributions li.esbRow'), 'distributions');
    expect(row2.querySelector('.esbDistributions li.esbRow')!.classList.contains('esbRowClickExpand')).to.equal(false);
  });

  it('keyboard: Tab reaches the expand button, Enter opens, Space closes; the row head is no tab stop', async () => {
    const el = await pagingList();
    const row = rows(el)[1]!;
    const b = expandButton(row);
    const link = row.querySelector<HTMLAnchorElement>('.esbRowTitle a')!;
    link.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement, 'the title link, then its expand button').to.equal(b);
    expect(row.querySelector('.esbRowHead')!.hasAttribute('tabindex')).to.equal(false);
    await sendKeys({ press: 'Enter' });
    await until(() => !!row.querySelector('.esbDistributions'), 'expanded area');
    expect(b.getAttribute('aria-expanded')).to.equal('true');
    expect(document.activeElement, 'focus stays on the button').to.equal(b);
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(b.getAttribute('aria-expanded')).to.equal('false');
    expect(row.querySelector<HTMLElement>('.esbRowExpand')!.hidden).to.equal(true);
  });

  it('a data service row expands to its fields (no distribution list)', async () => {
    const el = await pagingList({ 'include-services': 'true' });
    const row = rowByTitle(el, 'Paging API');
    expandButton(row).click();
    await until(() => !!row.querySelector('.esbFurtherInfo'), 'service fields');
    expect(row.querySelector('.esbDistributions')).to.equal(null);
  });
});

describe('dataset-list: heading levels', () => {
  for (const hl of [1, 2, 4, 6]) {
    it(`hl=${hl}: every row title is h${hl}`, async () => {
      const el = await pagingList({ hl: String(hl) });
      expect(new Set(rows(el).map((r) => r.querySelector('.esbRowTitle')!.localName))).to.deep.equal(new Set([`h${hl}`]));
    });
  }
  it('hl="inherit" inside a layout takes the layout\'s hl; unset it is 2', async () => {
    const el = await pagingList();
    expect(el.params.hl).to.equal(2);
  });
});

describe('dataset-list: states', () => {
  it('loading: aria-busy, spinner and a hidden "Loading…" status; then rows', async () => {
    const key = uniqueKey('hold');
    const el = await block<DatasetList>('dataset-list', {
      // No context: the store answers with its own base URL in context URIs, not the fault route's.
      'store-url': faultStoreUrl('hold', key), scope: freshScope(), lang: 'en',
    });
    await until(() => el.state === 'loading' && !!el.querySelector('[aria-busy="true"]'), 'loading');
    const busy = el.querySelector('[aria-busy="true"]')!;
    expect(busy.querySelector('.esbSpinner[aria-hidden="true"]')).to.exist;
    expect(text(busy.querySelector('[role="status"].esbVisuallyHidden'))).to.equal('Loading…');
    await expect(el).to.be.accessible();
    await faultControl('release', key);
    expect(await settled(el)).to.equal('ready');
    expect(rows(el)).to.have.length(10);
    expect(el.querySelector('[aria-busy="true"]')).to.equal(null);
  });

  it('empty: "There are no datasets to show."', async () => {
    const { storeUrl } = await devStore();
    const el = await block<DatasetList>('dataset-list', { 'store-url': storeUrl, scope: freshScope(), context: '999999', lang: 'en' });
    expect(await settled(el)).to.equal('ready');
    expect(text(el.querySelector('.esbListEmpty'))).to.equal('There are no datasets to show.');
    expect(el.querySelector('.entryPagination')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('empty with a term: "No datasets match your search."', async () => {
    const el = await pagingList();
    const scope = scopeFor(document, el.scopeName, el.store);
    scope.update((s) => ({ ...s, terms: ['nosuchwordanywhere'], page: 1 }), { history: 'none' });
    await until(() => !!el.querySelector('.esbListEmpty'), 'empty text');
    expect(text(el.querySelector('.esbListEmpty'))).to.equal('No datasets match your search.');
    await expect(el).to.be.accessible();
  });

  it('store unreachable: message and "Try again", which recovers once the store is back', async () => {
    const key = uniqueKey('down');
    const el = await block<DatasetList>('dataset-list', {
      'store-url': faultStoreUrl('down', key), scope: freshScope(), lang: 'en',
    });
    expect(await settled(el)).to.equal('unreachable');
    const box = el.querySelector('.esbError.esbUnreachable[role="status"]')!;
    expect(text(box)).to.include('The catalog could not be reached.');
    await expect(el).to.be.accessible();
    await faultControl('up', key);
    box.querySelector<HTMLButtonElement>('button.esbRetry')!.click();
    await until(() => el.state === 'ready', 'ready after retry');
    expect(rows(el)).to.have.length(10);
  });

  it('server error (500) counts as unreachable', async () => {
    const el = await block<DatasetList>('dataset-list', { 'store-url': faultStoreUrl('status', '500'), scope: freshScope(), lang: 'en' });
    expect(await settled(el)).to.equal('unreachable');
    expect(el.querySelector('button.esbRetry')).to.exist;
    await expect(el).to.be.accessible();
  });

  it('malformed answer: "could not be read" message', async () => {
    const el = await block<DatasetList>('dataset-list', { 'store-url': faultStoreUrl('badjson', uniqueKey('bj')), scope: freshScope(), lang: 'en' });
    expect(await settled(el)).to.equal('malformed');
    expect(text(el.querySelector('.esbError.esbMalformed[role="status"]'))).to.equal('The catalog answered with data that could not be read.');
    await expect(el).to.be.accessible();
  });

  it('fires catalog-block-state with the settled state', async () => {
    const { storeUrl } = await devStore();
    const states: string[] = [];
    const wrapper = document.createElement('div');
    wrapper.addEventListener('catalog-block-state', (e) => states.push((e as CustomEvent<{ state: string }>).detail.state));
    document.body.append(wrapper);
    const el = document.createElement('dataset-list') as DatasetList;
    el.setAttribute('store-url', storeUrl);
    el.setAttribute('scope', freshScope());
    el.setAttribute('context', await pagingContextId());
    wrapper.append(el);
    await settled(el);
    expect(states).to.include('ready');
    wrapper.remove();
  });
});

describe('dataset-list: HTML structure', () => {
  for (const strict of [true, false]) {
    it(`strictStandardHtml=${strict}: no interactive content inside links, every button typed, ids unique, dl shape`, async () => {
      const el = await blocksList({ 'strict-standard-html': String(strict) });
      const row = rowByTitle(el, 'Bathing sites');
      expandButton(row).click();
      await until(() => !!row.querySelector('.esbFurtherInfo dl'), 'further info');
      expect(el.querySelectorAll('a button, a a, button a, button button').length).to.equal(0);
      for (const b of el.querySelectorAll('button')) expect(b.getAttribute('type')).to.equal('button');
      const ids = [...el.querySelectorAll('[id]')].map((n) => n.id);
      expect(new Set(ids).size).to.equal(ids.length);
      const dl = row.querySelector('.esbFurtherInfo dl')!;
      if (strict) expect([...dl.children].every((c) => c.localName === 'div')).to.equal(true);
      else expect([...dl.children].every((c) => c.localName === 'dt' || c.localName === 'dd')).to.equal(true);
      expect(el.querySelectorAll('a[disabled]').length).to.equal(0);
    });
  }

  it('compat DOM names: .escoList > .entryList > li.entryListRow.esbRow > .esbRowHead > .esbRowMain + .esbRowControl', async () => {
    const el = await pagingList();
    const row = el.querySelector('.escoList .entryList > li.entryListRow.esbRow.esbPadding')!;
    expect(row.querySelector(':scope > .esbRowHead > .esbRowMain')).to.exist;
    expect(row.querySelector(':scope > .esbRowHead > .esbRowControl > button')).to.exist;
    expect(row.querySelector(':scope > .esbRowExpand')).to.exist;
  });

  it('legacy tags: <esb-datasetlist> and <catalog-search-list> render the same list', async () => {
    const { storeUrl } = await devStore();
    const ctx = await pagingContextId();
    for (const tag of ['esb-datasetlist', 'catalog-search-list']) {
      const el = await block<DatasetList>(tag, { 'store-url': storeUrl, scope: freshScope(), context: ctx, lang: 'en' });
      expect(await settled(el)).to.equal('ready');
      expect(rows(el)).to.have.length(10);
    }
  });

  it('untrusted text is never markup (a hostile title stays text)', async () => {
    const hostile = await catalogIn('test/fixtures/hostile-catalog.ttl', 'hostile-1');
    const el = await block<DatasetList>('dataset-list', { 'store-url': hostile.storeUrl, scope: freshScope(), context: hostile.contextId, lang: 'en' });
    expect(await settled(el)).to.equal('ready');
    expect(el.querySelectorAll('script, img, iframe').length).to.equal(0);
    for (const a of el.querySelectorAll('a[href]')) expect(a.getAttribute('href')).to.not.match(/^\s*javascript:/i);
  });
});

interface VnuMessage {
  type: string;
  subType?: string;
  message: string;
  extract?: string;
}

/** Every list rendering (rows expanded, both pagination forms, states) as one document for the Nu validator. */
async function renderListsForValidation(strict: boolean): Promise<string> {
  const { storeUrl, closedStoreUrl } = await devStore();
  const paging = await pagingContextId();
  const blocksCat = await blocksCatalog();
  const shared = freshScope();
  const cases: [string, Record<string, string>][] = [
    ['dataset-list', { 'store-url': blocksCat.storeUrl, context: blocksCat.contextId, scope: shared }],
    ['dataset-list', { context: paging, 'page-in-url': 'true', hl: '3' }],
    ['dataset-list', { context: paging, 'include-services': 'true', lang: 'sv' }],
    ['dataset-list', { context: '999999' }],
    ['dataset-list', { 'store-url': closedStoreUrl }],
    ['dataset-list', { 'store-url': faultStoreUrl('badjson', uniqueKey('v')) }],
    ['dataset-list-layout', { context: paging, hl: '2' }],
    ['dataset-results', { 'store-url': blocksCat.storeUrl, scope: shared }],
  ];
  const blocks: DatasetList[] = [];
  for (const [tag, attrs] of cases) {
    blocks.push(await block<DatasetList>(tag, {
      'store-url': storeUrl, scope: freshScope(), lang: 'en', 'strict-standard-html': String(strict), ...attrs,
    }));
  }
  await Promise.all(blocks.map((b) => settled(b)));
  for (const b of blocks) for (const btn of b.querySelectorAll<HTMLButtonElement>('button.esbRowExpandButton')) btn.click();
  await until(() => blocks.every((b) => !b.querySelector('.esbRowExpand .esbLoading')), 'expanded areas');
  for (const b of blocks) for (const btn of b.querySelectorAll<HTMLButtonElement>('.esbDistributions button.esbExpandButton')) btn.click();
  await Promise.all(blocks.map((b) => b.updateComplete));
  const body = blocks.map((b) => `<div class="host">${b.innerHTML}</div>`).join('\n');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Lists</title></head><body><main>${body}</main></body></html>`;
}

describe('dataset-list: HTML validity (Nu validator)', () => {
  // One document with both HTML modes (ids are unique per block), so the validator (a JVM) runs once.
  it('strictStandardHtml true and false: rows, expanded rows, pagination (buttons and links), states: no errors', async function () {
    (this as { timeout(ms: number): void }).timeout(90000);
    const strictDoc = await renderListsForValidation(true);
    const legacyDoc = await renderListsForValidation(false);
    const body = (d: string) => d.slice(d.indexOf('<main>') + 6, d.indexOf('</main>'));
    const doc = strictDoc.replace('</main>', `${body(legacyDoc)}</main>`);
    const res = await fetch('/__validate', { method: 'POST', body: doc, headers: { 'Content-Type': 'text/html' } });
    const messages = ((await res.json()) as { messages: VnuMessage[] }).messages;
    const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
    expect(errors.map((e) => `${e.message} — ${e.extract ?? ''}`)).to.deep.equal([]);
    expect(doc).to.include('esbRowExpandButton');
  });
});
