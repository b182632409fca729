// <facet-search-responsiveness>: one media-query stylesheet per break, the "Filters (n)" toggle below the break,
// two columns above it; custom break values in px, bare numbers and em; invalid values fall back to 1024px.
import { expect, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { freshPage, mountSearch, rendered, until } from './search-input-helpers.ts';
import { captureWarnings, devStore, text } from './helpers.ts';
import '../../blocks/facet-search-responsiveness/facet-search-responsiveness.ts';
import type { FacetSearchResponsiveness } from '../../blocks/facet-search-responsiveness/facet-search-responsiveness.ts';
import { normalizeBreak } from '../../blocks/facet-search-responsiveness/responsiveness.ts';
import { loadMessages } from '../../src/i18n/index.ts';

const THEME = 'http://publications.europa.eu/resource/authority/data-theme/';

async function layout(attrs: { break?: string; controls?: string } = {}) {
  const { el } = await mountSearch<HTMLElement>(
    html`<div class="esbFacetLayout">
      <facet-search-responsiveness lang="en" break=${attrs.break ?? '1024px'} controls=${attrs.controls ?? ''}></facet-search-responsiveness>
      <aside class="esbFacetColumn" id="my-filters"><p>Facet values</p></aside>
      <div class="esbResultColumn"><p>Results</p></div>
    </div>`,
    false,
  );
  const part = el.querySelector<FacetSearchResponsiveness>('facet-search-responsiveness')!;
  await rendered(part);
  return {
    root: el,
    part,
    toggle: part.querySelector<HTMLButtonElement>('button.esbFilterToggle')!,
    panel: el.querySelector<HTMLElement>('aside')!,
    main: el.querySelector<HTMLElement>('.esbResultColumn')!,
  };
}
const shown = (e: Element) => getComputedStyle(e).display !== 'none';

describe('facet-search-responsiveness', () => {
  before(() => loadMessages('en'));
  beforeEach(freshPage);
  afterEach(() => setViewport({ width: 800, height: 600 }));

  it('at 800px (≤ 1024px): the toggle shows, the panel is hidden until toggled', async () => {
    await setViewport({ width: 800, height: 600 });
    const { toggle, panel, root } = await layout();
    expect(shown(toggle)).to.be.true;
    expect(shown(panel)).to.be.false;
    expect(toggle.type).to.equal('button');
    expect(toggle.getAttribute('aria-expanded')).to.equal('false');
    expect(toggle.getAttribute('aria-controls')).to.equal(panel.id);
    expect(text(toggle)).to.equal('Filters (0)');
    await expect(root).to.be.accessible();
    toggle.click();
    await rendered(toggle.parentElement!);
    expect(toggle.getAttribute('aria-expanded')).to.equal('true');
    expect(shown(panel)).to.be.true;
    await expect(root).to.be.accessible();
    toggle.click();
    await rendered(toggle.parentElement!);
    expect(shown(panel)).to.be.false;
  });

  it('at 1200px: two columns side by side, no toggle', async () => {
    await setViewport({ width: 1200, height: 800 });
    const { toggle, panel, main, root } = await layout();
    expect(shown(toggle)).to.be.false;
    expect(shown(panel)).to.be.true;
    const a = panel.getBoundingClientRect();
    const b = main.getBoundingClientRect();
    expect(Math.abs(a.top - b.top)).to.be.lessThan(2);
    expect(a.right).to.be.at.most(b.left);
    expect(a.width).to.be.lessThan(b.width);
    await expect(root).to.be.accessible();
  });

  it('the toggle counts the active filters', async () => {
    await setViewport({ width: 800, height: 600 });
    history.replaceState(null, '', `${location.pathname}#esc_theme=${encodeURIComponent(`${THEME}TRAN`)},${encodeURIComponent(`${THEME}EDUC`)}&esc_keyword=bibliotek`);
    const { toggle } = await layout();
    expect(text(toggle)).to.equal('Filters (3)');
  });

  it('break="600" (bare number = px): one column only at ≤ 600px', async () => {
    await setViewport({ width: 800, height: 600 });
    const { toggle, panel } = await layout({ break: '600' });
    expect(shown(toggle)).to.be.false;
    expect(shown(panel)).to.be.true;
    await setViewport({ width: 500, height: 600 });
    expect(shown(toggle)).to.be.true;
    expect(shown(panel)).to.be.false;
  });

  it('break="40em": one column at ≤ 640px', async () => {
    await setViewport({ width: 700, height: 600 });
    const { toggle, panel } = await layout({ break: '40em' });
    expect(shown(toggle)).to.be.false;
    await setViewport({ width: 600, height: 600 });
    expect(shown(toggle)).to.be.true;
    expect(shown(panel)).to.be.false;
  });

  it('an invalid break falls back to 1024px (with a warning)', async () => {
    await setViewport({ width: 900, height: 600 });
    let toggle!: HTMLButtonElement;
    const warnings = await captureWarnings(async () => {
      ({ toggle } = await layout({ break: 'wide' }));
    });
    expect(warnings.join('\n')).to.contain('break');
    expect(shown(toggle)).to.be.true;
    expect(normalizeBreak('wide')).to.equal('1024px');
    expect(normalizeBreak('600')).to.equal('600px');
    expect(normalizeBreak(' 37.5em ')).to.equal('37.5em');
    expect(normalizeBreak('0')).to.equal('1024px');
  });

  it('one media-query stylesheet per distinct break value', async () => {
    const count = (v: string) => document.adoptedStyleSheets.filter((s) => [...s.cssRules].some((r) => r.cssText.includes(`max-width: ${v}`))).length;
    await layout({ break: '555px' });
    await layout({ break: '555' });
    await layout({ break: '33em' });
    expect(count('555px')).to.equal(1);
    expect(count('33em')).to.equal(1);
    expect([...document.querySelectorAll('style')].some((s) => s.textContent?.includes('555px'))).to.be.false;
  });

  it('controls names the panel', async () => {
    const { toggle } = await layout({ controls: 'my-filters' });
    expect(toggle.getAttribute('aria-controls')).to.equal('my-filters');
  });

  it('the legacy tag esb-facetsearchresponsiveness is the same block', async () => {
    await setViewport({ width: 800, height: 600 });
    const { el } = await mountSearch<HTMLElement>(
      html`<div><esb-facetsearchresponsiveness lang="en"></esb-facetsearchresponsiveness><div class="esbFacetColumn">x</div></div>`,
      false,
    );
    const part = el.querySelector('esb-facetsearchresponsiveness')!;
    await rendered(part);
    expect(part.querySelector('button.esbFilterToggle')?.getAttribute('aria-controls')).to.equal(el.querySelector('.esbFacetColumn')!.id);
  });
});

describe('facet-search-responsiveness inside <dataset-facet-search-layout>', () => {
  before(() => loadMessages('en'));
  beforeEach(freshPage);
  afterEach(() => setViewport({ width: 800, height: 600 }));

  async function fsLayout(attrs = '') {
    await import('../../blocks/dataset-facet-search-layout/dataset-facet-search-layout.ts');
    const { storeUrl } = await devStore();
    const wrapper = document.createElement('div');
    wrapper.innerHTML = `<dataset-facet-search-layout store-url="${storeUrl}" context="1" lang="en" scope="fs${Date.now()}" ${attrs}></dataset-facet-search-layout>`;
    document.body.append(wrapper);
    const el = wrapper.firstElementChild as HTMLElement & { loadComplete: Promise<string> };
    await el.loadComplete;
    await until(() => el.querySelectorAll('.esbFacets__collection').length > 0, 'facet groups');
    const part = el.querySelector('facet-search-responsiveness')!;
    await rendered(part);
    return {
      wrapper,
      toggle: part.querySelector<HTMLButtonElement>('button.esbFilterToggle')!,
      panel: el.querySelector<HTMLElement>('.esbFacetColumn')!,
      main: el.querySelector<HTMLElement>('.esbResultColumn')!,
    };
  }

  it('at 800px one column with the toggle; at 1200px two columns', async () => {
    await setViewport({ width: 800, height: 600 });
    const { wrapper, toggle, panel, main } = await fsLayout();
    try {
      expect(toggle.getAttribute('aria-controls')).to.equal(panel.id);
      expect(shown(toggle)).to.be.true;
      expect(shown(panel)).to.be.false;
      expect(main.getBoundingClientRect().width).to.be.greaterThan(600);
      toggle.click();
      await rendered(toggle.parentElement!);
      expect(shown(panel)).to.be.true;
      expect(panel.getBoundingClientRect().bottom, 'the panel opens inline above the results').to.be.at.most(main.getBoundingClientRect().top + 1);
      await setViewport({ width: 1200, height: 800 });
      expect(shown(toggle)).to.be.false;
      expect(Math.abs(panel.getBoundingClientRect().top - main.getBoundingClientRect().top)).to.be.lessThan(2);
    } finally {
      wrapper.remove();
    }
  });

  it('a facet click: the toggle counts it at once and renders once, not again for the answer (it shows no results)', async () => {
    await setViewport({ width: 800, height: 600 });
    const { wrapper, toggle } = await fsLayout();
    try {
      const part = toggle.closest('facet-search-responsiveness') as FacetSearchResponsiveness;
      expect(text(toggle)).to.equal('Filters (0)');
      let renders = 0;
      const render = part.render;
      part.render = function (this: FacetSearchResponsiveness) {
        renders++;
        return render.call(this);
      };
      const layoutEl = wrapper.firstElementChild as HTMLElement & { loadComplete: Promise<string> };
      const value = layoutEl.querySelector<HTMLAnchorElement>('li.esbFacets__option a.esbFacets__optionLink')!;
      value.click();
      await rendered(part);
      expect(text(toggle), 'counted with the click, before the answer').to.equal('Filters (1)');
      await until(() => layoutEl.querySelector('li.esbFacets--selected') !== null && layoutEl.querySelector('.esbSearchList')?.getAttribute('aria-busy') === 'false', 'the answer drawn');
      await layoutEl.loadComplete;
      await rendered(part);
      expect(renders, 'one render for the click, none for the answer').to.equal(1);
      expect(text(toggle)).to.equal('Filters (1)');
    } finally {
      wrapper.remove();
    }
  });

  it('the layout break="600" reaches the toggle', async () => {
    await setViewport({ width: 800, height: 600 });
    const { wrapper, toggle, panel } = await fsLayout('break="600"');
    try {
      expect(shown(toggle)).to.be.false;
      expect(shown(panel)).to.be.true;
      await setViewport({ width: 550, height: 600 });
      expect(shown(toggle)).to.be.true;
      expect(shown(panel)).to.be.false;
    } finally {
      wrapper.remove();
    }
  });
});
