// Issue 11 point 12: harvested catalogs carry C0 controls (U+0001, U+0002, U+000B), DEL and C1 controls in
// literals. The rendered landing page must hold none of the code points HTML forbids, and pass the Nu validator.
import { expect, fixture, html } from '@open-wc/testing';
import '../../blocks/dataset-view/dataset-view.ts';
import type { CatalogBlock } from '../../blocks/base/catalog-block.ts';
import { MemoryStore, graphOf, literal, DCAT, DCTERMS, RDF_TYPE } from './memory-store.ts';
import { settled } from './helpers.ts';

const BASE = 'https://store.example.org/store/';
const DS = 'https://data.example.org/ds/ctrl';
const FORBIDDEN = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F\uFDD0-\uFDEF\uFFFE\uFFFF]/;
const dirty = (s: string): string => `${s}\u0001\u0002 och\u000B${s}\u007F\u0085\u009F\uFFFE`;

function store(): MemoryStore {
  const s = new MemoryStore(BASE);
  s.add('7', '42', DS, graphOf(DS, [
    [RDF_TYPE, `${DCAT}Dataset`],
    [`${DCTERMS}title`, literal(dirty('Vattendrag'), { language: 'en' })],
    [`${DCTERMS}description`, literal(dirty('Description'), { language: 'en' })],
    [`${DCAT}keyword`, literal(dirty('lake'), { language: 'en' })],
    [`${DCTERMS}identifier`, literal(dirty('ctrl'))],
    [`${DCAT}theme`, 'https://example.org/theme/Natur%01liv'],
  ]));
  return s;
}

async function render(strict: boolean): Promise<CatalogBlock> {
  const el = document.createElement('dataset-view') as CatalogBlock;
  el.setAttribute('entry', '42');
  el.setAttribute('context', '7');
  el.setAttribute('lang', 'en');
  if (strict) el.setAttribute('strict-standard-html', 'true');
  const provider = await fixture(html`<catalog-store-provider .store=${store()}></catalog-store-provider>`);
  provider.append(el);
  expect(await settled(el)).to.equal('ready');
  return el;
}

describe('literals with control characters', () => {
  for (const strict of [false, true]) {
    it(`the landing page holds no HTML-forbidden code point and is valid HTML (${strict ? 'strict' : 'legacy'} HTML)`, async function () {
      (this as { timeout(ms: number): void }).timeout(90000); // the validator is a Java process
      const el = await render(strict);
      expect(el.querySelector('h1')?.textContent ?? '').to.match(/Vattendrag/);
      expect(el.textContent ?? '').to.include('lake');
      const markup = el.innerHTML;
      const hit = FORBIDDEN.exec(markup);
      expect(hit ? `U+${hit[0].codePointAt(0)!.toString(16)} at …${markup.slice(Math.max(0, hit.index - 60), hit.index)}` : '').to.equal('');
      const doc = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>x</title></head><body><main><div>${markup}</div></main></body></html>`;
      const res = await fetch('/__validate', { method: 'POST', body: doc, headers: { 'Content-Type': 'text/html' } });
      const { messages } = (await res.json()) as { messages: { type: string; subType?: string; message: string; extract?: string }[] };
      const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
      expect(errors.map((e) => `${e.message} — ${e.extract ?? ''}`)).to.deep.equal([]);
    });
  }
});
