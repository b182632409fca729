// Custom templates (issue 10, point 4) in the browser: <catalog-template> with an entry (every entry helper, hostile
// metadata stays text, unsafe links are dropped), nested blocks with inherit, row and list templates in a
// <dataset-list>, result templates on <dataset-results>, and a composite template that needs no entry.
import { expect, fixture, html } from '@open-wc/testing';
import '../../blocks/template/template.ts';
import '../../blocks/metadata/metadata.ts';
import '../../blocks/dataset-list-layout/dataset-list-layout.ts';
import type { CatalogTemplate } from '../../blocks/template/template.ts';
import { MemoryStore, graphOf, literal, DCAT, DCTERMS, RDF_TYPE } from './memory-store.ts';
import { captureWarnings, devStore, settled, text, withStore } from './helpers.ts';
import { block, freshScope, pagingContextId, rows, until } from './dataset-list.helpers.ts';

const BASE = 'https://store.example.org/store/';
const DS = 'https://data.example.org/ds/1';
const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

function store(): MemoryStore {
  const s = new MemoryStore(BASE);
  s.add('7', '42', DS, graphOf(DS, [
    [RDF_TYPE, `${DCAT}Dataset`],
    [`${DCTERMS}title`, literal('Trees of the city', { language: 'en' })],
    [`${DCTERMS}description`, literal(HOSTILE, { language: 'en' })],
    [`${DCAT}keyword`, literal('oak', { language: 'en' })],
    [`${DCAT}keyword`, literal('elm', { language: 'en' })],
    [`${DCAT}landingPage`, 'javascript:alert(1)'],
    [`${DCAT}theme`, 'http://publications.europa.eu/resource/authority/data-theme/ENVI'],
    [`${DCTERMS}identifier`, literal('trees-1')],
  ]));
  return s;
}

async function template(source: string, attrs: Record<string, string> = {}, s = store()): Promise<CatalogTemplate> {
  const el = document.createElement('catalog-template') as CatalogTemplate;
  el.setAttribute('htemplate', source);
  el.setAttribute('lang', 'en');
  for (const [k, v] of Object.entries({ entry: '42', context: '7', ...attrs })) el.setAttribute(k, v);
  const provider = await fixture(html`<catalog-store-provider .store=${s}></catalog-store-provider>`);
  provider.append(el);
  await until(() => !!el.querySelector('.tpl') || !!el.querySelector('.esbError, .esbNotice'), 'the template');
  await settled(el);
  return el;
}

