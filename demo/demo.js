// Demo-page helpers (not part of the library). Loaded as a module BEFORE catalog-blocks.js, so the parameters chosen
// in the form are on the element and in the page configuration before the block starts:
// - `?hl=2&clickExpand=false&strictStandardHtml=true&lang=sv` → attributes / data-portal-config attributes,
// - without entry parameters, the page's `data-demo-default-uri` is used (`?esc_uri=…`),
// - the parameter table gets a "value on this page" column, and entry lists are filled from the store's search API.

const ENTRY_KEYS = ['esc_entry', 'esc_context', 'esc_uri', 'esc_lookup', 'esc_lookupLiteral', 'esc_lookupURI'];
const GLOBAL_TOGGLES = { strictStandardHtml: 'strictStandardHtml', lang: 'lang' };
const ES_RESOURCE = 'http://entrystore.org/terms/resource';
const DCT_TITLE = 'http://purl.org/dc/terms/title';
const LABELS = [DCT_TITLE, 'http://www.w3.org/2000/01/rdf-schema#label', 'http://www.w3.org/2004/02/skos/core#prefLabel', 'http://xmlns.com/foaf/0.1/name'];

const url = new URL(window.location.href);
const query = url.searchParams;
const config = document.querySelector('[data-portal-config]');
const block = document.querySelector('[data-demo-block]');
const form = document.querySelector('form[data-demo-form]');

const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const hashParams = () => new URLSearchParams(window.location.hash.slice(1));

/** Names of the block parameters the form offers (the `name`s of its selects, minus the global ones). */
function formParams() {
  if (!form) return [];
  return [...form.querySelectorAll('select[name]')].map((s) => s.name).filter((n) => !(n in GLOBAL_TOGGLES));
}

function applyToggles() {
  if (block) {
    for (const name of formParams()) {
      const v = query.get(name);
      if (v) block.setAttribute(kebab(name), v);
    }
  }
  if (config) {
    if (query.get('strictStandardHtml') === 'true') config.setAttribute('data-strict-standard-html', 'true');
    const lang = query.get('lang');
    if (lang) config.setAttribute('data-lang', lang);
  }
}

function ensureEntry() {
  const def = block?.dataset.demoDefaultUri;
  if (!def) return;
  const hash = hashParams();
  if (ENTRY_KEYS.some((k) => query.has(k) || hash.has(k))) return;
  query.set('esc_uri', def);
  window.history.replaceState(null, '', `${url.pathname}?${query}${url.hash}`);
}

function fillForm() {
  if (!form) return;
  for (const select of form.querySelectorAll('select[name]')) {
    const v = query.get(select.name);
    if (v && [...select.options].some((o) => o.value === v)) select.value = v;
  }
  // keep the chosen entry when the form is submitted
  for (const key of ENTRY_KEYS) {
    const v = query.get(key);
    if (!v) continue;
    const hidden = document.createElement('input');
    hidden.type = 'hidden';
    hidden.name = key;
    hidden.value = v;
    form.append(hidden);
  }
}

/** Fills the "value on this page" column: attribute on the element, else page configuration, else default. */
function fillParamValues() {
  for (const row of document.querySelectorAll('tr[data-param]')) {
    const name = row.dataset.param;
    const cell = row.querySelector('[data-value]');
    if (!cell || !name) continue;
    const attr = block?.getAttribute(kebab(name)) ?? block?.getAttribute(name);
    const global = config?.getAttribute(`data-${kebab(name)}`);
    cell.textContent = attr != null ? `${attr} (attribute)` : global != null ? `${global} (page config)` : 'default';
  }
  const strict = document.querySelector('[data-demo-strict]');
  if (strict) strict.textContent = config?.getAttribute('data-strict-standard-html') === 'true' ? 'true' : 'false (default)';
}

