// <catalog-data-preview> (behaviour doc §6.5) in a real browser: every state, axe-clean and Nu-valid, keyboard paging,
// sorting, filtering and column choice with focus kept, hostile cells as text, and the 10 MiB cap on a 12 MiB body
// (reached by the last page; what the first page reads is data-preview-read.test.ts).
// Files: the demo catalog's CSV (SwedishPolls, CC0) and small fixtures served by the test server; a generated CSV
// from the dev-store plugin's /__preview route.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../blocks/data-preview/data-preview.ts';
import type { DataPreviewBlock, PreviewStateDetail } from '../../blocks/data-preview/data-preview.ts';
import { text, uniqueKey } from './helpers.ts';

const POLLS = new URL('/demo/catalog/files/SwedishPolls-Polls.csv', location.href).href;
const HOSTILE = new URL('/test/blocks/fixtures/preview-hostile.csv', location.href).href;
const ZIP = new URL('/test/blocks/fixtures/preview-archive.zip', location.href).href;
const PAGE = new URL('/test/blocks/fixtures/preview-page.csv', location.href).href;
const MISSING = new URL('/test/blocks/fixtures/no-such-file.csv', location.href).href;
/** The same server under another host name: another origin, and the test server sends no CORS headers. */
const CROSS_ORIGIN = (() => {
  const u = new URL(POLLS);
  u.hostname = u.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
  return u.href;
})();

async function preview(attrs: Partial<Record<'src' | 'lang' | 'hl' | 'label' | 'download-href' | 'encoding', string>>): Promise<DataPreviewBlock> {
  const el = await fixture<DataPreviewBlock>(html`<catalog-data-preview></catalog-data-preview>`);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v!);
  await el.updateComplete;
  return el;
}

async function loaded(el: DataPreviewBlock): Promise<string> {
  const state = await el.previewComplete;
  await el.updateComplete;
  return state;
}

const $ = <T extends Element>(el: Element, sel: string): T => {
  const found = el.querySelector<T>(sel);
  if (!found) throw new Error(`no ${sel}`);
  return found;
};
const status = (el: Element) => text($(el, '[role="status"]'));
const firstColumn = (el: Element) => [...el.querySelectorAll('tbody tr')].map((tr) => text(tr.querySelector('td')));
const columnOf = (el: Element, label: string) => {
  const ths = [...el.querySelectorAll('thead th')];
  const i = ths.findIndex((th) => text(th).replace(/[▲▼↕]/g, '').trim() === label);
  return [...el.querySelectorAll('tbody tr')].map((tr) => text(tr.children[i]));
};

async function press(target: HTMLElement, key: string): Promise<void> {
  target.focus();
  await sendKeys({ press: key });
}

