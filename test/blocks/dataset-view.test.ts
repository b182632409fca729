// <dataset-view> against the dev store (test/fixtures/blocks-catalog.ttl): content, distribution list, hl, clickExpand,
// strictStandardHtml, languages, entry location, links and the request budget. Run alone:
//   npx wtr --files test/blocks/dataset-view.test.ts
import { expect, fixture, html } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import { sendKeys } from '@web/test-runner-commands';
import type { DatasetView } from '../../blocks/dataset-view/dataset-view.ts';
import {
  countingStore, devStore, entryById, headingLevels, headingsWellFormed, setPageUrl, settled, text, withStore,
} from './helpers.ts';

let storeUrl: string;
before(async () => {
  storeUrl = (await devStore()).storeUrl;
});

async function view(attrs: TemplateAttrs = {}): Promise<DatasetView> {
  const el = await fixture<DatasetView>(html`<dataset-view
    store-url=${storeUrl}
    lookup=${attrs.lookup ?? 'blocks-ds1'}
    hl=${ifDefined(attrs.hl)}
    click-expand=${ifDefined(attrs.clickExpand)}
    lang=${ifDefined(attrs.lang)}
  ></dataset-view>`);
  expect(await settled(el)).to.equal('ready');
  return el;
}
interface TemplateAttrs {
  lookup?: string;
  hl?: string;
  clickExpand?: string;
  lang?: string;
}
async function plainView(lookup = 'blocks-ds1'): Promise<DatasetView> {
  const el = await fixture<DatasetView>(html`<dataset-view store-url=${storeUrl} lookup=${lookup}></dataset-view>`);
  expect(await settled(el)).to.equal('ready');
  return el;
}

const rows = (el: Element) => [...el.querySelectorAll<HTMLElement>('.esbDistributions .esbRow')];
const rowByTitle = (el: Element, title: string) => rows(el).find((r) => text(r.querySelector('.esbRowTitle')) === title)!;
const button = (row: Element) => row.querySelector<HTMLButtonElement>('button.esbExpandButton')!;

