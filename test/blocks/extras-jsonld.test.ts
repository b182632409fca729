// JSON-LD for search engines (src/rich/jsonld.ts) in a real browser: one script in <head> per owner, replaced and
// removed, JSON.parse-able, hostile titles inert; under Trusted Types enforcement placed through the policy
// `catalog-blocks-jsonld`, and skipped with one warning when the page's CSP does not allow that policy.
import { expect, fixture, html } from '@open-wc/testing';
import { datasetJsonLd, placeJsonLd } from '../../src/rich/jsonld.ts';
import type { DatasetModel } from '../../src/dcat/model.ts';

const MODEL: DatasetModel = {
  uri: 'https://data.example.org/store/7/resource/10',
  kind: 'dataset',
  title: { value: '</script><script>window.__pwned=1</script><!--', lang: 'en' },
  description: [{ value: 'Line\u2028separator & <b>bold</b>', lang: 'en' }],
  themes: [],
  distributions: [{
    uri: 'https://data.example.org/store/7/resource/11', title: { value: 'CSV', lang: 'en' },
    formats: [{ label: 'CSV', raw: 'text/csv' }], isApi: false,
    files: [{ href: 'https://files.example.org/a.csv', name: 'a.csv' }], isCsv: true, isWms: false, fields: [],
  }],
  fields: [{ key: 'keyword', values: [{ kind: 'text', text: { value: 'bad', lang: 'en' } }] }],
};
const scripts = (doc: Document = document) => [...doc.head.querySelectorAll('script[type="application/ld+json"]')];

/** A same-origin frame whose page has the given CSP (Trusted Types enforced); resolves with its document. */
async function framed(csp: string): Promise<{ doc: Document; win: Window; frame: HTMLIFrameElement }> {
  const frame = document.createElement('iframe');
  frame.srcdoc = `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="${csp}"></head><body><div id="owner"></div></body></html>`;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  document.body.append(frame);
  await loaded;
  return { doc: frame.contentDocument!, win: frame.contentWindow!, frame };
}

describe('placeJsonLd', () => {
  afterEach(() => {
    for (const s of scripts()) s.remove();
  });

  it('one script in <head> for the landing model; JSON.parse gives the Dataset; the hostile title stays data', async () => {
    const owner = await fixture<HTMLElement>(html`<div class="landing"></div>`);
    const json = datasetJsonLd(MODEL, { pageUrl: location.href });
    const remove = placeJsonLd(owner, json);
    const [script] = scripts();
    expect(scripts().length).to.equal(1);
    expect(script!.textContent).to.equal(json);
    expect([...document.querySelectorAll('script')].filter((s) => s.textContent?.includes('__pwned'))).to.deep.equal([script]);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    const data = JSON.parse(script!.textContent!);
    expect(data['@type']).to.equal('Dataset');
    expect(data.name).to.equal(MODEL.title!.value);
    expect(data.description).to.equal('Line\u2028separator & <b>bold</b>');
    expect(data.distribution).to.deep.equal([{ '@type': 'DataDownload', name: 'CSV', encodingFormat: 'text/csv', contentUrl: 'https://files.example.org/a.csv' }]);
    // The HTML parser sees one script element whose text does not end early.
    const reparsed = new DOMParser().parseFromString(`<head>${script!.outerHTML}</head>`, 'text/html');
    expect(reparsed.querySelectorAll('script').length).to.equal(1);
    expect(JSON.parse(reparsed.querySelector('script')!.textContent!)).to.deep.equal(data);
    remove();
    expect(scripts().length).to.equal(0);
  });

  it('placing again for the same owner replaces its script; another owner has its own', async () => {
    const a = await fixture<HTMLElement>(html`<div></div>`);
    const b = await fixture<HTMLElement>(html`<div></div>`);
    placeJsonLd(a, '{"n":1}');
    const removeA = placeJsonLd(a, '{"n":2}');
    const removeB = placeJsonLd(b, '{"n":3}');
    expect(scripts().map((s) => s.textContent)).to.deep.equal(['{"n":2}', '{"n":3}']);
    removeA();
    expect(scripts().map((s) => s.textContent)).to.deep.equal(['{"n":3}']);
    removeB();
    removeB();
    expect(scripts().length).to.equal(0);
  });

  it('Trusted Types enforced, policy allowed: placed through catalog-blocks-jsonld', async () => {
    const { doc, frame } = await framed("require-trusted-types-for 'script'; trusted-types catalog-blocks-jsonld");
    const owner = doc.getElementById('owner')!;
    // The sink really is guarded in this frame.
    expect(() => { doc.createElement('script').text = '{}'; }).to.throw(/TrustedScript/);
    const remove = placeJsonLd(owner, '{"ok":true}');
    const placed = [...doc.head.querySelectorAll('script[type="application/ld+json"]')];
    expect(placed.map((s) => s.textContent)).to.deep.equal(['{"ok":true}']);
    remove();
    expect(doc.head.querySelectorAll('script[type="application/ld+json"]').length).to.equal(0);
    frame.remove();
  });

  it('Trusted Types enforced, policy not allowed: nothing placed, one warning, never an exception', async () => {
    const { doc, frame } = await framed("require-trusted-types-for 'script'; trusted-types other-policy");
    const owner = doc.getElementById('owner')!;
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      const remove1 = placeJsonLd(owner, '{"a":1}');
      const remove2 = placeJsonLd(owner, '{"a":2}');
      remove1();
      remove2();
    } finally {
      console.warn = warn;
    }
    expect(doc.head.querySelectorAll('script[type="application/ld+json"]').length).to.equal(0);
    expect(warnings.length).to.equal(1);
    expect(String(warnings[0]![0])).to.contain('catalog-blocks-jsonld');
    frame.remove();
  });
});