describe('catalog-data-preview: a CSV file', () => {
  it('shows the first page as soon as it can, then "Rows 1–10 of 2,636" in a polite status', async () => {
    const states: string[] = [];
    const el = await fixture<DataPreviewBlock>(html`<catalog-data-preview label="Polls.csv"
      @catalog-preview-state=${(e: CustomEvent<PreviewStateDetail>) => states.push(e.detail.state)}></catalog-data-preview>`);
    el.src = POLLS;
    await el.updateComplete;
    expect(el.state).to.equal('loading');
    expect(status(el)).to.equal('Loading preview…');
    expect(await loaded(el)).to.equal('ready');
    expect(states).to.deep.equal(['loading', 'ready']);
    expect(status(el)).to.equal('Rows 1–10 of 2,636');
    expect($(el, '[role="status"]').getAttribute('role')).to.equal('status');
    expect(text($(el, 'caption'))).to.equal('Preview of Polls.csv');
    expect(el.querySelectorAll('thead th[scope="col"]').length).to.equal(18);
    expect(el.querySelectorAll('tbody tr').length).to.equal(10);
    expect(text($(el, '.esbPreviewPage'))).to.equal('Page 1 of 264');
    await expect(el).to.be.accessible();
  });

  it('numbers are right-aligned, text columns are not', async () => {
    const el = await preview({ src: POLLS });
    await loaded(el);
    const ths = [...el.querySelectorAll('thead th')];
    const th = (label: string) => ths.find((t) => text(t).replace(/[▲▼↕]/g, '').trim() === label)!;
    expect(th('M').classList.contains('esbNum')).to.equal(true);
    expect(getComputedStyle(el.querySelector('tbody td.esbNum')!).textAlign).to.equal('end');
    expect(th('Company').classList.contains('esbNum')).to.equal(false);
    expect(th('PublDate').classList.contains('esbNum')).to.equal(false);
  });

  it('the table scrolls sideways inside a focusable, named region at phone widths; long cells wrap', async () => {
    const el = await fixture<DataPreviewBlock>(html`<div style="width: 320px"><catalog-data-preview src=${POLLS}></catalog-data-preview></div>`);
    const p = el.querySelector('catalog-data-preview') as DataPreviewBlock;
    await loaded(p);
    const region = $<HTMLElement>(p, '.esbPreviewScroll');
    expect(region.getAttribute('role')).to.equal('region');
    expect(region.tabIndex).to.equal(0);
    expect(region.getAttribute('aria-labelledby')).to.equal($(p, 'caption').id);
    expect(region.scrollWidth).to.be.greaterThan(region.clientWidth);
    expect(p.getBoundingClientRect().width).to.be.at.most(320);
    expect(getComputedStyle($(p, 'tbody td')).overflowWrap).to.equal('break-word');
  });

  it('pages with the keyboard; focus stays on the pressed button; ends are aria-disabled, not removed', async () => {
    const el = await preview({ src: POLLS });
    await loaded(el);
    const next = $<HTMLButtonElement>(el, '.esbPreviewNext');
    const last = $<HTMLButtonElement>(el, '.esbPreviewLast');
    const prev = $<HTMLButtonElement>(el, '.esbPreviewPrev');
    expect(next.getAttribute('aria-label')).to.equal('Next page');
    expect(prev.getAttribute('aria-disabled')).to.equal('true');
    await press(next, 'Enter');
    await el.updateComplete;
    expect(status(el)).to.equal('Rows 11–20 of 2,636');
    expect(document.activeElement).to.equal(next);
    await press(last, 'Space');
    await el.updateComplete;
    expect(status(el)).to.equal('Rows 2,631–2,636 of 2,636');
    expect(el.querySelectorAll('tbody tr').length).to.equal(6);
    expect(document.activeElement).to.equal(last);
    expect(last.getAttribute('aria-disabled')).to.equal('true');
    await press(last, 'Enter');
    await el.updateComplete;
    expect(status(el)).to.equal('Rows 2,631–2,636 of 2,636');
    await press($(el, '.esbPreviewFirst'), 'Enter');
    await el.updateComplete;
    expect(status(el)).to.equal('Rows 1–10 of 2,636');
  });

  it('sorts by a column with the keyboard: ascending, descending, file order; aria-sort on the th; focus kept', async () => {
    const el = await preview({ src: POLLS });
    await loaded(el);
    const headerCell = () => [...el.querySelectorAll('thead th')].find((t) => text(t).startsWith('n'))!;
    const button = headerCell().querySelector('button')!;
    const fileOrder = columnOf(el, 'n');
    await press(button, 'Enter');
    await el.updateComplete;
    expect(headerCell().getAttribute('aria-sort')).to.equal('ascending');
    const asc = columnOf(el, 'n').map(Number);
    expect(asc).to.deep.equal([...asc].sort((a, b) => a - b));
    expect(document.activeElement).to.equal(button);
    await press(button, 'Enter');
    await el.updateComplete;
    expect(headerCell().getAttribute('aria-sort')).to.equal('descending');
    const desc = columnOf(el, 'n').map(Number);
    expect(desc).to.deep.equal([...desc].sort((a, b) => b - a));
    expect(desc[0]).to.be.greaterThan(asc[9]!);
    expect(el.querySelectorAll('th[aria-sort]').length).to.equal(1);
    await press(button, 'Enter');
    await el.updateComplete;
    expect(headerCell().hasAttribute('aria-sort')).to.equal(false);
    expect(columnOf(el, 'n')).to.deep.equal(fileOrder);
    expect(document.activeElement).to.equal(button);
    await expect(el).to.be.accessible();
  });

  it('the filter box looks at every column; the row count follows; focus stays in the box', async () => {
    const el = await preview({ src: POLLS });
    await loaded(el);
    const input = $<HTMLInputElement>(el, 'input[type="search"]');
    expect(text(el.querySelector(`label[for="${input.id}"]`))).to.equal('Filter rows');
    input.focus();
    await sendKeys({ type: 'Demoskop' });
    await el.updateComplete;
    expect(document.activeElement).to.equal(input);
    expect(status(el)).to.match(/^Rows 1–10 of [\d,]+ matching \(of 2,636\)$/);
    expect(columnOf(el, 'Company').every((c) => c === 'Demoskop')).to.equal(true);
    input.value = 'no such text anywhere';
    input.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(status(el)).to.equal('No rows match the filter (of 2,636).');
    expect(el.querySelectorAll('tbody tr').length).to.equal(0);
    await expect(el).to.be.accessible();
  });

  it('columns can be hidden and shown again; the last one stays', async () => {
    const el = await preview({ src: new URL('/demo/catalog/files/SwedishPolls-Polls.csv', location.href).href });
    await loaded(el);
    const details = $<HTMLDetailsElement>(el, 'details.esbPreviewColumns');
    details.open = true;
    const boxes = [...el.querySelectorAll<HTMLInputElement>('details input[type="checkbox"]')];
    expect(boxes.length).to.equal(18);
    expect(text(boxes[1]!.closest('label'))).to.equal('Company');
    await press(boxes[1]!, 'Space');
    await el.updateComplete;
    expect(el.querySelectorAll('thead th').length).to.equal(17);
    expect([...el.querySelectorAll('thead th')].some((t) => text(t).startsWith('Company'))).to.equal(false);
    expect(document.activeElement).to.equal(boxes[1]);
    for (const b of boxes) if (b.checked) { b.click(); await el.updateComplete; }
    expect(el.querySelectorAll('thead th').length).to.equal(1, 'the last shown column cannot be hidden');
    expect(boxes.filter((b) => b.checked).length).to.equal(1);
    boxes[1]!.click();
    await el.updateComplete;
    expect(el.querySelectorAll('thead th').length).to.equal(2);
  });

  it('speaks the page language: Swedish numbers and words', async () => {
    const el = await preview({ src: POLLS, lang: 'sv', label: 'Opinionsmätningar' });
    await loaded(el);
    expect(status(el)).to.equal('Rad 1–10 av 2 636');
    expect(text($(el, 'caption'))).to.equal('Förhandsgranskning av Opinionsmätningar');
    expect($(el, '.esbPreviewNext').getAttribute('aria-label')).to.equal('Nästa sida');
  });

  it('with hl a heading names the preview (the caption stays for the table, visually hidden)', async () => {
    const el = await preview({ src: POLLS, hl: '3', label: 'Polls.csv' });
    await loaded(el);
    expect(text($(el, 'h3'))).to.equal('Preview of Polls.csv');
    expect($(el, 'caption').classList.contains('esbVisuallyHidden')).to.equal(true);
  });
});