describe('dataset-view: content', () => {
  it('shows title, publisher, description paragraphs and theme tags, and is accessible', async () => {
    const el = await plainView();
    expect(text(el.querySelector('h1.esbTitle'))).to.equal('Bathing sites');
    expect(text(el.querySelector('.esbPublisher'))).to.include('Example Municipality');
    expect(el.querySelector('.esbPublisher a')!.getAttribute('href')).to.equal('https://www.blocks.example.org/');
    const paragraphs = el.querySelectorAll('.esbDescription p');
    expect(paragraphs).to.have.length(2);
    expect(paragraphs[0]!.textContent).to.include('\n'); // the line break inside a paragraph is kept (pre-line)
    expect(getComputedStyle(paragraphs[0]!).whiteSpace).to.equal('pre-line');
    const tags = [...el.querySelectorAll('.esbTags .esbTag')];
    expect(tags.map((t) => text(t))).to.have.members(['Environment', 'Health']);
    expect(tags[0]!.className).to.match(/\bmd5_[0-9a-f]{32}\b/);
    await expect(el).to.be.accessible();
  });

  it('lists every DCAT-AP field present under "Further information" with dates in <time>', async () => {
    const el = await plainView();
    const further = el.querySelector('.esbFurtherInfo')!;
    const labels = [...further.querySelectorAll('dt')].map((d) => text(d));
    for (const l of ['Contact point', 'Keywords', 'Identifier', 'Issued', 'Modified', 'Language', 'Landing page', 'Conforms to',
      'Temporal coverage', 'Update frequency', 'Version', 'Access rights', 'Documentation']) expect(labels).to.include(l);
    const issued = further.querySelector('time[datetime="2020-05-01"]');
    expect(issued, 'issued date').to.exist;
    expect(text(issued)).to.equal('May 1, 2020');
    expect(further.querySelector('a[href="mailto:info@blocks.example.org"]')).to.exist;
  });

  it('distribution rows: format badges (no raw value as title: issue 28 point 15), API badge, title fallback, download / access / explore links', async () => {
    const el = await plainView();
    expect(rows(el)).to.have.length(4);
    const csv = rowByTitle(el, 'Bathing sites CSV');
    const badge = csv.querySelector('span.formatLabel')!;
    expect(text(badge)).to.equal('CSV');
    expect(badge.hasAttribute('title')).to.equal(false);
    expect(csv.querySelector('a.esbDownload')!.getAttribute('href')).to.equal('https://files.blocks.example.org/badplatser.csv');
    expect(csv.querySelector('a.esbAccessLink'), 'access equals download: no Access link').to.not.exist;

    const json = rowByTitle(el, 'Yearly data JSON');
    expect(text(json.querySelector('.esbSeveralFiles'))).to.equal('Several files — see below');
    expect(json.querySelector('.esbRowHead a.esbDownload')).to.not.exist;
    expect(json.querySelector('a.esbAccessLink')!.getAttribute('href')).to.equal('https://files.blocks.example.org/year/');

    const api = rowByTitle(el, 'Bathing sites API');
    expect(text(api.querySelector('.esbApiBadge'))).to.equal('API');
    expect(api.querySelector('a.esbExploreApi')!.getAttribute('href')).to.equal('https://rowstore.blocks.example.org/dataset/5c1e0f3a/swagger');

    const untitled = rowByTitle(el, 'Untitled distribution');
    expect(untitled.querySelector('.esbRowTitle.distributionNoName')).to.exist;
    expect(text(button(untitled).querySelector('.esbVisuallyHidden'))).to.equal('More information about Untitled distribution');
  });

  it('expanded area: Files list for several files, metadata list, access-service box with "Read about the API"', async () => {
    const el = await plainView();
    const json = rowByTitle(el, 'Yearly data JSON');
    button(json).click();
    await el.updateComplete;
    const region = el.querySelector<HTMLElement>(`#${button(json).getAttribute('aria-controls')}`)!;
    expect(region.hidden).to.equal(false);
    expect(text(region.querySelector('.esbFilesHeading'))).to.equal('Files');
    expect([...region.querySelectorAll('.esbFileName')].map((n) => text(n))).to.deep.equal(['2023.json', '2024.json']);
    expect(region.querySelectorAll('a.esbDownload')).to.have.length(2);

    const wfs = rowByTitle(el, 'Untitled distribution');
    button(wfs).click();
    await el.updateComplete;
    const box = wfs.querySelector('.esbAccessService')!;
    expect(box).to.exist;
    const read = box.querySelector('a.esbReadApi')!;
    expect(text(read)).to.equal('Read about the API');
    expect(read.getAttribute('href')).to.include('esc_');
    await expect(el).to.be.accessible();
  });

  it('a dataset without distributions says so; a series member links its series', async () => {
    const empty = await plainView('blocks-ds2');
    expect(text(empty.querySelector('.esbDistributions .esbEmpty'))).to.equal('This dataset has no distributions.');
    const member = await plainView('blocks-ds3');
    const series = [...member.querySelectorAll('.esbFurtherInfo dt')].find((d) => text(d) === 'In series')!;
    const link = series.nextElementSibling!.querySelector('a')!;
    expect(text(link)).to.equal('Air measurements');
    expect(link.getAttribute('href')).to.match(/esc_entry=\w+&esc_context=\w+/);
  });

  it('an entry that is a data service is shown as a data service', async () => {
    const el = await plainView('blocks-svc1');
    expect(el.querySelector('.esbDataserviceView')).to.exist;
    expect(text(el.querySelector('h1'))).to.equal('Bathing site API');
    await expect(el).to.be.accessible();
  });
});

describe('dataset-view: hl (heading levels never skip)', () => {
  for (const hl of [1, 2, 3, 4, 5, 6]) {
    it(`hl=${hl}: title h${hl}, sections h${Math.min(6, hl + 1)}, file list h${Math.min(6, hl + 2)}`, async () => {
      const el = await view({ hl: String(hl) });
      button(rowByTitle(el, 'Yearly data JSON')).click();
      await el.updateComplete;
      expect(el.querySelector('.esbTitle')!.localName).to.equal(`h${hl}`);
      expect(el.querySelector('.esbDistributions > :first-child')!.localName).to.equal(`h${Math.min(6, hl + 1)}`);
      expect(el.querySelector('.esbFilesHeading')!.localName).to.equal(`h${Math.min(6, hl + 2)}`);
      expect(headingsWellFormed(headingLevels(el), hl)).to.equal(true, headingLevels(el).join());
      expect(el.querySelectorAll('h1').length).to.be.at.most(1);
    });
  }
  it('hl above 6 renders every heading as h6', async () => {
    const el = await view({ hl: '8' });
    expect(new Set(headingLevels(el))).to.deep.equal(new Set([6]));
  });
});