describe('<catalog-template>', () => {
  it('renders the entry helpers: text, content, prop, eachprop with separator and limit, ifprop, link, hinc', async () => {
    const el = await template(`<div class="tpl"><h{{hinc}} class="t">{{text}}</h{{hinc}}>
      <p class="id">{{prop "dcterms:identifier"}}</p>
      <p class="kw">{{#eachprop "dcat:keyword" separator=", "}}<span class="k md5_{{md5}}">{{value}}</span>{{/eachprop}}</p>
      <p class="one">{{#eachprop "dcat:keyword" limit=1}}{{label}}{{/eachprop}}</p>
      {{#ifprop "dcat:theme" uri="http://publications.europa.eu/resource/authority/data-theme/ENVI"}}<p class="env">env</p>{{else}}<p class="noenv">no</p>{{/ifprop}}
      {{#ifprop "dcat:keyword" min=3}}<p class="many">many</p>{{/ifprop}}
      {{#ifprop "dcat:distribution" invert=true}}<p class="nodist">none</p>{{/ifprop}}
      <p class="link">{{link class="go"}}</p></div>`, { hl: '2' });
    expect(text(el.querySelector('h3.t'))).to.equal('Trees of the city');
    expect(text(el.querySelector('.id'))).to.equal('trees-1');
    expect(text(el.querySelector('.kw'))).to.equal('oak, elm');
    expect(el.querySelector('.kw .k')!.className).to.match(/^k md5_[0-9a-f]{32}$/);
    expect(text(el.querySelector('.one'))).to.equal('oak');
    expect(el.querySelector('.env')).to.not.equal(null);
    expect(el.querySelector('.noenv')).to.equal(null);
    expect(el.querySelector('.many')).to.equal(null);
    expect(el.querySelector('.nodist')).to.not.equal(null);
    const a = el.querySelector<HTMLAnchorElement>('.link a.go')!;
    expect(text(a)).to.equal('Trees of the city');
    expect(a.getAttribute('href')).to.contain('esc_entry=42').and.contain('esc_context=7');
  });

  it('hostile metadata stays text ({{ }} and {{{ }}}), and a javascript: link target is dropped', async () => {
    const el = await template(`<div class="tpl"><p class="d">{{text content="\${dcterms:description}"}}</p><p class="d3">{{{prop "dcterms:description"}}}</p>
      <a class="lp" href="{{prop "dcat:landingPage"}}">home</a><a class="res" href="{{resourceURI}}">res</a></div>`);
    expect(text(el.querySelector('.d'))).to.equal(HOSTILE);
    expect(text(el.querySelector('.d3'))).to.equal(HOSTILE);
    expect(el.querySelector('.tpl img, .tpl script')).to.equal(null);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    expect(el.querySelector('a.lp')!.hasAttribute('href')).to.equal(false);
    expect(el.querySelector('a.res')!.getAttribute('href')).to.equal(DS);
  });

  it('an unknown helper renders nothing and warns once, naming it', async () => {
    const seen = await captureWarnings(() => template('<div class="tpl">a{{frobnicateT1}}b{{frobnicateT1 x=1}}c</div>'));
    const el = document.querySelector('catalog-template:last-of-type')!;
    expect(text(el.querySelector('.tpl'))).to.equal('abc');
    expect(seen.filter((w) => w.includes('frobnicateT1'))).to.have.length(1);
  });

  it('<esb-template>: the inner markup is the template (the old runtime form)', async () => {
    const provider = await fixture(html`<catalog-store-provider .store=${store()}></catalog-store-provider>`);
    const holder = document.createElement('div');
    // Written as a page would write it (parsed by the browser), then upgraded.
    holder.innerHTML = '<esb-template entry="42" context="7" lang="en"><div class="tpl inner">{{text}} – {{prop "dcterms:identifier"}}</div></esb-template>';
    provider.append(holder);
    const el = holder.firstElementChild as CatalogTemplate;
    await until(() => !!el.querySelector('.tpl') && text(el.querySelector('.tpl')) !== '' && !text(el).includes('{{'), 'the inner template');
    expect(text(el.querySelector('.tpl.inner'))).to.equal('Trees of the city – trees-1');
  });

  it('a missing entry shows the not-found state with "Try again"', async () => {
    const el = await template('<div class="tpl">{{text}}</div>', { entry: '999' });
    expect(el.state).to.equal('notFound');
    expect(el.querySelector('.esbRetry')).to.not.equal(null);
  });

  it('nested blocks: viewMetadata with filterpredicates and distributionList render for the entry; inherit takes the parameters of the template', async () => {
    const el = await template(`<div class="tpl">{{viewMetadata template="dcat:OnlyDataset" filterpredicates="dcterms:identifier"}}
      {{#distributionList clickExpand="inherit:clickExpand"}}{{/distributionList}}
      {{datasetList hl="inherit:hl" limit="5" registry="inherit"}}</div>`, { hl: '3', 'click-expand': 'false' });
    const meta = el.querySelectorAll('catalog-metadata');
    expect(meta).to.have.length(2);
    expect(meta[0]!.getAttribute('shows')).to.equal('fields');
    expect(meta[1]!.getAttribute('shows')).to.equal('distributions');
    expect(meta[1]!.getAttribute('click-expand')).to.equal('false');
    await until(() => !!meta[0]!.querySelector('dl') && !!meta[1]!.querySelector('.esbDistributions'), 'the nested parts');
    const fields = text(meta[0]!.querySelector('dl'));
    expect(fields).to.contain('oak');
    expect(fields).to.not.contain('trees-1');
    const list = el.querySelector('dataset-list')!;
    expect(list.getAttribute('hl')).to.equal('3');
    expect(list.getAttribute('limit')).to.equal('5');
    // registry is unset on the template (its default is "unset"): the key is left out, the list's own default applies
    expect(list.hasAttribute('registry')).to.equal(false);
  });

  it('a template that only composes blocks needs no entry: it renders at once and makes no store request', async () => {
    const s = store();
    const el = document.createElement('catalog-template') as CatalogTemplate;
    el.setAttribute('htemplate', '<div class="tpl grid">{{datasetResults}}{{facets exclude="org"}}</div>');
    el.setAttribute('scope', 'tplscope');
    await withStore(s, html`${el}`);
    await until(() => !!el.querySelector('.tpl'), 'the template');
    expect(el.state).to.equal('ready');
    expect(el.querySelector('.grid > dataset-results')!.getAttribute('scope')).to.equal('tplscope');
    expect(el.querySelector('.grid > dataset-facets')!.getAttribute('exclude')).to.equal('org');
    expect(s.calls.filter((c) => c.startsWith('get') || c.startsWith('lookup'))).to.deep.equal([]);
  });
});

