// Serving-time touches to demo pages, shared by the dev server (vite.config.ts) and the e2e static server:
// the store URL goes into `data-store-url="__STORE_URL__"` (ports change), and `<!-- demo:pages -->` becomes the
// list of pages from demo/pages.json (so adding a page is one line there), and `<!-- demo:params datasetView -->`
// becomes the rows of that block's parameters from the parameter table (src/config/params.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './entries.mjs';
import { attributeName, columnOf, paramsOf } from '../src/config/params.ts';
import { paramMeaning } from '../src/config/param-docs.ts';

export const STORE_URL_PLACEHOLDER = '__STORE_URL__';

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

/** The demo pages manifest: [{ href, title, description }]. */
export function demoPages() {
  return JSON.parse(readFileSync(join(root, 'demo/pages.json'), 'utf8'));
}

/** Table rows: parameter, attribute, type, default of this block, meaning, and an empty cell demo.js fills in. */
export function paramRows(block) {
  const col = columnOf(block);
  return paramsOf(block).map((p) => {
    const def = p.defaults[col];
    const meaning = `${paramMeaning(p.name)}${p.notYetRendered ? ' (not yet rendered)' : ''}`;
    return `<tr data-param="${escapeHtml(p.name)}"><th scope="row"><code>${escapeHtml(p.name)}</code></th>` +
      `<td><code>${escapeHtml(attributeName(p.name))}</code></td><td>${escapeHtml(p.type)}</td>` +
      `<td>${def === undefined ? '–' : `<code>${escapeHtml(String(def))}</code>`}</td>` +
      `<td data-value>–</td><td>${escapeHtml(meaning)}</td></tr>`;
  });
}

export function renderDemoHtml(html, { storeUrl }) {
  const items = demoPages().map((p) =>
    `<li><a href="${escapeHtml(p.href)}">${escapeHtml(p.title)}</a> — ${escapeHtml(p.description)}</li>`);
  return html
    .replaceAll(STORE_URL_PLACEHOLDER, escapeHtml(storeUrl))
    .replace('<!-- demo:pages -->', items.join('\n        '))
    .replace(/<!-- demo:params (\w+) -->/g, (_, block) => paramRows(block).join('\n          '));
}