describe('dataset-view: clickExpand', () => {
  it('default true: a click on the row head toggles; links in the head do not; the head is no tab stop', async () => {
    const el = await plainView();
    const row = rowByTitle(el, 'Bathing sites CSV');
    expect(row.classList.contains('esbRowClickExpand')).to.equal(true);
    const head = row.querySelector<HTMLElement>('.esbRowHead')!;
    expect(head.hasAttribute('tabindex')).to.equal(false);
    (row.querySelector('.esbRowTitle') as HTMLElement).click();
    await el.updateComplete;
    expect(button(row).getAttribute('aria-expanded')).to.equal('true');
    expect(row.classList.contains('esbRowExpanded')).to.equal(true);
    expect(button(row).title).to.equal('Less information');
    const link = row.querySelector<HTMLAnchorElement>('a.esbDownload')!;
    link.addEventListener('click', (e) => e.preventDefault(), { once: true });
    link.click();
    await el.updateComplete;
    expect(button(row).getAttribute('aria-expanded')).to.equal('true');
    head.click();
    await el.updateComplete;
    expect(button(row).getAttribute('aria-expanded')).to.equal('false');
    expect(el.querySelector<HTMLElement>(`#${button(row).getAttribute('aria-controls')}`)!.hidden).to.equal(true);
  });

  it('click-expand="false": the row head does not toggle, only the button does', async () => {
    const el = await view({ clickExpand: 'false' });
    const row = rowByTitle(el, 'Bathing sites CSV');
    expect(row.classList.contains('esbRowClickExpand')).to.equal(false);
    (row.querySelector('.esbRowTitle') as HTMLElement).click();
    await el.updateComplete;
    expect(button(row).getAttribute('aria-expanded')).to.equal('false');
    button(row).click();
    await el.updateComplete;
    expect(button(row).getAttribute('aria-expanded')).to.equal('true');
    await expect(el).to.be.accessible();
  });

  it('keyboard: Enter and Space on the expand button toggle it', async () => {
    const el = await plainView();
    const b = button(rowByTitle(el, 'Bathing sites CSV'));
    b.focus();
    await sendKeys({ press: 'Enter' });
    await el.updateComplete;
    expect(b.getAttribute('aria-expanded')).to.equal('true');
    await sendKeys({ press: 'Space' });
    await el.updateComplete;
    expect(b.getAttribute('aria-expanded')).to.equal('false');
  });
});

