// One look for buttons (issue 28 point 5): every button a landing page and a search page show is one of three
// styles — primary, secondary, disclosure (a chevron that turns with aria-expanded) — with the same border, radius,
// padding and font per kind, themable through --cb-* properties, visible under forced colours; pager targets are at
// least 24 × 24 px (WCAG 2.5.8); the preview's sort glyph is on one side for every column.
// Run alone: npx wtr --files test/blocks/button-styles.test.ts
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import '../../blocks/dataset-view/dataset-view.ts';
import '../../blocks/dataset-facet-search-layout/dataset-facet-search-layout.ts';
import '../../blocks/data-preview/data-preview.ts';
import type { DatasetView } from '../../blocks/dataset-view/dataset-view.ts';
import { freshPage, mountSearch } from './search-input-helpers.ts';
import { settled, withStore } from './helpers.ts';
import { addGraph, parseTurtle, RenderStore, RENDER_STORE } from './render-store.ts';

/**
 * Buttons that are other widgets and keep their own look: tabs (a tab list), the preview's column headers (sort),
 * filter chips (removable tags), page numbers of the result pager, the map's zoom controls (OpenLayers), the compact
 * layout's facet groups (a heading in a summary).
 */
const OTHER_WIDGETS = '[role="tab"], th button, .esbChips button, .page-link, .esbMapViewport button, .esbFacets__collection > summary';

async function until<T>(probe: () => T | null | undefined | false, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function richLanding(): Promise<DatasetView> {
  const wmsUrl = await fetch('/__dev-store').then((r) => r.json()).then((i: { storeUrl: string }) => new URL('/wms', i.storeUrl).href);
  const ttl = (await (await fetch('/test/blocks/fixtures/rich.ttl')).text())
    .replaceAll('{{ORIGIN}}', location.origin).replaceAll('{{WMS}}', wmsUrl);
  const store = new RenderStore(RENDER_STORE);
  addGraph(store, await parseTurtle(ttl));
  const el = await withStore<DatasetView>(store, html`<dataset-view lookup="rich-polls" lang="en" include-data-preview="true"
    include-visualizations="true" include-extras="true" include-indicators="true"></dataset-view>`);
  expect(await settled(el)).to.equal('ready');
  // the rich parts draw from lazy chunks: wait for the preview toggle and the visualization's table toggle
  await until(() => el.querySelector('catalog-preview-toggle button') && el.querySelector('.esbVizTableToggle'), 'the rich parts');
  return el;
}

interface Look {
  border: string;
  radius: string;
  padding: string;
  font: string;
  background: string;
  color: string;
  chevron: boolean;
}

function look(b: HTMLElement): Look {
  const s = getComputedStyle(b);
  const after = getComputedStyle(b, '::after');
  return {
    border: `${s.borderTopWidth} ${s.borderTopStyle} ${s.borderTopColor}`,
    radius: s.borderTopLeftRadius,
    padding: `${s.paddingTop} ${s.paddingRight} ${s.paddingBottom} ${s.paddingLeft}`,
    font: `${s.fontFamily} ${s.fontSize} ${s.fontWeight} ${s.lineHeight}`,
    background: s.backgroundColor,
    color: s.color,
    chevron: after.content !== 'none' && after.content !== 'normal' && after.borderRightStyle === 'solid',
  };
}

/** Every visible button of `root` that is a button in looks (not one of OTHER_WIDGETS), and every `<summary>`. */
function buttons(root: Element): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('button, summary')].filter((b) => !b.matches(OTHER_WIDGETS) && b.getClientRects().length > 0);
}

const ACCENT = 'rgb(11, 92, 173)';
const KINDS: Record<string, Partial<Look>> = {
  primary: { border: `1px solid ${ACCENT}`, background: ACCENT, color: 'rgb(255, 255, 255)', chevron: false },
  secondary: { border: `1px solid ${ACCENT}`, background: 'rgb(255, 255, 255)', color: ACCENT, chevron: false },
  disclosure: { border: `1px solid ${ACCENT}`, background: 'rgb(255, 255, 255)', color: ACCENT, chevron: true },
};

function kindOf(l: Look): string | undefined {
  return Object.entries(KINDS).find(([, want]) => Object.entries(want).every(([k, v]) => l[k as keyof Look] === v))?.[0];
}

