// Serving-time touches to demo pages, shared by the dev server (vite.config.ts) and the e2e static server:
// the store URL goes into `data-store-url="__STORE_URL__"` (ports change), and `<!-- demo:pages -->` becomes the
// list of pages from demo/pages.json (so adding a page is one line there), `<!-- demo:params datasetView -->`
// becomes the rows of that block's parameters from the parameter table (src/config/params.ts), and
// `<!-- demo:form datasetFacetSearchLayout hl=2 includeSorting=true -->` the controls of the page's parameter form (one
// select per parameter of the block, then strictStandardHtml and lang; `name=value` marks a value set in the markup).
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
    const meaning = `${paramMeaning(p.name)}`;
    // a break opportunity at each camelCase joint, so a narrow column wraps `includeTabbed|Visualizations`, not letters
    const name = escapeHtml(p.name).replace(/([a-z])([A-Z])/g, '$1<wbr>$2');
    return `<tr data-param="${escapeHtml(p.name)}"><th scope="row"><code>${name}</code></th>` +
      `<td><code>${escapeHtml(attributeName(p.name))}</code></td><td>${escapeHtml(p.type)}</td>` +
      `<td>${def === undefined ? '–' : `<code>${escapeHtml(String(def))}</code>`}</td>` +
      `<td data-value>–</td><td>${escapeHtml(meaning)}</td></tr>`;
  });
}

/** Choices offered per parameter (besides "default"); booleans offer true and false. */
const FORM_CHOICES = {
  hl: ['<option>2</option>', '<option>3</option>', '<option>4</option>'],
  sortOrder: ['<option>title</option>', '<option value="modified desc">modified desc</option>'],
  break: ['<option>600px</option>', '<option>800px</option>', '<option>1400px</option>'],
};
/** What an unset parameter means where the table has no default. */
const EFFECTIVE_DEFAULT = { sortOrder: 'modified desc' };

function formSelect(name, first, choices) {
  return `<label>${name}\n            <select name="${name}">\n              <option value="">${first}</option>\n` +
    `              ${choices.join('')}\n            </select>\n          </label>`;
}

/** The selects of a demo page's parameter form (demo.js applies them as attributes of the block). */
export function paramForm(block, markup = {}) {
  const col = columnOf(block);
  const selects = paramsOf(block).map((p) => {
    const def = p.defaults[col] ?? EFFECTIVE_DEFAULT[p.name] ?? 'unset';
    const first = p.name in markup ? `as in the markup (${escapeHtml(markup[p.name])})` : `default (${escapeHtml(String(def))})`;
    const choices = FORM_CHOICES[p.name] ?? (p.type === 'boolean' ? ['<option>true</option>', '<option>false</option>'] : undefined);
    if (!choices) throw new Error(`demo:form: no choices for parameter ${p.name}`);
    return formSelect(p.name, first, choices);
  });
  selects.push(formSelect('strictStandardHtml', 'default (false)', ['<option>true</option>']));
  selects.push(formSelect('lang', 'page (&lt;html lang&gt;)', ['<option value="sv">sv</option>', '<option value="en">en</option>', '<option value="de">de</option>']));
  return selects.join('\n          ');
}

/**
 * The demo's maps draw on the dev store's offline base layer (country outlines as XYZ tiles, issue 28): the page
 * configuration element that carries the store URL carries the base layer and its attribution too.
 */
export const DEMO_MAP_BASE_ATTRIBUTION = 'Country outlines: [Natural Earth](https://www.naturalearthdata.com/), public domain';

function demoMapBase(storeUrl) {
  const tiles = `${new URL(storeUrl).origin}/base/tiles/{z}/{x}/{y}.png`;
  return ` data-map-base-url="${escapeHtml(tiles)}" data-map-base-attribution="${escapeHtml(DEMO_MAP_BASE_ATTRIBUTION)}"`;
}

export function renderDemoHtml(html, { storeUrl }) {
  const items = demoPages().map((p) =>
    `<li><a href="${escapeHtml(p.href)}">${escapeHtml(p.title)}</a> — ${escapeHtml(p.description)}</li>`);
  return html
    .replaceAll(`data-store-url="${STORE_URL_PLACEHOLDER}"`, `data-store-url="${STORE_URL_PLACEHOLDER}"${demoMapBase(storeUrl)}`)
    .replaceAll(STORE_URL_PLACEHOLDER, escapeHtml(storeUrl))
    .replace('<!-- demo:pages -->', items.join('\n        '))
    .replace(/<!-- demo:params (\w+) -->/g, (_, block) => paramRows(block).join('\n          '))
    .replace(/<!-- demo:form (\w+)((?: \w+=[^\s]+)*) -->/g, (_, block, pairs) =>
      paramForm(block, Object.fromEntries(pairs.trim().split(/\s+/).filter(Boolean).map((kv) => kv.split('=')))));
}