describe('dataset-view: strictStandardHtml', () => {
  const interactiveNesting = 'a a, a button, button a, button button, a input, button input';

  it('strict (page config data-strict-standard-html="true"): dl > div > dt + dd, div wrappers', async () => {
    const root = await fixture(html`<div>
      <div data-portal-config data-strict-standard-html="true"></div>
      <dataset-view store-url=${storeUrl} lookup="blocks-ds1"></dataset-view>
    </div>`);
    const el = root.querySelector('dataset-view')!;
    await settled(el);
    const dts = [...el.querySelectorAll('dt')];
    expect(dts.length).to.be.greaterThan(5);
    for (const dt of dts) {
      expect(dt.parentElement!.localName).to.equal('div');
      expect(dt.parentElement!.parentElement!.localName).to.equal('dl');
    }
    for (const dl of el.querySelectorAll('dl')) for (const c of dl.children) expect(c.localName).to.equal('div');
    expect(el.querySelector('div.esbInlineDiv.esbPublisher')).to.exist;
    expect(el.querySelector(interactiveNesting)).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('legacy (default): flat dl > dt, dd and span wrappers, still no nested interactive content', async () => {
    const el = await plainView();
    for (const dt of el.querySelectorAll('dt')) expect(dt.parentElement!.localName).to.equal('dl');
    expect(el.querySelector('span.esbPublisher')).to.exist;
    expect(el.querySelector(interactiveNesting)).to.equal(null);
  });

  it('the block attribute strict-standard-html overrides the page setting', async () => {
    const el = await fixture(html`<dataset-view store-url=${storeUrl} lookup="blocks-ds1" strict-standard-html="true"></dataset-view>`);
    await settled(el);
    expect(el.querySelector('dl > div > dt')).to.exist;
  });

  it('two blocks on one page never share an id; every aria-controls / aria-labelledby resolves', async () => {
    const root = await fixture(html`<div>
      <dataset-view store-url=${storeUrl} lookup="blocks-ds1"></dataset-view>
      <dataset-view store-url=${storeUrl} lookup="blocks-ds1" strict-standard-html="true"></dataset-view>
    </div>`);
    await Promise.all([...root.querySelectorAll('dataset-view')].map((e) => settled(e)));
    const ids = [...root.querySelectorAll('[id]')].map((e) => e.id);
    expect(new Set(ids).size).to.equal(ids.length);
    for (const ref of root.querySelectorAll('[aria-controls], [aria-labelledby]')) {
      const id = ref.getAttribute('aria-controls') ?? ref.getAttribute('aria-labelledby')!;
      expect(root.querySelector(`#${id}`), id).to.exist;
    }
  });
});

describe('dataset-view: languages', () => {
  let htmlLang: string;
  before(() => {
    htmlLang = document.documentElement.lang;
  });
  afterEach(() => {
    document.documentElement.lang = htmlLang;
  });

  it('lang="sv" on the block: Swedish UI and Swedish literals', async () => {
    const el = await view({ lang: 'sv' });
    expect(text(el.querySelector('h1'))).to.equal('Badplatser');
    expect(text(el.querySelector('.esbDistributions h2'))).to.equal('Dataresurser');
    expect(text(el.querySelector('.esbFurtherInfo h2'))).to.equal('Ytterligare information');
    await expect(el).to.be.accessible();
  });

  it('page config data-lang="de": German UI and German literals', async () => {
    const root = await fixture(html`<div>
      <div data-portal-config data-lang="de"></div>
      <dataset-view store-url=${storeUrl} lookup="blocks-ds1"></dataset-view>
    </div>`);
    const el = root.querySelector('dataset-view')!;
    await settled(el);
    expect(text(el.querySelector('h1'))).to.equal('Badestellen');
    expect(text(el.querySelector('.esbDistributions h2'))).to.equal('Distributionen');
    expect(el.querySelector('.esbBlock')!.getAttribute('lang')).to.equal('de');
  });

  it('<html lang="sv"> is used when neither block nor config says', async () => {
    document.documentElement.lang = 'sv';
    const el = await plainView();
    expect(text(el.querySelector('.esbDistributions h2'))).to.equal('Dataresurser');
  });

  it('a literal in another language than the UI carries a lang attribute', async () => {
    const el = await plainView('blocks-ds2');
    const h1 = el.querySelector('h1')!;
    expect(text(h1)).to.equal('Cykelparkeringar');
    expect(h1.getAttribute('lang')).to.equal('sv');
    expect(el.querySelector('.esbDescription p')!.getAttribute('lang')).to.equal('sv');
  });
});

describe('dataset-view: locating the entry', () => {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
  });

  it('?esc_uri= in the query string', async () => {
    restore = setPageUrl(`?esc_uri=${encodeURIComponent('https://blocks.example.org/dataset2')}`);
    const el = await fixture(html`<dataset-view store-url=${storeUrl}></dataset-view>`);
    expect(await settled(el)).to.equal('ready');
    expect(text(el.querySelector('h1'))).to.equal('Cykelparkeringar');
  });

  it('#esc_entry=&esc_context= in the fragment; a hash change loads the other entry', async () => {
    const ds1 = await entryById('blocks-ds1');
    const ds3 = await entryById('blocks-ds3');
    restore = setPageUrl(location.search, `#esc_entry=${ds1.entryId}&esc_context=${ds1.contextId}`);
    const el = await fixture(html`<dataset-view store-url=${storeUrl}></dataset-view>`);
    expect(await settled(el)).to.equal('ready');
    expect(text(el.querySelector('h1'))).to.equal('Bathing sites');
    location.hash = `#esc_entry=${ds3.entryId}&esc_context=${ds3.contextId}`;
    await new Promise((r) => window.addEventListener('hashchange', r, { once: true }));
    await settled(el);
    expect(text(el.querySelector('h1'))).to.equal('Air measurements 2024');
  });

  it('query string wins over the fragment', async () => {
    restore = setPageUrl(`?esc_lookup=blocks-ds2`, '#esc_lookup=blocks-ds1');
    const el = await fixture(html`<dataset-view store-url=${storeUrl}></dataset-view>`);
    await settled(el);
    expect(text(el.querySelector('h1'))).to.equal('Cykelparkeringar');
  });

  it('attributes entry + context, uri, and lookup with lookup-literal', async () => {
    const ds3 = await entryById('blocks-ds3');
    const a = await fixture(html`<dataset-view store-url=${storeUrl} entry=${ds3.entryId} context=${ds3.contextId}></dataset-view>`);
    await settled(a);
    expect(text(a.querySelector('h1'))).to.equal('Air measurements 2024');
    const b = await fixture(html`<dataset-view store-url=${storeUrl} uri="https://blocks.example.org/dataset2"></dataset-view>`);
    await settled(b);
    expect(text(b.querySelector('h1'))).to.equal('Cykelparkeringar');
    const c = await fixture(html`<dataset-view store-url=${storeUrl} lookup="Bathing sites" lookup-literal="dcterms:title"></dataset-view>`);
    expect(await settled(c)).to.equal('ready');
    expect(text(c.querySelector('h1'))).to.equal('Bathing sites');
  });

  it('block attributes win over the page URL', async () => {
    restore = setPageUrl(`?esc_lookup=blocks-ds2`);
    const el = await fixture(html`<dataset-view store-url=${storeUrl} lookup="blocks-ds3"></dataset-view>`);
    await settled(el);
    expect(text(el.querySelector('h1'))).to.equal('Air measurements 2024');
  });
});

