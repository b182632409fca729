// <catalog-visualization-tabs> (behaviour doc §6.3): the WAI-ARIA tabs pattern (roles, aria-selected, aria-controls,
// roving tabindex, arrow keys with wrap-around, Home/End), first tab selected, a panel rendered on its first selection
// and kept, nothing at all without visualizations, axe-clean and valid HTML.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../blocks/visualization/visualization.ts';
import type { VisualizationBlock, VisualizationTabsBlock } from '../../blocks/visualization/visualization.ts';
import type { VisualizationModel } from '../../src/rich/visualization.ts';
import { text } from './helpers.ts';

const POLLS = new URL('/demo/catalog/files/SwedishPolls-Polls.csv', location.href).href;
const source = { href: POLLS, caption: 'Polls' };
const VIZ: VisualizationModel[] = [
  { uri: 'urn:v1', title: { value: 'Polls per company', lang: 'en' }, chartType: 'bar', xAxis: 'Company', operation: 'count', source },
  { uri: 'urn:v2', title: { value: 'S over time', lang: 'en' }, chartType: 'line', xAxis: 'PublDate', yAxis: 'S', operation: 'none', source },
  { uri: 'urn:v3', chartType: 'pie', xAxis: 'house', operation: 'count', source },
];

async function tabs(list: readonly VisualizationModel[] = VIZ, lang = 'en'): Promise<VisualizationTabsBlock> {
  const el = await fixture<VisualizationTabsBlock>(html`<catalog-visualization-tabs lang=${lang} hl="3" .visualizations=${list}></catalog-visualization-tabs>`);
  await el.updateComplete;
  return el;
}

const tabList = (el: Element) => [...el.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
const panels = (el: Element) => [...el.querySelectorAll<HTMLElement>('[role="tabpanel"]')];
const selectedIndex = (el: Element) => tabList(el).findIndex((t) => t.getAttribute('aria-selected') === 'true');
const panelViz = (el: Element, i: number) => panels(el)[i]!.querySelector<VisualizationBlock>('catalog-visualization');

async function press(el: VisualizationTabsBlock, key: string): Promise<void> {
  await sendKeys({ press: key });
  await el.updateComplete;
}

describe('catalog-visualization-tabs', () => {
  it('a tablist of tabs named by the titles; the first selected; only its panel rendered; axe-clean', async () => {
    const el = await tabs();
    const list = el.querySelector('[role="tablist"]')!;
    expect(list.getAttribute('aria-label')).to.equal('Visualizations');
    expect(tabList(el).map((t) => text(t))).to.deep.equal(['Polls per company', 'S over time', 'Visualization']);
    expect(tabList(el).map((t) => t.getAttribute('aria-selected'))).to.deep.equal(['true', 'false', 'false']);
    expect(tabList(el).map((t) => t.tabIndex)).to.deep.equal([0, -1, -1]);
    tabList(el).forEach((t, i) => {
      const panel = el.querySelector(`#${t.getAttribute('aria-controls')}`)!;
      expect(panel).to.equal(panels(el)[i]);
      expect(panel.getAttribute('aria-labelledby')).to.equal(t.id);
    });
    expect(panels(el).map((p) => p.hidden)).to.deep.equal([false, true, true]);
    expect(el.renderedPanels).to.deep.equal([0]);
    expect(panelViz(el, 1)).to.equal(null);
    const first = panelViz(el, 0)!;
    expect(await first.loadComplete).to.equal('ready');
    await first.updateComplete;
    expect(text(first.querySelector('h3'))).to.equal('Polls per company');
    await expect(el).to.be.accessible();
  });

  it('arrow keys move and select (wrapping), Home/End jump; focus follows; a panel renders on first selection and stays', async () => {
    const el = await tabs();
    const events: number[] = [];
    el.addEventListener('catalog-visualization-tab', (e) => events.push((e as CustomEvent<{ index: number }>).detail.index));
    tabList(el)[0]!.focus();
    await press(el, 'ArrowRight');
    expect(selectedIndex(el)).to.equal(1);
    expect(document.activeElement).to.equal(tabList(el)[1]);
    expect(tabList(el).map((t) => t.tabIndex)).to.deep.equal([-1, 0, -1]);
    expect(panels(el).map((p) => p.hidden)).to.deep.equal([true, false, true]);
    expect(el.renderedPanels).to.deep.equal([0, 1]);
    expect(panelViz(el, 1)).to.not.equal(null);
    await press(el, 'End');
    expect(selectedIndex(el)).to.equal(2);
    expect(document.activeElement).to.equal(tabList(el)[2]);
    await press(el, 'ArrowRight');
    expect(selectedIndex(el)).to.equal(0);
    await press(el, 'ArrowLeft');
    expect(selectedIndex(el)).to.equal(2);
    await press(el, 'Home');
    expect(selectedIndex(el)).to.equal(0);
    expect(document.activeElement).to.equal(tabList(el)[0]);
    await press(el, 'ArrowDown');
    expect(selectedIndex(el)).to.equal(1);
    await press(el, 'ArrowUp');
    expect(selectedIndex(el)).to.equal(0);
    expect(events).to.deep.equal([1, 2, 0, 2, 0, 1, 0]);
    // Panels once made stay (their charts are not drawn again).
    expect(el.renderedPanels).to.deep.equal([0, 1, 2]);
    expect(panels(el).every((p) => p.querySelector('catalog-visualization'))).to.equal(true);
  });

  it('Tab leaves the tab list for the panel (roving tabindex); a click selects', async () => {
    const el = await tabs();
    tabList(el)[0]!.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(panels(el)[0]);
    tabList(el)[2]!.click();
    await el.updateComplete;
    expect(selectedIndex(el)).to.equal(2);
    expect(panels(el)[2]!.hidden).to.equal(false);
  });

  it('no visualizations: nothing rendered, no empty tab list', async () => {
    const el = await tabs([]);
    expect(el.querySelector('[role="tablist"]')).to.equal(null);
    expect(el.children.length).to.equal(0);
    const unset = await fixture<VisualizationTabsBlock>(html`<catalog-visualization-tabs></catalog-visualization-tabs>`);
    expect(unset.querySelector('[role="tablist"]')).to.equal(null);
  });

  it('Swedish tab list name; two tab sets never share ids; valid HTML', async function () {
    (this as { timeout(ms: number): void }).timeout(30000);
    const a = await tabs(VIZ, 'sv');
    const b = await tabs(VIZ, 'sv');
    expect(a.querySelector('[role="tablist"]')!.getAttribute('aria-label')).to.equal('Visualiseringar');
    const ids = (el: Element) => [...el.querySelectorAll('[id]')].map((e) => e.id);
    expect(ids(a).filter((id) => ids(b).includes(id))).to.deep.equal([]);
    await panelViz(a, 0)!.loadComplete;
    await panelViz(a, 0)!.updateComplete;
    const doc = `<!DOCTYPE html><html lang="sv"><head><meta charset="utf-8"><title>tabs</title></head><body><main>${a.outerHTML}</main></body></html>`;
    const res = await fetch('/__validate', { method: 'POST', body: doc, headers: { 'Content-Type': 'text/html' } });
    const { messages } = (await res.json()) as { messages: { type: string; message: string; extract?: string }[] };
    expect(messages.filter((m) => m.type === 'error').map((m) => `${m.message} ${m.extract ?? ''}`)).to.deep.equal([]);
  });
});
