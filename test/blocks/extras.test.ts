// <catalog-dataset-extras> (behaviour doc §6.1, §1.3): sections and headings by hl, expandable rows by keyboard,
// paging, hostile titles as text, axe-clean and Nu-valid.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../blocks/dataset-extras/dataset-extras.ts';
import type { DatasetExtrasBlock, ExtraModel, Extras } from '../../blocks/dataset-extras/dataset-extras.ts';
import { loadMessages } from '../../src/i18n/index.ts';

const text = (el: Element | null | undefined): string => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

function extra(n: number, over: Partial<ExtraModel> = {}): ExtraModel {
  return {
    uri: `https://example.org/showcase/${n}`,
    title: { value: `Showcase ${n}`, lang: '' },
    description: [{ value: `About showcase ${n}.`, lang: '' }, { value: 'Second paragraph.', lang: '' }],
    fields: [
      { key: 'page', values: [{ kind: 'link', text: { value: 'https://app.example.org/', lang: '' }, href: 'https://app.example.org/' }] },
      { key: 'issued', values: [{ kind: 'date', value: '2024-05-01', precision: 'day' }] },
    ],
    ...over,
  };
}
const many = (count: number, from = 1) => Array.from({ length: count }, (_, i) => extra(from + i));

async function extrasEl(extras: Extras | undefined, attrs = ''): Promise<DatasetExtrasBlock> {
  const el = await fixture<DatasetExtrasBlock>(html`<catalog-dataset-extras .extras=${extras}></catalog-dataset-extras>`);
  for (const a of attrs.split(' ').filter(Boolean)) {
    const [k, v] = a.split('=');
    el.setAttribute(k!, v ?? '');
  }
  await el.updateComplete;
  return el;
}

async function press(target: HTMLElement, key: string): Promise<void> {
  target.focus();
  await sendKeys({ press: key });
}

