// Hostile metadata (test/fixtures/hostile-catalog.ttl): markup and script in every text position, unsafe URL schemes
// in every link position, a huge description, missing titles, literals in other languages. Nothing may execute,
// become markup, or become a link other than http(s)/mailto.
import { expect, fixture, html } from '@open-wc/testing';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import { devStore, settled, text } from './helpers.ts';

let storeUrl: string;
let alerts: unknown[] = [];
const realAlert = window.alert;
before(async () => {
  storeUrl = (await devStore()).storeUrl;
});
beforeEach(() => {
  alerts = [];
  window.alert = (m?: unknown) => void alerts.push(m);
});
afterEach(() => {
  window.alert = realAlert;
});

async function render(tag: 'dataset-view' | 'dataservice-view', lookup: string, strict = false): Promise<CatalogBlock> {
  const el = document.createElement(tag) as CatalogBlock;
  el.setAttribute('store-url', storeUrl);
  el.setAttribute('lookup', lookup);
  if (strict) el.setAttribute('strict-standard-html', 'true');
  (await fixture(html`<div></div>`)).append(el);
  expect(await settled(el)).to.equal('ready');
  // Open every distribution row so the expanded areas are rendered too.
  for (const b of el.querySelectorAll<HTMLButtonElement>('button.esbExpandButton')) b.click();
  await el.updateComplete;
  await new Promise((r) => setTimeout(r, 50));
  await el.updateComplete;
  return el;
}

