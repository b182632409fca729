// The charts under a strict policy: `style-src 'none'` (no style attributes, no <style> elements) and Trusted Types
// (`require-trusted-types-for 'script'`, only Lit's policy). The policy is set by a <meta> element before anything of
// the blocks loads (dynamic import after it), and every `securitypolicyviolation` is recorded.
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import type { VisualizationBlock, VisualizationTabsBlock } from '../../blocks/visualization/visualization.ts';
import type { VisualizationModel } from '../../src/rich/visualization.ts';

const violations: string[] = [];
document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber} ${e.sample}`));
const meta = document.createElement('meta');
meta.httpEquiv = 'Content-Security-Policy';
meta.content = "style-src 'none'; require-trusted-types-for 'script'; trusted-types lit-html";
document.head.append(meta);

const CSV = 'Party,Votes,Region\nS,10,North\nM,5,South\nS,2,South\n<b>x</b>,1,North\n';
const serving = async (): Promise<Response> => new Response(CSV, { headers: { 'Content-Type': 'text/csv' } });
const model = (chartType: VisualizationModel['chartType'], extra: Partial<VisualizationModel> = {}): VisualizationModel => ({
  uri: `urn:${chartType}`, title: { value: `A ${chartType} chart`, lang: 'en' }, chartType, xAxis: 'Party', yAxis: 'Votes', operation: 'sum',
  source: { href: 'https://files.example.org/votes.csv', caption: 'votes.csv' }, ...extra,
});

describe('visualizations under style-src \'none\' and Trusted Types', () => {
  before(async () => {
    await import('../../blocks/visualization/visualization.ts');
  });

  it('control: the policy is in force (an innerHTML assignment throws, a style attribute is reported)', async () => {
    const div = document.createElement('div');
    expect(() => { div.innerHTML = '<b>x</b>'; }).to.throw(TypeError);
    div.setAttribute('style', 'color: red');
    document.body.append(div);
    await waitUntil(() => violations.some((v) => v.startsWith('style-src')), 'the style attribute is reported');
    await waitUntil(() => violations.some((v) => v.startsWith('require-trusted-types-for')), 'the innerHTML assignment is reported');
    div.remove();
    violations.length = 0;
  });

  it('bar, line and pie charts, their tables and the tabs draw with no policy violation', async () => {
    const root = await fixture<HTMLDivElement>(html`<div></div>`);
    const charts = (['bar', 'line', 'pie'] as const).map((t) => {
      const el = document.createElement('catalog-visualization') as VisualizationBlock;
      el.fetchFile = serving;
      el.setAttribute('lang', 'en');
      el.visualization = model(t, t === 'pie' ? { operation: 'count', xAxis: 'Region' } : {});
      root.append(el);
      return el;
    });
    const states = await Promise.all(charts.map((c) => c.loadComplete));
    expect(states).to.deep.equal(['ready', 'ready', 'ready']);
    for (const c of charts) {
      await c.updateComplete;
      c.querySelector<HTMLButtonElement>('button.esbVizTableToggle')!.click();
      await c.updateComplete;
      expect(c.querySelector('svg.esbVizChart')).to.not.equal(null);
      expect(c.querySelector('.esbVizTable')).to.not.equal(null);
    }
    const tabs = document.createElement('catalog-visualization-tabs') as VisualizationTabsBlock;
    tabs.setAttribute('lang', 'en');
    tabs.visualizations = [model('bar'), model('line')];
    root.append(tabs);
    await tabs.updateComplete;
    expect(tabs.querySelectorAll('[role="tab"]').length).to.equal(2);
    expect(root.querySelector('b')).to.equal(null);
    expect(violations).to.deep.equal([]);
  });
});