describe('catalog-dataset-extras', () => {
  before(() => loadMessages('en'));

  it('two sections with h{hl+1} headings, rows with h{hl+2} title and description paragraphs', async () => {
    const el = await extrasEl({ showcases: many(2), ideas: [extra(9, { title: { value: 'An idea', lang: '' } })] }, 'hl=2 lang=en');
    const sections = [...el.querySelectorAll('section')];
    expect(sections.map((s) => s.className.split(' ')[0])).to.deep.equal(['esbShowcases', 'esbIdeas']);
    expect(sections.map((s) => text(s.querySelector('h3')))).to.deep.equal(['Showcases', 'Ideas']);
    expect(sections[0]!.getAttribute('aria-labelledby')).to.equal(sections[0]!.querySelector('h3')!.id);
    expect([...el.querySelectorAll('.esbShowcases h4')].map(text)).to.deep.equal(['Showcase 1', 'Showcase 2']);
    expect([...el.querySelectorAll('.esbShowcases li')[0]!.querySelectorAll('.esbDescription p')].map(text))
      .to.deep.equal(['About showcase 1.', 'Second paragraph.']);
    await expect(el).to.be.accessible();
  });

  it('in an opened result row (named): each section is named by its heading and the dataset title (issue 11 point 8)', async () => {
    const box = await fixture<HTMLDivElement>(html`<div><span id="row-7-title" hidden>Bathing sites</span></div>`);
    const el = document.createElement('catalog-dataset-extras') as DatasetExtrasBlock;
    el.extras = { showcases: many(1), ideas: many(1, 5) };
    el.named = 'row-7-title';
    el.setAttribute('lang', 'en');
    box.append(el);
    await el.updateComplete;
    const names = [...el.querySelectorAll('section')].map((s) =>
      s.getAttribute('aria-labelledby')!.split(' ').map((id) => text(document.getElementById(id))).join(' '));
    expect(names).to.deep.equal(['Showcases Bathing sites', 'Ideas Bathing sites']);
  });

  it('headings follow hl (default 1; capped at h6)', async () => {
    const one = await extrasEl({ showcases: many(1), ideas: [] });
    expect([...one.querySelectorAll('h1,h2,h3,h4,h5,h6')].map((h) => h.localName)).to.deep.equal(['h2', 'h3']);
    const five = await extrasEl({ showcases: many(1), ideas: [] }, 'hl=5');
    expect([...five.querySelectorAll('h1,h2,h3,h4,h5,h6')].map((h) => h.localName)).to.deep.equal(['h6', 'h6']);
  });

  it('an empty kind has no section; both empty (or no models) render nothing', async () => {
    const ideasOnly = await extrasEl({ showcases: [], ideas: many(1) });
    expect(ideasOnly.querySelector('.esbShowcases')).to.equal(null);
    expect(ideasOnly.querySelector('.esbIdeas')).to.not.equal(null);
    const none = await extrasEl({ showcases: [], ideas: [] });
    expect(none.children.length).to.equal(0);
    expect(text(none)).to.equal('');
    const unset = await extrasEl(undefined);
    expect(unset.children.length).to.equal(0);
  });

  it('Enter and Space on the real button expand and collapse the row; focus stays; details built on first expansion', async () => {
    const el = await extrasEl({ showcases: many(2), ideas: [] }, 'lang=en');
    const button = el.querySelector<HTMLButtonElement>('.esbShowcases li button.esbExtra__toggle')!;
    const details = el.querySelector<HTMLElement>(`#${button.getAttribute('aria-controls')}`)!;
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(text(button)).to.equal('More information: Showcase 1');
    expect(details.hidden).to.equal(true);
    expect(details.querySelector('dl')).to.equal(null, 'not built before the first expansion');
    await press(button, 'Enter');
    await el.updateComplete;
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(details.hidden).to.equal(false);
    expect([...details.querySelectorAll('dt')].map(text)).to.deep.equal(['Documentation', 'Issued']);
    expect(details.querySelector('a')!.getAttribute('href')).to.equal('https://app.example.org/');
    expect(details.querySelector('time')!.getAttribute('datetime')).to.equal('2024-05-01');
    expect(document.activeElement).to.equal(button);
    await expect(el).to.be.accessible();
    await press(button, 'Space');
    await el.updateComplete;
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(details.hidden).to.equal(true);
    expect(text(button)).to.equal('More information: Showcase 1');
    // The other row is untouched.
    expect(el.querySelectorAll('[aria-expanded="true"]').length).to.equal(0);
  });

  it('a row without further metadata has no button', async () => {
    const el = await extrasEl({ showcases: [extra(1, { fields: [] })], ideas: [] });
    expect(el.querySelector('button')).to.equal(null);
  });

  it('10 rows per page, a pager beyond: keyboard next/previous, ends stay focusable (aria-disabled)', async () => {
    const el = await extrasEl({ showcases: many(23), ideas: many(3, 100) }, 'lang=en');
    const rows = () => [...el.querySelectorAll('.esbShowcases h2 ~ ul > li h3')].map(text);
    expect(rows()).to.deep.equal(many(10).map((m) => m.title!.value));
    const nav = el.querySelector<HTMLElement>('.esbShowcases nav.esbExtrasPager')!;
    expect(nav.getAttribute('aria-label')).to.equal('Pages of Showcases');
    expect(el.querySelector('.esbIdeas nav')).to.equal(null, 'no pager for 3 rows');
    const prev = nav.querySelector<HTMLButtonElement>('.esbExtrasPager__prev')!;
    const next = nav.querySelector<HTMLButtonElement>('.esbExtrasPager__next')!;
    const status = () => text(nav.querySelector('.esbExtrasPager__status'));
    expect(status()).to.equal('Page 1 of 3');
    expect(prev.getAttribute('aria-disabled')).to.equal('true');
    await press(prev, 'Enter');
    await el.updateComplete;
    expect(status()).to.equal('Page 1 of 3');
    await press(next, 'Enter');
    await el.updateComplete;
    expect(status()).to.equal('Page 2 of 3');
    expect(rows()).to.deep.equal(many(10, 11).map((m) => m.title!.value));
    await press(next, 'Space');
    await el.updateComplete;
    expect(rows()).to.deep.equal(['Showcase 21', 'Showcase 22', 'Showcase 23']);
    expect(next.getAttribute('aria-disabled')).to.equal('true');
    expect(document.activeElement).to.equal(next);
    await press(next, 'Enter');
    await el.updateComplete;
    expect(status()).to.equal('Page 3 of 3');
    await press(prev, 'Enter');
    await el.updateComplete;
    expect(status()).to.equal('Page 2 of 3');
    await expect(el).to.be.accessible();
    // New models start at page 1 again.
    el.extras = { showcases: many(15), ideas: [] };
    await el.updateComplete;
    expect(text(el.querySelector('.esbExtrasPager__status'))).to.equal('Page 1 of 2');
  });

  it('hostile titles, descriptions and values stay text', async () => {
    const evil = '<img src=x onerror="window.__pwned=1"></h4><script>window.__pwned=1</script>';
    const el = await extrasEl({
      showcases: [extra(1, {
        title: { value: evil, lang: '' },
        description: [{ value: evil, lang: '' }],
        fields: [{ key: 'page', values: [{ kind: 'link', text: { value: evil, lang: '' }, href: 'javascript:alert(1)' }] }],
      })],
      ideas: [],
    });
    el.querySelector<HTMLButtonElement>('button')!.click();
    await el.updateComplete;
    expect(el.querySelector('img, script:not([type])')).to.equal(null);
    expect(el.querySelector('a')).to.equal(null, 'a javascript: href never becomes a link');
    expect(text(el.querySelector('h2 + ul h3'))).to.equal(evil);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  });

  it('Swedish and German strings; untitled rows say so', async () => {
    const sv = await extrasEl({ showcases: [extra(1, { title: undefined })], ideas: many(1) }, 'lang=sv');
    expect([...sv.querySelectorAll('h2')].map(text)).to.deep.equal(['Tillämpningar', 'Idéer']);
    expect(text(sv.querySelector('.esbShowcases h3'))).to.equal('Utan titel');
    expect(text(sv.querySelector('.esbShowcases button'))).to.equal('Mer information: Utan titel');
    const de = await extrasEl({ showcases: many(11), ideas: [] }, 'lang=de');
    expect(text(de.querySelector('.esbExtrasPager__status'))).to.equal('Seite 1 von 2');
    expect(text(de.querySelector('.esbShowcases button'))).to.equal('Mehr Informationen: Showcase 1');
  });

  it('strict: metadata as dl > div > dt + dd; Nu-valid with rows expanded and a pager', async function () {
    (this as { timeout(ms: number): void }).timeout(60000);
    const el = await extrasEl({ showcases: many(12), ideas: many(1, 50) }, 'strict lang=en hl=1');
    for (const b of el.querySelectorAll<HTMLButtonElement>('button.esbExtra__toggle')) b.click();
    await el.updateComplete;
    const dl = el.querySelector('dl')!;
    expect([...dl.children].every((c) => c.localName === 'div')).to.equal(true);
    const doc = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>extras</title></head><body><main><h1>Dataset</h1>${el.innerHTML}</main></body></html>`;
    const res = await fetch('/__validate', { method: 'POST', body: doc, headers: { 'Content-Type': 'text/html' } });
    expect(res.ok).to.equal(true);
    const { messages } = (await res.json()) as { messages: Array<{ type: string; subType?: string; message: string; extract?: string }> };
    expect(messages.filter((m) => m.type === 'error' || m.subType === 'fatal').map((m) => `${m.message} ${m.extract ?? ''}`)).to.deep.equal([]);
  });
});
