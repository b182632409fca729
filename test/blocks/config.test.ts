// Page configuration, parameter resolution and UI language (DOM-based parts of src/config). The per-parameter tests
// are generated from the parameter table: every parameter of every landing block is checked for attribute parsing
// (kebab and old lower-case form), wrong-type warning + default, page-config value and `inherit`.
import { expect, fixture, html } from '@open-wc/testing';
import { attributeName, paramsOf, type BlockName, type ParamSpec } from '../../src/config/params.ts';
import { resetParamWarnings, resolveParams, defaultOf } from '../../src/config/resolve.ts';
import { clearConfigFileCache, hasPendingConfigFiles, loadPageConfig, readPageConfig } from '../../src/config/page-config.ts';
import { blockLang } from '../../src/config/lang.ts';
import { captureWarnings } from './helpers.ts';

/** A valid raw value different from the block default, and what it parses to. */
function sample(spec: ParamSpec, block: BlockName): { raw: string; parsed: boolean | number | string } {
  const def = defaultOf(block, spec);
  switch (spec.type) {
    case 'boolean':
      return def === true ? { raw: 'false', parsed: false } : { raw: 'true', parsed: true };
    case 'number':
      return { raw: '3', parsed: 3 };
    case 'string':
      return spec.name === 'sortOrder' ? { raw: 'title', parsed: 'title' } : { raw: '800px', parsed: '800px' };
  }
}

const INVALID: Record<ParamSpec['type'], string> = { boolean: 'maybe', number: 'two', string: '!!' };