describe('dataset-view: links to landing pages', () => {
  it('without a route, links go to the current page with ?esc_entry&esc_context (or ?esc_uri)', async () => {
    const el = await plainView('blocks-ds3');
    const href = el.querySelector('.esbFurtherInfo dd a[href*="esc_"]')!.getAttribute('href')!;
    const url = new URL(href, location.href);
    expect(url.pathname).to.equal(location.pathname);
    expect(url.searchParams.get('esc_entry')).to.be.a('string');
    expect(url.searchParams.get('esc_context')).to.be.a('string');
  });

  it('clicks.dataset / clicks.dataservice routes from the page config are used', async () => {
    const root = await fixture(html`<div>
      <div data-portal-config data-clicks='{"dataset": "/pages/dataset", "dataservice": "/pages/service/\${context}/\${entry}"}'></div>
      <dataset-view store-url=${storeUrl} lookup="blocks-ds3"></dataset-view>
      <dataset-view store-url=${storeUrl} lookup="blocks-ds1"></dataset-view>
    </div>`);
    const [member, ds1] = [...root.querySelectorAll<DatasetView>('dataset-view')];
    await Promise.all([settled(member!), settled(ds1!)]);
    expect(member!.querySelector('.esbFurtherInfo dd a[href^="/pages/dataset#esc_entry="]')).to.exist;
    const wfs = rowByTitle(ds1!, 'Untitled distribution');
    button(wfs).click();
    // The access service is looked up on first expand; then its link knows the entry ids.
    await new Promise((r) => setTimeout(r, 0));
    for (let i = 0; i < 50 && !wfs.querySelector('a.esbReadApi[href^="/pages/service/"]'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(wfs.querySelector('a.esbReadApi')!.getAttribute('href')).to.match(/^\/pages\/service\/\w+\/\w+$/);
    expect(text(wfs.querySelector('.esbAccessServiceTitle'))).to.include('Bathing site API');
  });
});

describe('dataset-view: requests to the store', () => {
  it('a landing page view makes at most 2 requests: the entry, then one batched lookup', async () => {
    const { store, requests } = countingStore(storeUrl);
    const el = await withStore<DatasetView>(store, html`<dataset-view lookup="blocks-ds1"></dataset-view>`);
    expect(await settled(el)).to.equal('ready');
    expect(rows(el)).to.have.length(4);
    expect(text(el.querySelector('.esbPublisher'))).to.include('Example Municipality');
    expect(requests, requests.join('\n')).to.have.length(2);
    expect(requests[1]).to.include('resource');
  });

  it('entry + context: the first request is the entry itself', async () => {
    const ds1 = await entryById('blocks-ds1');
    const { store, requests } = countingStore(storeUrl);
    const el = await withStore<DatasetView>(store, html`<dataset-view entry=${ds1.entryId} context=${ds1.contextId}></dataset-view>`);
    await settled(el);
    expect(requests).to.have.length(2);
    expect(requests[0]).to.include(`/${ds1.contextId}/entry/${ds1.entryId}`);
  });

  it('expanding a row with an unresolved access service costs one more batched request, once', async () => {
    const { store, requests } = countingStore(storeUrl);
    const el = await withStore<DatasetView>(store, html`<dataset-view lookup="blocks-ds1"></dataset-view>`);
    await settled(el);
    const wfs = rowByTitle(el, 'Untitled distribution');
    button(wfs).click();
    for (let i = 0; i < 50 && requests.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
    button(wfs).click();
    button(wfs).click();
    await el.updateComplete;
    expect(requests).to.have.length(3);
  });

  it('a view with nothing linked makes one request', async () => {
    const { store, requests } = countingStore(storeUrl);
    const el = await withStore<DatasetView>(store, html`<dataset-view lookup="blocks-series1"></dataset-view>`);
    await settled(el);
    expect(requests).to.have.length(1);
  });
});