describe('catalog-data-preview: hostile cells', () => {
  it('markup and formulas in cells are shown as text; semicolons and decimal commas are understood', async () => {
    (window as { __pwned?: number }).__pwned = undefined;
    const el = await preview({ src: HOSTILE });
    expect(await loaded(el)).to.equal('ready');
    expect(el.querySelector('tbody img, tbody script, tbody a')).to.equal(null);
    expect(columnOf(el, 'name')).to.deep.equal(['<img src=x onerror="window.__pwned=1">', '<script>window.__pwned=2</script>']);
    expect(columnOf(el, 'note')[0]).to.equal('=HYPERLINK("http://evil.example","click")');
    expect(el.querySelectorAll('tbody tr')[1]!.children[1]!.textContent).to.equal('two\nlines');
    expect($(el, 'thead th:nth-child(3)').classList.contains('esbNum')).to.equal(true, '-1,5 is a number');
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    await expect(el).to.be.accessible();
  });

  it('only http(s) download links; a hostile download-href falls back to the file itself', async () => {
    const el = await preview({ src: MISSING, 'download-href': 'javascript:alert(1)' });
    await loaded(el);
    const links = [...el.querySelectorAll('a')];
    expect(links.length).to.equal(1);
    expect(links[0]!.getAttribute('href')).to.equal(MISSING);
    const none = await preview({ src: 'javascript:alert(1)//.csv' });
    expect(none.state).to.equal('failed');
    expect(none.querySelector('a')).to.equal(null);
  });
});