describe('row, list and result templates', () => {
  it('rowhead and listbody on a <dataset-list> render each row from its entry, inside the list body template', async () => {
    const { storeUrl } = await devStore();
    const list = await block('dataset-list', {
      'store-url': storeUrl, scope: freshScope(), context: await pagingContextId(), lang: 'en',
      rowhead: '<span class="mine">{{text}}</span> <a class="lnk" href="{{resourceURI}}">uri</a>',
      listbody: '<section class="body">{{body}}</section>',
    });
    await until(() => list.querySelectorAll('.mine').length > 0, 'templated rows');
    const r = rows(list);
    expect(r.length).to.be.greaterThan(0);
    expect(list.querySelector('section.body > ul.entryList')).to.not.equal(null);
    for (const row of r) {
      expect(text(row.querySelector('.mine'))).to.not.equal('');
      expect(row.querySelector('.esbRowTitle')).to.equal(null);
      expect(row.querySelector<HTMLAnchorElement>('a.lnk')!.getAttribute('href')).to.match(/^https?:/);
      expect(row.querySelector('button.esbRowExpandButton')).to.not.equal(null);
    }
  });

  it('listbody in strict mode turns <main> into <div>; listplaceholder shows for an empty list', async () => {
    const { storeUrl } = await devStore();
    const list = await block('dataset-list', {
      'store-url': storeUrl, scope: freshScope(), context: await pagingContextId(), lang: 'en', 'strict-standard-html': 'true',
      listbody: '<main class="lb">{{body}}</main>',
    });
    await until(() => !!list.querySelector('.lb > ul.entryList li'), 'the list body');
    expect(list.querySelector('main')).to.equal(null);
    expect(list.querySelector('div.lb')).to.not.equal(null);
    const empty = await block('dataset-list', {
      'store-url': storeUrl, scope: freshScope(), context: 'no-such-context-t', lang: 'en',
      listplaceholder: '<p class="ph">Nothing here</p>',
    });
    await until(() => !!empty.querySelector('p.ph'), 'the placeholder');
    expect(empty.querySelector('.esbListEmpty')).to.equal(null);
  });

  it('a rowhead given to a layout applies to the list inside it', async () => {
    const { storeUrl } = await devStore();
    const layout = await block('dataset-list-layout', {
      'store-url': storeUrl, context: await pagingContextId(), lang: 'en', rowhead: '<span class="lay">{{text}}</span>',
    });
    await until(() => layout.querySelectorAll('dataset-list .lay').length > 0, 'templated rows in the layout');
    expect(layout.querySelector('dataset-list .esbRowTitle')).to.equal(null);
  });

  it('templateNoFilter on <dataset-results> shows {{resultsize}}', async () => {
    const { storeUrl } = await devStore();
    const scope = freshScope();
    await block('dataset-list', { 'store-url': storeUrl, scope, context: await pagingContextId(), lang: 'en' });
    const res = await block('dataset-results', {
      'store-url': storeUrl, scope, lang: 'en', templatenofilter: '<strong class="n">{{resultsize}}</strong> datasets',
    });
    await until(() => !!res.querySelector('strong.n'), 'the result template');
    expect(text(res.querySelector('.esbResults'))).to.match(/^\d+ datasets$/);
    expect(Number(text(res.querySelector('strong.n')))).to.be.greaterThan(0);
  });
});
