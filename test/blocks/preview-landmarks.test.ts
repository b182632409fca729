// Each preview's pager is a navigation landmark named after its distribution (issue 28 point 13: five previews on a
// landing page were five navs all "Pages of the preview", axe landmark-unique). Axe, Nu and a virtual screen reader.
// Run alone: npx wtr --files test/blocks/preview-landmarks.test.ts
import { expect, fixture, html } from '@open-wc/testing';
import { virtual } from '@guidepup/virtual-screen-reader/browser.js';
import '../../blocks/data-preview/data-preview.ts';
import type { DataPreviewBlock } from '../../blocks/data-preview/data-preview.ts';

const POLLS = new URL('/demo/catalog/files/SwedishPolls-Polls.csv', location.href).href;

async function twoPreviews(lang: string): Promise<HTMLElement> {
  const root = await fixture<HTMLElement>(html`<div>
    <catalog-data-preview src=${POLLS} label="Polls.csv" lang=${lang}></catalog-data-preview>
    <catalog-data-preview src=${POLLS} label="Polls 2002.csv" lang=${lang}></catalog-data-preview>
  </div>`);
  for (const p of root.querySelectorAll<DataPreviewBlock>('catalog-data-preview')) {
    expect(await p.previewComplete).to.equal('ready');
    await p.updateComplete;
  }
  return root;
}

const navNames = (root: Element) => [...root.querySelectorAll('nav')].map((n) => n.getAttribute('aria-label'));

async function validate(root: Element): Promise<unknown[]> {
  const doc = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title></head><body>${root.outerHTML}</body></html>`;
  const res = await fetch('/__validate', { method: 'POST', body: doc, headers: { 'Content-Type': 'text/html' } });
  const report = (await res.json()) as { messages: Array<{ type: string; subType?: string; message: string }> };
  return report.messages.filter((m) => m.type === 'error' || m.subType === 'fatal').map((m) => m.message);
}

describe('preview pager landmarks are named after their distribution (issue 28 point 13)', () => {
  it('en: "Pages of the preview of Polls.csv", unique; axe (landmark-unique) and Nu clean', async function () {
    (this as { timeout(ms: number): void }).timeout(60000);
    const root = await twoPreviews('en');
    expect(navNames(root)).to.deep.equal(['Pages of the preview of Polls.csv', 'Pages of the preview of Polls 2002.csv']);
    await expect(root).to.be.accessible();
    expect(await validate(root)).to.deep.equal([]);
  });

  it('sv and de name them too', async () => {
    expect(navNames(await twoPreviews('sv'))).to.deep.equal(['Sidor i förhandsgranskningen av Polls.csv', 'Sidor i förhandsgranskningen av Polls 2002.csv']);
    expect(navNames(await twoPreviews('de'))).to.deep.equal(['Seiten der Vorschau von Polls.csv', 'Seiten der Vorschau von Polls 2002.csv']);
  });

  it('without a label the pager keeps the plain name', async () => {
    const el = await fixture<DataPreviewBlock>(html`<catalog-data-preview src=${POLLS} lang="en"></catalog-data-preview>`);
    expect(await el.previewComplete).to.equal('ready');
    await el.updateComplete;
    expect(navNames(el)).to.deep.equal(['Pages of the preview']);
  });

  it('a virtual screen reader moving by landmark hears each pager by its distribution', async () => {
    const root = await twoPreviews('en');
    await virtual.start({ container: root });
    try {
      for (let i = 0; i < 6; i++) await virtual.perform(virtual.commands.moveToNextLandmark);
      const spoken = await virtual.spokenPhraseLog();
      const navs = spoken.filter((p) => /^navigation\b/.test(p));
      expect(navs).to.include.members(['navigation, Pages of the preview of Polls.csv', 'navigation, Pages of the preview of Polls 2002.csv']);
    } finally {
      await virtual.stop();
    }
  });
});