function assertInert(el: Element): void {
  expect(el.querySelectorAll('script, img, svg, iframe, object, embed, b, i'), 'elements from metadata').to.have.length(0);
  for (const node of el.querySelectorAll('*')) {
    for (const attr of node.attributes) {
      expect(attr.name, `${node.localName}[${attr.name}]`).to.not.match(/^on/i);
    }
  }
  for (const a of el.querySelectorAll('a')) {
    const href = a.getAttribute('href');
    expect(href, text(a)).to.be.a('string');
    const url = new URL(href!, location.href);
    expect(['http:', 'https:', 'mailto:'], href!).to.include(url.protocol);
  }
  expect(el.innerHTML.toLowerCase()).to.not.match(/href="\s*(javascript|data|vbscript):/);
  expect(alerts).to.deep.equal([]);
}

describe('hostile metadata', () => {
  for (const strict of [false, true]) {
    it(`dataset: markup in literals is text, unsafe URLs are not links (${strict ? 'strict' : 'legacy'} HTML)`, async () => {
      const el = await render('dataset-view', 'hostile-1', strict);
      assertInert(el);
      expect(text(el.querySelector('h1'))).to.equal('<script>alert(1)</script> <img src=x onerror=alert(1)>');
      expect(text(el.querySelector('.esbPublisher'))).to.include("<script>alert('publisher')</script>");
      expect(el.querySelector('.esbPublisher a'), 'javascript: homepage').to.equal(null);
      const further = text(el.querySelector('.esbFurtherInfo'));
      expect(further).to.include('javascript:alert(1)'); // landing page shown as text
      expect(further).to.include("Contact <img src=x onerror=alert('contact')>");
      expect(el.querySelector('.esbFurtherInfo a[href="mailto:security@hostile.example.org"]')).to.exist;
      await expect(el).to.be.accessible();
    });
  }

  it('download, access and data: URLs never become links; the distribution stays listed', async () => {
    const el = await render('dataset-view', 'hostile-1');
    const rows = [...el.querySelectorAll('.esbRow')];
    expect(rows).to.have.length(5);
    const js = rows.find((r) => text(r.querySelector('.esbRowTitle')) === `"><svg onload=alert('dist')>`)!;
    expect(js, 'row with script title').to.exist;
    expect(js.querySelector('.esbRowActions a')).to.equal(null);
    const data = rows.find((r) => text(r.querySelector('.esbRowTitle')) === 'Data URL')!;
    expect(data.querySelector('.esbRowActions a')).to.equal(null);
    const badge = js.querySelector('.formatLabel')!;
    // (the raw value is no title since issue 28 point 15: the badge's text is what it shows)
    expect(badge.hasAttribute('title')).to.equal(false);
    expect(badge.querySelector('script')).to.equal(null);
  });

  it('a distribution without title and format: file-name title and a "No format given" badge', async () => {
    const el = await render('dataset-view', 'hostile-1');
    const bare = [...el.querySelectorAll('.esbRow')].find((r) => text(r.querySelector('.esbRowTitle')) === 'plain name.csv')!;
    expect(bare).to.exist;
    expect(bare.querySelector('.formatLabel--none')!.getAttribute('title')).to.equal('No format given');
    expect(bare.querySelector('a.esbDownload')!.getAttribute('href')).to.equal('https://hostile.example.org/files/plain%20name.csv');
  });

  it('the API distribution (dcterms:source) gets the API badge and Explore API', async () => {
    const el = await render('dataset-view', 'hostile-1');
    const api = [...el.querySelectorAll('.esbRow')].find((r) => text(r.querySelector('.esbRowTitle')) === 'Hostile API')!;
    expect(api.querySelector('.esbApiBadge')).to.exist;
    expect(api.querySelector('a.esbExploreApi')!.getAttribute('href')).to.equal('https://rowstore.hostile.example.org/dataset/abc/swagger');
  });

  it('a huge description shows its first 10,000 characters, then whole after "Show more", as text (no markup), and wraps', async () => {
    const el = await render('dataset-view', 'hostile-1');
    const description = el.querySelector('.esbDescription')!;
    const more = description.querySelector<HTMLButtonElement>('button.esbShowMore')!;
    expect(more.getAttribute('aria-expanded')).to.equal('false');
    expect(description.textContent!.includes('The end of a very long text.')).to.equal(false);
    expect([...description.querySelectorAll('p')].reduce((n, p) => n + p.textContent!.length, 0)).to.be.at.most(10_000);
    more.click();
    await el.updateComplete;
    expect(more.getAttribute('aria-expanded')).to.equal('true');
    const all = description.textContent!;
    expect(all.length).to.be.greaterThan(20000);
    expect(all.includes('The end of a very long text.')).to.equal(true);
    expect(description.querySelector('b')).to.equal(null);
    for (const p of description.querySelectorAll('p')) expect(p.scrollWidth).to.be.at.most(el.clientWidth + 1);
  });

  it('a dataset without any title: "Untitled dataset"; a literal in another language carries lang', async () => {
    const el = await render('dataset-view', 'hostile-2');
    expect(text(el.querySelector('h1.esbTitle'))).to.equal('Untitled dataset');
    const p = el.querySelector('.esbDescription p')!;
    expect(p.getAttribute('lang')).to.equal('de');
    expect(text(p)).to.equal('Nur eine deutsche Beschreibung.');
    await expect(el).to.be.accessible();
  });

  it('the series link of a hostile member is a safe landing link with escaped text', async () => {
    const el = await render('dataset-view', 'hostile-1');
    const link = [...el.querySelectorAll('.esbFurtherInfo a')].find((a) => text(a).startsWith('Series'))!;
    expect(text(link)).to.equal("Series <script>alert('series')</script>");
    expect(new URL(link.getAttribute('href')!, location.href).origin).to.equal(location.origin);
  });

  it('data service: javascript: endpoints are no links, the https endpoint is, served datasets are linked', async () => {
    const el = await render('dataservice-view', 'hostile-svc');
    assertInert(el);
    expect(text(el.querySelector('h1'))).to.equal('<img src=x onerror=alert(3)>');
    const access = el.querySelector('.esbServiceAccess')!;
    expect(access.querySelector('a[href="https://api.hostile.example.org/"]')).to.exist;
    expect(access.querySelectorAll('a')).to.have.length(1); // javascript: endpoint and description never become links
    const served = [...el.querySelectorAll('.esbServedList a')].map((a) => text(a));
    expect(served).to.have.length(2);
    await expect(el).to.be.accessible();
  });
});