/** Lucene-escapes a value for the store's Solr query (entrystore-api.md §2.5). */
const escapeLucene = (v) => v.replace(/[+\-&|!(){}[\]^"~*?:\\/ ]/g, (c) => `\\${c}`);

/** `https://x.org/api/vägdata/` → `vägdata` (percent-escapes decoded when they are valid). */
function lastSegment(uri) {
  const seg = uri.replace(/[/#]+$/, '').replace(/^.*[/#]/, '');
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}

function pickTitle(values, lang) {
  const lits = (values ?? []).filter((v) => v.type === 'literal');
  const primary = (tag) => (tag ?? '').toLowerCase().split('-')[0];
  return (lits.find((l) => primary(l.lang) === lang) ?? lits.find((l) => primary(l.lang) === 'en') ?? lits[0])?.value;
}

async function searchEntries(storeUrl, rdfTypes, limit) {
  const q = `public:true AND (${rdfTypes.map((t) => `rdfType:${escapeLucene(t)}`).join(' OR ')})`;
  const res = await fetch(`${storeUrl}search?type=solr&query=${encodeURIComponent(q)}&limit=${limit}`, {
    headers: { Accept: 'application/json' }, credentials: 'omit',
  });
  if (!res.ok) throw new Error(`search answered ${res.status}`);
  const json = await res.json();
  const lang = (document.documentElement.lang || 'en').slice(0, 2);
  const entries = (json.resource?.children ?? []).map((child) => {
    const info = Object.values(child.info ?? {})[0] ?? {};
    const uri = info[ES_RESOURCE]?.[0]?.value;
    // dcterms:title, else the other label properties a catalog uses (some data services carry only those), else the
    // last readable segment of the URI (never the raw URI as a choice's name)
    const props = child.metadata?.[uri] ?? {};
    const title = LABELS.map((p) => pickTitle(props[p], lang)).find(Boolean)
      ?? `Untitled (…/${lastSegment(uri) || uri})`;
    return { uri, title, contextId: String(child.contextId), entryId: String(child.entryId) };
  }).filter((e) => e.uri);
  return { entries, total: Number(json.results ?? entries.length) };
}

/** Links that keep the demo toggles but replace the entry parameters. */
function entryLinks(entry) {
  const base = new URLSearchParams(query);
  for (const k of ENTRY_KEYS) base.delete(k);
  const byUri = new URLSearchParams(base);
  byUri.set('esc_uri', entry.uri);
  const byId = new URLSearchParams({ esc_entry: entry.entryId, esc_context: entry.contextId });
  const rest = base.toString();
  return { byUri: `?${byUri}`, byId: `${rest ? `?${rest}` : url.pathname}#${byId}` };
}

async function fillEntryLists() {
  const storeUrl = config?.dataset.storeUrl;
  for (const list of document.querySelectorAll('[data-demo-entries]')) {
    const status = list.parentElement?.querySelector('[data-demo-entries-status]');
    try {
      const { entries, total } = await searchEntries(storeUrl, (list.dataset.demoEntries ?? '').split(/\s+/).filter(Boolean), 100);
      entries.sort((a, b) => a.title.localeCompare(b.title));
      for (const e of entries) {
        const li = document.createElement('li');
        const links = entryLinks(e);
        const a = document.createElement('a');
        a.href = links.byUri;
        a.textContent = e.title;
        const alt = document.createElement('a');
        alt.href = links.byId;
        alt.textContent = `#esc_entry=${e.entryId}&esc_context=${e.contextId}`;
        li.append(a, ' · ', alt);
        list.append(li);
      }
      if (status) status.textContent = total > entries.length ? `The first ${entries.length} of ${total} in the store:` : `${total} in the store:`;
    } catch (err) {
      if (status) status.textContent = `Could not list entries from the store (${err instanceof Error ? err.message : err}).`;
    }
  }
}

// "Apply" puts only the parameters that were chosen into the address (an empty select means the block's default).
form?.addEventListener('submit', () => {
  for (const select of form.querySelectorAll('select[name]')) if (!select.value) select.disabled = true;
});

/** Each parameter table sits in a region that scrolls sideways when the table is wider than the screen (a phone). */
function wrapTables() {
  document.querySelectorAll('table.demo-params').forEach((table, i) => {
    const box = document.createElement('div');
    box.className = 'demo-table-scroll';
    box.tabIndex = 0;
    box.setAttribute('role', 'region');
    if (table.caption) {
      table.caption.id ||= `demo-params-caption-${i + 1}`;
      box.setAttribute('aria-labelledby', table.caption.id);
    }
    table.before(box);
    box.append(table);
  });
}

applyToggles();
ensureEntry();
wrapTables();
fillForm();
fillParamValues();
fillEntryLists();

// Production-bundle pages load /cdn/catalog-blocks.js (dist/cdn): while it is not built the blocks would stay empty
// without a word, so the page says what to do.
const cdnScript = document.querySelector('script[src="/cdn/catalog-blocks.js"]');
if (cdnScript) {
  const missing = () => document.querySelectorAll('[data-demo-cdn-missing]').forEach((n) => n.removeAttribute('hidden'));
  fetch('/cdn/catalog-blocks.js', { method: 'HEAD', cache: 'no-store' }).then((r) => r.ok || missing(), missing);
}