/** Asserts that every button is one of the three kinds and that buttons of one kind share radius, padding and font. */
function expectOneSet(list: HTMLElement[]): Record<string, string[]> {
  const byKind: Record<string, string[]> = {};
  const shapes = new Map<string, string>();
  for (const b of list) {
    const l = look(b);
    // a disabled button (a pager at its end) keeps the shape of its kind and greys its colours
    const kind = b.matches(':disabled, [aria-disabled="true"]') ? 'disabled' : kindOf(l);
    const name = `${b.className || b.tagName} "${(b.textContent ?? '').trim().slice(0, 30)}"`;
    expect(kind, `${name} is primary, secondary or disclosure: ${JSON.stringify(l)}`).to.be.a('string');
    (byKind[kind!] ??= []).push(name);
    const shape = `${l.radius} | ${l.padding} | ${l.font} | ${l.border.split(' ').slice(0, 2).join(' ')}`;
    const first = shapes.get(kind!);
    if (first === undefined) shapes.set(kind!, shape);
    else expect(shape, `${name}: same radius, padding and font as the other ${kind} buttons`).to.equal(first);
  }
  // the kinds differ from each other only in colour and the chevron: one radius, padding and font for all three
  expect(new Set(shapes.values()).size, [...shapes.entries()].join('\n')).to.equal(1);
  return byKind;
}

describe('button styles: one set of three', () => {
  beforeEach(freshPage);

  it('every button of a landing page with the rich parts on is primary, secondary or disclosure', async () => {
    const el = await richLanding();
    const byKind = expectOneSet(buttons(el));
    expect(byKind.disclosure?.length, 'the distribution rows, the preview toggle and "Show as table" are disclosures').to.be.at.least(3);
    // toggled open, a disclosure keeps its look (only the chevron turns)
    const toggle = el.querySelector<HTMLButtonElement>('catalog-preview-toggle button')!;
    toggle.click();
    await until(() => toggle.getAttribute('aria-expanded') === 'true', 'the preview opened');
    expect(kindOf(look(toggle))).to.equal('disclosure');
    const closed = getComputedStyle(el.querySelector('.esbExpandButton[aria-expanded="false"]')!, '::after').transform;
    expect(getComputedStyle(toggle, '::after').transform, 'the chevron turns when open').to.not.equal(closed);
    await until(() => el.querySelector('.esbPreviewPager button'), 'the preview table');
    expectOneSet(buttons(el));
    await expect(el).to.be.accessible();
  });

  it('every button of a facet search page (rows, facets, filters) is primary, secondary or disclosure', async () => {
    const { el } = await mountSearch<HTMLElement>(html`<dataset-facet-search-layout lang="en"></dataset-facet-search-layout>`);
    await until(() => el.querySelector('.esbRowExpandButton') && el.querySelector('.esbFacets__limitButton'), 'rows and facets');
    el.querySelector<HTMLInputElement>('.esbFacets input[type="checkbox"], .esbFacets [role="checkbox"], .esbFacets a')?.click();
    const byKind = expectOneSet(buttons(el));
    expect(byKind.disclosure?.length, 'row expand buttons and "Show more" of the facets are disclosures').to.be.at.least(2);
    await expect(el).to.be.accessible();
  });

  it('a page themes every kind through --cb-* properties', async () => {
    document.documentElement.style.setProperty('--cb-accent', 'rgb(120, 0, 60)');
    document.documentElement.style.setProperty('--cb-button-bg', 'rgb(250, 240, 245)');
    try {
      const el = await richLanding();
      const toggle = el.querySelector<HTMLElement>('catalog-preview-toggle button')!;
      expect(getComputedStyle(toggle).borderTopColor).to.equal('rgb(120, 0, 60)');
      expect(getComputedStyle(toggle).color).to.equal('rgb(120, 0, 60)');
      expect(getComputedStyle(toggle).backgroundColor).to.equal('rgb(250, 240, 245)');
    } finally {
      document.documentElement.style.removeProperty('--cb-accent');
      document.documentElement.style.removeProperty('--cb-button-bg');
    }
  });

  it('under forced colours every button keeps a visible border and its text', async () => {
    await emulateMedia({ forcedColors: 'active' });
    try {
      const el = await richLanding();
      for (const b of buttons(el)) {
        const s = getComputedStyle(b);
        expect(s.borderTopStyle, b.className).to.equal('solid');
        expect(parseFloat(s.borderTopWidth), b.className).to.be.at.least(1);
        expect(s.borderTopColor, `${b.className}: border differs from the background`).to.not.equal(s.backgroundColor);
        expect(s.color, `${b.className}: text differs from the background`).to.not.equal(s.backgroundColor);
      }
    } finally {
      await emulateMedia({ forcedColors: 'none' });
    }
  });
});

