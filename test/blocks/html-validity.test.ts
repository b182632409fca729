// Both HTML modes (strictStandardHtml true and false) must be valid HTML: every landing rendering of the test
// catalogs — rows expanded, hostile content, states — goes through the W3C Nu validator (vnu-jar, via the wtr plugin).
import { expect, fixture, html } from '@open-wc/testing';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import { devStore, faultStoreUrl, settled } from './helpers.ts';

interface VnuMessage {
  type: string;
  subType?: string;
  message: string;
  extract?: string;
}

async function renderAll(strict: boolean): Promise<string> {
  const { storeUrl, closedStoreUrl } = await devStore();
  const cases: [string, Record<string, string>][] = [
    ['dataset-view', { lookup: 'blocks-ds1' }],
    ['dataset-view', { lookup: 'blocks-ds2', lang: 'de' }],
    ['dataset-view', { lookup: 'blocks-ds3', hl: '2' }],
    ['dataset-view', { lookup: 'hostile-1' }],
    ['dataset-view', { lookup: 'hostile-2' }],
    ['dataservice-view', { lookup: 'blocks-svc1', hl: '3' }],
    ['dataservice-view', { lookup: 'hostile-svc' }],
    ['dataset-view', { lookup: 'no-such-identifier' }],
    ['dataset-view', {}],
    ['dataset-view', { lookup: 'blocks-ds1', 'store-url': closedStoreUrl }],
    ['dataset-view', { lookup: 'blocks-ds1', 'store-url': faultStoreUrl('badjson', 'x') }],
  ];
  const root = await fixture(html`<div></div>`);
  const blocks = cases.map(([tag, attrs]) => {
    const el = document.createElement(tag) as CatalogBlock;
    el.setAttribute('store-url', storeUrl);
    if (strict) el.setAttribute('strict-standard-html', 'true');
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    root.append(el);
    return el;
  });
  await Promise.all(blocks.map((b) => settled(b)));
  for (const b of root.querySelectorAll<HTMLButtonElement>('button.esbExpandButton')) b.click();
  await Promise.all(blocks.map((b) => b.updateComplete));
  // Each block's content stands in a <div> (the custom element tags themselves are the host page's business).
  const body = blocks.map((b) => `<div class="host">${b.innerHTML}</div>`).join('\n');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Blocks</title></head><body><main>${body}</main></body></html>`;
}

async function validate(doc: string): Promise<VnuMessage[]> {
  const res = await fetch('/__validate', { method: 'POST', body: doc, headers: { 'Content-Type': 'text/html' } });
  expect(res.ok).to.equal(true);
  return ((await res.json()) as { messages: VnuMessage[] }).messages;
}

describe('HTML validity (Nu validator)', function () {
  it('the validator route reports errors (control: a button inside a link, a div inside a span)', async () => {
    const messages = await validate(
      '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><a href="/x"><button type="button">b</button></a><span><div>d</div></span></body></html>',
    );
    expect(messages.filter((m) => m.type === 'error').length).to.be.at.least(2);
  });

  for (const strict of [true, false]) {
    it(`strictStandardHtml=${strict}: no validation errors`, async () => {
      const messages = await validate(await renderAll(strict));
      const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
      expect(errors.map((e) => `${e.message} — ${e.extract ?? ''}`)).to.deep.equal([]);
    });
  }
});
