// mailto: header injection (issue 8 point 4): a dataset, its distributions and a data service whose every link
// position holds a mailto: value with a query (bcc, subject, body, to, cc), an encoded CR/LF header or several
// recipients (test/fixtures/render-limits-catalog.ttl). No rendered href may carry a query, a fragment or an encoded
// control character after `mailto:`; values with a query become links to the bare address, the others text.
import { expect, html, waitUntil } from '@open-wc/testing';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import '../../blocks/dataset-list/dataset-list.ts';
import { settled, text, withStore } from './helpers.ts';
import { fixtureStore, type RenderStore } from './render-store.ts';
import { freshPage, mountOnStore, rendered } from './search-input-helpers.ts';

let store: RenderStore;
before(async () => {
  store = await fixtureStore('/test/fixtures/render-limits-catalog.ttl');
});
beforeEach(freshPage);

async function openAll(el: CatalogBlock): Promise<void> {
  for (let round = 0; round < 3; round++) {
    for (const b of el.querySelectorAll<HTMLButtonElement>('button[aria-expanded="false"].esbExpandButton')) b.click();
    await el.updateComplete;
    await new Promise((r) => setTimeout(r, 50));
    await el.updateComplete;
  }
}

async function view(tag: 'dataset-view' | 'dataservice-view', lookup: string): Promise<CatalogBlock> {
  const el = await withStore<CatalogBlock>(store, tag === 'dataset-view'
    ? html`<dataset-view lookup=${lookup} lang="en"></dataset-view>`
    : html`<dataservice-view lookup=${lookup} lang="en"></dataservice-view>`);
  expect(await settled(el)).to.equal('ready');
  await openAll(el);
  return el;
}

/** Every mailto: href in `el`; fails on one with a query, fragment, encoded control, whitespace or a second address. */
function mailtoHrefs(el: Element): string[] {
  const hrefs = [...el.querySelectorAll('a[href]')].map((a) => a.getAttribute('href')!).filter((h) => /^\s*mailto:/i.test(h));
  for (const h of hrefs) {
    expect(h, h).to.not.match(/[?#]|%0d|%0a|%00|[,;\s]/i);
    expect(h, h).to.equal('mailto:victim@example.org');
  }
  return hrefs;
}

describe('mailto: links built from metadata', () => {
  it('dataset landing page: landing page, licence, identifier, conformsTo, contact, download and access buttons', async () => {
    const el = await view('dataset-view', 'render-mailto');
    const hrefs = mailtoHrefs(el);
    const further = el.querySelector('.esbFurtherInfo')!;
    // Values with a query still link, to the bare address.
    for (const key of ['landingPage', 'identifier', 'conformsTo']) {
      const field = [...further.querySelectorAll('.esbFields > *')].find((n) => n.classList.contains(`esbField--${key}`));
      if (field) expect(field.querySelector('a[href="mailto:victim@example.org"]'), key).to.exist;
    }
    // A header injection or two recipients is never a link, but the value is still shown as text.
    expect(text(el)).to.include('spy@evil.example');
    for (const a of el.querySelectorAll('a')) expect(text(a)).to.not.match(/%0D%0ABcc/i);
    const access = el.querySelectorAll('.esbRow a.esbAccessLink, .esbRow a.esbDownload');
    expect(access.length, 'download/access buttons of the query-only distribution').to.be.greaterThan(0);
    for (const a of access) expect(a.getAttribute('href')).to.equal('mailto:victim@example.org');
    const injected = [...el.querySelectorAll('.esbRow')].find((r) => text(r.querySelector('.esbRowTitle')) === 'Injected access')!;
    expect(injected.querySelector('.esbRowActions a'), 'CR/LF access, two-recipient download').to.equal(null);
    expect(hrefs.length).to.be.greaterThan(3);
    await expect(el).to.be.accessible();
  });

  it('strict HTML: the same', async () => {
    const el = await withStore<CatalogBlock>(store, html`<dataset-view lookup="render-mailto" lang="en" strict-standard-html="true"></dataset-view>`);
    expect(await settled(el)).to.equal('ready');
    await openAll(el);
    expect(mailtoHrefs(el).length).to.be.greaterThan(3);
  });

  it('data service landing page: endpoint URL, endpoint description, conformsTo, landing page, licence', async () => {
    const el = await view('dataservice-view', 'render-mailto-service');
    const hrefs = mailtoHrefs(el);
    const access = el.querySelector('.esbServiceAccess')!;
    expect(access.querySelectorAll('a[href="mailto:victim@example.org"]').length, 'endpoint with a query').to.be.greaterThan(0);
    expect(hrefs.length).to.be.greaterThan(2);
  });

  it('a result row, expanded: distributions and further information', async () => {
    const { el } = await mountOnStore<CatalogBlock>(store, html`<dataset-list lang="en"></dataset-list>`, { contextId: 'r' });
    await rendered(el);
    expect(el.querySelectorAll('.esbRow').length).to.be.greaterThan(0);
    await openAll(el);
    // the rows' details load a lazy module and the related lookup first: wait for them, then open what they hold
    await waitUntil(() => el.querySelector('.esbRowExpand .esbFurtherInfo'), 'the row details render', { timeout: 10_000 });
    await openAll(el);
    await rendered(el);
    expect(mailtoHrefs(el).length).to.be.greaterThan(2);
  });
});