describe('pager targets and the preview table', () => {
  /** 30 municipalities with their zero-padded codes (0114 …) and a count: three pages of the preview. */
  const CODES = new URL('/test/blocks/fixtures/preview-codes.csv', location.href).href;

  async function preview(): Promise<HTMLElement> {
    const el = await fixture<HTMLElement & { previewComplete: Promise<string> }>(html`<catalog-data-preview src=${CODES} lang="en"></catalog-data-preview>`);
    expect(await el.previewComplete).to.equal('ready');
    await until(() => el.querySelector('.esbPreviewTable tbody tr'), 'the preview table');
    return el;
  }

  it('previous, next, first and last of the preview pager are at least 24 × 24 px', async () => {
    const el = await preview();
    const pager = [...el.querySelectorAll<HTMLElement>('.esbPreviewPager button')];
    expect(pager.length).to.be.at.least(2);
    for (const b of pager) {
      const r = b.getBoundingClientRect();
      expect(r.width, `${b.className} width`).to.be.at.least(24);
      expect(r.height, `${b.className} height`).to.be.at.least(24);
    }
  });

  it('zero-padded codes (0114) are left-aligned text; the counts beside them are right-aligned numbers', async () => {
    const el = await preview();
    const cells = [...el.querySelectorAll<HTMLElement>('.esbPreviewTable tbody tr:first-child td')];
    expect(cells.map((c) => c.textContent)).to.deep.equal(['Kommun 0', '0114', '1000']);
    expect(getComputedStyle(cells[1]!).textAlign).to.be.oneOf(['start', 'left']);
    expect(getComputedStyle(cells[2]!).textAlign).to.be.oneOf(['end', 'right']);
  });

  it('the sort glyph sits after the column name in every column, numeric or not', async () => {
    const el = await preview();
    for (const b of el.querySelectorAll<HTMLElement>('.esbPreviewTable th button')) {
      const glyph = b.querySelector('[aria-hidden="true"]')!.getBoundingClientRect();
      const name = b.getBoundingClientRect();
      expect(glyph.right, `${b.textContent}: glyph at the end`).to.be.closeTo(name.right - parseFloat(getComputedStyle(b).paddingRight), 1);
    }
  });

  it('at phone width no word of a cell or header is split letter by letter; the table scrolls sideways instead', async () => {
    const centroids = new URL('/demo/catalog/files/demo-maps-centroids.csv', location.href).href;
    const box = await fixture<HTMLElement>(html`<div style="width: 340px"><catalog-data-preview src=${centroids} lang="en"></catalog-data-preview></div>`);
    const el = box.querySelector('catalog-data-preview') as HTMLElement & { previewComplete: Promise<string> };
    expect(await el.previewComplete).to.equal('ready');
    await until(() => el.querySelector('.esbPreviewTable tbody tr'), 'the preview table');
    const split: string[] = [];
    for (const cell of el.querySelectorAll('.esbPreviewTable th button, .esbPreviewTable td')) {
      const node = [...cell.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
      if (!node) continue;
      for (const m of node.textContent!.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index!);
        range.setEnd(node, m.index! + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) split.push(m[0]);
      }
    }
    expect(split, 'words broken across lines').to.deep.equal([]);
    expect(box.getBoundingClientRect().width).to.equal(340);
  });

  it('a 2,000-character token still wraps inside its cell (at most about 40 characters wide)', async () => {
    const long = new URL('/test/blocks/fixtures/preview-long-token.csv', location.href).href;
    const el = await fixture<HTMLElement & { previewComplete: Promise<string> }>(html`<catalog-data-preview src=${long} lang="en"></catalog-data-preview>`);
    await el.previewComplete;
    const td = await until(() => el.querySelector<HTMLElement>('.esbPreviewTable tbody td'), 'the long cell');
    const ch = parseFloat(getComputedStyle(td).fontSize) * 0.7;
    expect(td.getBoundingClientRect().width).to.be.below(45 * ch);
  });
});