describe('catalog-data-preview: states other than a table, each with a download link', () => {
  it('not tabular: an HTML page and a ZIP archive', async () => {
    for (const src of [PAGE, ZIP]) {
      const el = await preview({ src, 'download-href': 'https://example.org/file.csv' });
      expect(await loaded(el)).to.equal('notTabular');
      expect(status(el)).to.equal('This file does not contain tabular data.');
      expect($(el, 'a.esbPreviewDownload').getAttribute('href')).to.equal('https://example.org/file.csv');
      expect(el.querySelector('table')).to.equal(null);
      await expect(el).to.be.accessible();
    }
  });

  it('failed: an HTTP error, and a CORS refusal; Try again loads again', async () => {
    for (const src of [MISSING, CROSS_ORIGIN]) {
      const el = await preview({ src });
      expect(await loaded(el)).to.equal('failed');
      expect(status(el)).to.equal('The data could not be loaded for preview.');
      expect($(el, 'a.esbPreviewDownload').getAttribute('href')).to.equal(src);
      await expect(el).to.be.accessible();
    }
    const el = await preview({ src: MISSING });
    await loaded(el);
    const retry = $<HTMLButtonElement>(el, 'button.esbRetry');
    expect(text(retry)).to.equal('Try again');
    el.setAttribute('src', POLLS);
    await el.updateComplete;
    expect(await loaded(el)).to.equal('ready');
    el.src = MISSING;
    await el.updateComplete;
    await loaded(el);
    el.src = MISSING;
    $<HTMLButtonElement>(el, 'button.esbRetry').click();
    await el.updateComplete;
    expect(el.state).to.equal('loading');
    expect(await loaded(el)).to.equal('failed');
  });

  it('too large: the last page of a 12 MiB body reads up to the 10 MiB cap; the rows of the first 10 MiB are shown with the reason', async function () {
    (this as { timeout(ms: number): void }).timeout(60000);
    const el = await preview({ src: new URL(`/__preview/csv/${uniqueKey('big')}/12`, location.href).href });
    expect(await loaded(el)).to.equal('ready', 'the first page reads a first part of the file');
    $<HTMLButtonElement>(el, '.esbPreviewLast').click();
    expect(await loaded(el)).to.equal('tooLarge');
    const n = el.table!.rows.length.toLocaleString('en');
    // the last page of the rows read
    expect(status(el)).to.match(new RegExp(`^The file is larger than 10 MiB: the table shows only the ${n} rows of its first 10 MiB\\. Rows [\\d,]+–${n} of ${n}$`));
    // What was read, row by row: the header and every row with its line break, at most the cap, no row cut in half.
    const read = 'id,name,value\n'.length + el.table!.rows.reduce((sum, r) => sum + r.join(',').length + 1, 0);
    expect(read).to.be.at.most(10 * 1024 * 1024);
    expect(read).to.be.greaterThan(10 * 1024 * 1024 - 100);
    expect(el.table!.rows.every((r) => r.length === 3 && /^\d+\.5$/.test(r[2]!))).to.equal(true, 'no row cut in half');
    expect(firstColumn(el).at(-1)).to.equal(String(el.table!.rows.length), 'the last row read is row n of the file');
    expect(el.querySelector('a.esbPreviewDownload')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });

  it('a 200 MiB body, read to its last page: the request is aborted, the server does not get to send it all', async function () {
    (this as { timeout(ms: number): void }).timeout(60000);
    const key = uniqueKey('huge');
    const el = await preview({ src: new URL(`/__preview/csv/${key}/200`, location.href).href });
    expect(await loaded(el)).to.equal('ready');
    $<HTMLButtonElement>(el, '.esbPreviewLast').click();
    expect(await loaded(el)).to.equal('tooLarge');
    const stats = (await (await fetch(`/__preview/stats/${key}`)).json()) as { bytes: number; closedEarly: boolean };
    expect(stats.closedEarly).to.equal(true, 'the client went away before the end');
    expect(stats.bytes).to.be.below(100 * 1024 * 1024);
  });

  it('no src: nothing to show, no request', async () => {
    const el = await preview({});
    expect(el.state).to.equal('idle');
    expect(await el.previewComplete).to.equal('idle');
    expect(status(el)).to.equal('');
  });

  it('previewComplete asked right after setting src waits for that load', async () => {
    const el = await preview({});
    el.src = POLLS;
    expect(await el.previewComplete).to.equal('ready');
    el.src = MISSING;
    expect(await el.previewComplete).to.equal('failed');
  });

  it('taken off the page while loading: the download stops', async () => {
    const el = await preview({ src: POLLS });
    expect(el.state).to.equal('loading');
    el.remove();
    expect(await el.previewComplete).to.equal('idle');
  });
});

describe('catalog-data-preview: valid HTML in every state (Nu validator)', () => {
  interface VnuMessage { type: string; subType?: string; message: string; extract?: string }
  async function errorsOf(label: string, el: Element): Promise<string[]> {
    const doc = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${label}</title></head><body><main>${el.outerHTML}</main></body></html>`;
    const res = await fetch('/__validate', { method: 'POST', body: doc, headers: { 'Content-Type': 'text/html' } });
    expect(res.ok).to.equal(true);
    const { messages } = (await res.json()) as { messages: VnuMessage[] };
    return messages.filter((m) => m.type === 'error' || m.subType === 'fatal').map((m) => `${label}: ${m.message} ${m.extract ?? ''}`);
  }

  it('loading, table (sorted, filtered, with a heading), not tabular, failed', async function () {
    (this as { timeout(ms: number): void }).timeout(60000);
    const errors: string[] = [];
    const loading = await preview({ src: POLLS, label: 'Polls' });
    errors.push(...await errorsOf('loading', loading));
    await loaded(loading);
    const table = await preview({ src: POLLS, hl: '2', label: 'Polls' });
    await loaded(table);
    table.querySelector<HTMLButtonElement>('thead th button')!.click();
    await table.updateComplete;
    errors.push(...await errorsOf('table', table));
    const hostile = await preview({ src: HOSTILE });
    await loaded(hostile);
    errors.push(...await errorsOf('hostile', hostile));
    const page = await preview({ src: PAGE });
    await loaded(page);
    errors.push(...await errorsOf('not tabular', page));
    const failed = await preview({ src: MISSING });
    await loaded(failed);
    errors.push(...await errorsOf('failed', failed));
    expect(errors).to.deep.equal([]);
  });
});