function element(attrs: Record<string, string>): HTMLElement {
  const el = document.createElement('div');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

for (const block of ['datasetView', 'dataserviceView'] as const) {
  describe(`parameters of ${block} (generated from the parameter table)`, () => {
    beforeEach(() => resetParamWarnings());
    for (const spec of paramsOf(block)) {
      const kebab = attributeName(spec.name);
      const { raw, parsed } = sample(spec, block);
      const def = defaultOf(block, spec);

      it(`${spec.name}: attribute ${kebab}="${raw}" → ${String(parsed)}; absent → default ${String(def)}`, () => {
        expect(resolveParams(block, element({ [kebab]: raw }), {})[spec.name]).to.equal(parsed);
        expect(resolveParams(block, element({}), {})[spec.name]).to.equal(def);
      });

      it(`${spec.name}: the old lower-case attribute form is accepted`, () => {
        expect(resolveParams(block, element({ [spec.name.toLowerCase()]: raw }), {})[spec.name]).to.equal(parsed);
      });

      it(`${spec.name}: a wrong value warns naming block, parameter and value, and the default is used`, async () => {
        const bad = INVALID[spec.type];
        let value: unknown;
        const warnings = await captureWarnings(() => {
          value = resolveParams(block, element({ [kebab]: bad }), {})[spec.name];
        });
        expect(value).to.equal(def);
        const w = warnings.find((m) => m.includes(`"${spec.name}"`));
        expect(w, warnings.join('\n')).to.be.a('string');
        expect(w).to.include(block).and.to.include(bad);
      });

      it(`${spec.name}: the page configuration applies when the attribute is absent; the attribute wins`, () => {
        expect(resolveParams(block, element({}), { [spec.name]: raw })[spec.name]).to.equal(parsed);
        if (spec.type === 'boolean') {
          expect(resolveParams(block, element({}), { [spec.name]: parsed })[spec.name]).to.equal(parsed);
          const other = parsed === true ? 'false' : 'true';
          expect(resolveParams(block, element({ [kebab]: other }), { [spec.name]: raw })[spec.name]).to.equal(!parsed);
        }
      });

      it(`${spec.name}: "inherit" takes the enclosing block's value (unset there → own default)`, () => {
        expect(resolveParams(block, element({ [kebab]: 'inherit' }), {}, { [spec.name]: parsed })[spec.name]).to.equal(parsed);
        expect(resolveParams(block, element({ [kebab]: 'inherit' }), {}, {})[spec.name]).to.equal(def);
        expect(resolveParams(block, element({ [kebab]: 'inherit:other' }), {}, { other: parsed })[spec.name]).to.equal(parsed);
      });
    }
  });
}

describe('parameter resolution details', () => {
  beforeEach(() => resetParamWarnings());
  it('a parameter another block accepts is ignored with one warning per block type', async () => {
    const warnings = await captureWarnings(() => {
      resolveParams('datasetView', element({ 'sort-order': 'title' }), {});
      resolveParams('datasetView', element({ 'sort-order': 'title' }), {});
    });
    expect(warnings.filter((w) => w.includes('sortOrder'))).to.have.length(1);
    expect(resolveParams('datasetView', element({ 'sort-order': 'title' }), {})).to.not.have.property('sortOrder');
  });
  it('the data-entryscape- attribute prefix and camelCase keys are accepted', () => {
    expect(resolveParams('datasetView', element({ 'data-entryscape-click-expand': 'false' }), {}).clickExpand).to.equal(false);
    expect(resolveParams('datasetView', element({}), { 'include-data-preview': 'true' }).includeDataPreview).to.equal(true);
  });
  it('hl below 1 is invalid (warning, default); above 6 is kept (headings cap at h6)', async () => {
    const warnings = await captureWarnings(() => expect(resolveParams('datasetView', element({ hl: '0' }), {}).hl).to.equal(1));
    expect(warnings.join()).to.include('"hl"');
    expect(resolveParams('datasetView', element({ hl: '9' }), {}).hl).to.equal(9);
  });
});

describe('page configuration', () => {
  afterEach(() => {
    delete (window as { __entryscape_config?: unknown }).__entryscape_config;
    clearConfigFileCache();
  });

  it('reads the data-* attributes of a data-portal-config element', async () => {
    await fixture(html`<div
      data-portal-config
      data-store-url="https://data.example.org/store/"
      data-lang="sv"
      data-strict-standard-html="true"
      data-include-data-preview="true"
      data-hl="3"
      data-clicks='{"dataset": "/dataset", "dataservice": "/service"}'
    ></div>`);
    const cfg = readPageConfig(document);
    expect(cfg.storeUrl).to.equal('https://data.example.org/store/');
    expect(cfg.lang).to.equal('sv');
    expect(cfg.strictStandardHtml).to.equal(true);
    expect(cfg.includeDataPreview).to.equal('true');
    expect(cfg.hl).to.equal('3');
    expect(cfg.clicks).to.deep.equal({ dataset: '/dataset', dataservice: '/service' });
    expect(resolveParams('datasetView', element({}), cfg)).to.include({ hl: 3, includeDataPreview: true });
  });

  it('data-strict-standard-html other than "true" is false', async () => {
    await fixture(html`<div data-portal-config data-strict-standard-html="yes"></div>`);
    expect(readPageConfig(document).strictStandardHtml).to.equal(false);
  });

  it('reads a JSON script body; the misspelt strictStandarHtml is accepted', async () => {
    await fixture(html`<div>
      <script type="application/json" data-portal-config>
        { "strictStandarHtml": true, "hl": 2, "storeUrl": "https://json.example.org/store/" }
      </script>
    </div>`);
    const cfg = readPageConfig(document);
    expect(cfg.strictStandardHtml).to.equal(true);
    expect(cfg.hl).to.equal(2);
    expect(cfg).to.not.have.property('strictStandarHtml');
  });

  it('when both spellings occur in one object the correct one wins', async () => {
    await fixture(html`<script type="application/json" data-portal-config>
      { "strictStandardHtml": false, "strictStandarHtml": true }
    </script>`);
    expect(readPageConfig(document).strictStandardHtml).to.equal(false);
  });

  it('window.__entryscape_config comes first, data-portal-config tags override it (later wins)', async () => {
    (window as { __entryscape_config?: unknown }).__entryscape_config = [{ lang: 'de', hl: 4 }, { registry: true }];
    await fixture(html`<div><div data-portal-config data-lang="sv"></div><div data-portal-config data-hl="2"></div></div>`);
    const cfg = readPageConfig(document);
    expect(cfg).to.include({ lang: 'sv', hl: '2', registry: true });
  });

  it('invalid JSON in a config script is ignored with a warning', async () => {
    const warnings = await captureWarnings(async () => {
      await fixture(html`<script type="application/json" data-portal-config>{ not json</script>`);
      expect(readPageConfig(document)).to.deep.equal({});
    });
    expect(warnings.join()).to.include('data-portal-config');
  });

  it('data-config-src fetches a JSON config file (loadPageConfig); its own data-* attributes override the file', async () => {
    await fixture(html`<div data-portal-config data-config-src="/test/fixtures/page-config.json" data-hl="5"></div>`);
    expect(readPageConfig(document)).to.not.have.property('storeUrl');
    const cfg = await loadPageConfig(document);
    expect(cfg.storeUrl).to.equal('https://file.example.org/store/');
    expect(cfg.strictStandardHtml).to.equal(true);
    expect(cfg.hl).to.equal('5');
    expect(readPageConfig(document).storeUrl).to.equal('https://file.example.org/store/');
  });

  it('a config file that cannot be fetched is skipped with a warning', async () => {
    const warnings = await captureWarnings(async () => {
      await fixture(html`<div data-portal-config data-config-src="/test/fixtures/no-such-config.json" data-lang="de"></div>`);
      expect((await loadPageConfig(document)).lang).to.equal('de');
    });
    expect(warnings.join()).to.include('no-such-config.json');
  });

  it('an empty data-config-src names no file: nothing is pending (blocks do not wait for it forever)', async () => {
    await fixture(html`<div data-portal-config data-config-src="" data-lang="sv"></div>`);
    expect(hasPendingConfigFiles(document)).to.equal(false);
    expect((await loadPageConfig(document)).lang).to.equal('sv');
  });
});

describe('UI language', () => {
  let htmlLang: string;
  before(() => {
    htmlLang = document.documentElement.lang;
  });
  afterEach(() => {
    document.documentElement.lang = htmlLang;
  });

  it('element lang → page config → nearest [lang] → <html lang> → en; unsupported tags fall through', async () => {
    document.documentElement.lang = 'de';
    const root = await fixture(html`<section lang="sv-SE"><p id="a" lang="en"></p><p id="b"></p><p id="c" lang="fr"></p></section>`);
    const a = root.querySelector('#a')!;
    const b = root.querySelector('#b')!;
    const c = root.querySelector('#c')!;
    expect(blockLang(a, { lang: 'de' })).to.equal('en');
    expect(blockLang(b, { lang: 'de' })).to.equal('de');
    expect(blockLang(b, {})).to.equal('sv');
    expect(blockLang(c, {})).to.equal('sv');
    const lone = await fixture(html`<p></p>`);
    expect(blockLang(lone, {})).to.equal('de');
    document.documentElement.lang = 'fi';
    expect(['en', 'sv', 'de']).to.include(blockLang(lone, {}));
  });
});
