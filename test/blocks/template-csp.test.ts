// Templates under a strict policy: Trusted Types with only Lit's policy and no 'unsafe-eval' (script-src without it).
// The policy is set by a <meta> element before anything of the blocks loads (dynamic import after it); every
// `securitypolicyviolation` is recorded. The interpreter must render author markup and metadata with none.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { CatalogTemplate } from '../../blocks/template/template.ts';
import { MemoryStore, graphOf, literal, DCAT, DCTERMS, RDF_TYPE } from './memory-store.ts';
import { until } from './dataset-list.helpers.ts';

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.sample}`));
const meta = document.createElement('meta');
meta.httpEquiv = 'Content-Security-Policy';
meta.content = "script-src 'self'; require-trusted-types-for 'script'; trusted-types lit-html";
document.head.append(meta);

describe('templates under Trusted Types and without unsafe-eval', () => {
  before(async () => {
    await import('../../blocks/template/template.ts');
  });

  it('control: the policy is in force (innerHTML and eval throw)', async () => {
    const div = document.createElement('div');
    expect(() => { div.innerHTML = '<b>x</b>'; }).to.throw(TypeError);
    // eslint-disable-next-line no-eval
    expect(() => (0, eval)('1')).to.throw();
    await waitUntil(() => violations.some((v) => v.includes('eval')) && violations.some((v) => v.includes('innerHTML')), 'both are reported');
    violations.length = 0;
  });

  it('a template with markup, entry helpers and hostile metadata renders with no violation', async () => {
    const ds = 'https://data.example.org/ds/1';
    const s = new MemoryStore('https://store.example.org/store/');
    s.add('1', '2', ds, graphOf(ds, [
      [RDF_TYPE, `${DCAT}Dataset`],
      [`${DCTERMS}title`, literal('<script>alert(1)</script>Trees', { language: 'en' })],
      [`${DCAT}keyword`, literal('<b>oak</b>', { language: 'en' })],
    ]));
    const provider = await fixture(html`<catalog-store-provider .store=${s}></catalog-store-provider>`);
    const el = document.createElement('catalog-template') as CatalogTemplate;
    el.setAttribute('lang', 'en');
    el.setAttribute('entry', '2');
    el.setAttribute('context', '1');
    el.setAttribute('htemplate', '<article class="tpl"><h{{hinc}}>{{text}}</h{{hinc}}><ul>{{#eachprop "dcat:keyword"}}<li class="kw" title="{{value}}">{{value}}</li>{{/eachprop}}</ul><a href="{{resourceURI}}">x</a></article>');
    provider.append(el);
    await until(() => !!el.querySelector('.tpl'), 'the template');
    expect(el.querySelector('.tpl h2')!.textContent).to.equal('<script>alert(1)</script>Trees');
    expect(el.querySelector('.tpl li.kw')!.getAttribute('title')).to.equal('<b>oak</b>');
    expect(el.querySelector('.tpl script, .tpl b')).to.equal(null);
    expect(violations, violations.join(' | ')).to.deep.equal([]);
  });
});
