/**
 * Mounting legacy nodes (issue 10, contract 3): each node that names a block gets class `entryscape` and ONE element
 * of ours whose attributes are the block's parameters (a JSON/Handlebars script gets a `<span class="entryscape">`
 * after it to hold the element). `config` calls are appended to `window.__entryscape_config`, which the page
 * configuration reads (src/config/page-config.ts), in document order. Everything mounted is remembered, so that
 * `clearLegacy()` can put the page back as it was.
 */
import { mergeDefaults } from '../config/block-overrides.ts';
import { readPageConfig } from '../config/page-config.ts';
import { EXTRA_PARAMS, PARAMS, squash, type GlobalConfig } from '../config/params.ts';
import { readLegacyNode, JSON_SCRIPT, TEMPLATE_SCRIPT, type LegacyCall } from './parse.ts';
import { BLOCK_ATTRIBUTES, resolveBlock } from './names.ts';
import { resetWarnings, warnOnce } from '../config/warn.ts';
import { applyOlderMeanings, RESULT_LIST_TAGS } from './older-meanings.ts';

type Obj = Record<string, unknown>;
type ConfigWindow = Window & { __entryscape_config?: unknown; __esb_config?: unknown; __entryscape_plugin_config?: unknown };

/** What the incumbent runtime scanned for (plus the legacy `component` key). */
export const LEGACY_SELECTOR = '[data-entryscape],[data-entryscape-block],[data-entryscape-component],'
  + `script[type="${JSON_SCRIPT}"],script[type="${TEMPLATE_SCRIPT}"]`;

/** Template parameters: attributes in lower case (`templatefilter`), not kebab case. */
const TEMPLATE_KEYS = ['htemplate', 'template', 'rowhead', 'rowexpand', 'listhead', 'listbody', 'listplaceholder', 'listempty',
  'templateFilter', 'templateNoFilter', 'templateFilterNoResults'];
/** Parameters every block reads that are not in the parameter tables: ARIA, entry location, store, language, scope, HTML mode. */
const SHARED_KEYS = ['title', 'label', 'labelledby', 'describedby', 'live', 'entry', 'context', 'uri', 'lookup', 'lookupLiteral',
  'lookupURI', 'storeUrl', 'lang', 'scope', 'strictStandardHtml', 'noStyles', 'define', 'use', 'filterPredicates', 'shows',
  'rdformsid', 'onecol'];
/** Keys of the core entry blocks (`text`, `link`, `image`, `slider`, `expand`: blocks/entry-view/). */
const ENTRY_VIEW_KEYS = ['content', 'property', 'fallback', 'width', 'height'];
/** Page configuration keys that any block node may carry. */
const GLOBAL_FROM_ANY_BLOCK = ['entrystore', 'namespaces', 'labelProperties', 'bundles', 'entitytypes', 'type2template'];
/** Keys that structure a call rather than set a parameter: never attributes. */
const STRUCTURAL = new Set(['block', 'component', 'extends', 'run', 'loadEntry', 'class']);

/**
 * Every parameter name a legacy node may use (squashed): both parameter tables (KNOWN_PARAM_NAMES of params.ts, built
 * here from the tables so that core, which every page loads, need not keep that set) and the keys above.
 */
const KNOWN: ReadonlySet<string> = new Set([...PARAMS, ...EXTRA_PARAMS, ...[...TEMPLATE_KEYS, ...SHARED_KEYS, ...ENTRY_VIEW_KEYS, ...STRUCTURAL].map((name) => ({ name }))]
  .map((p) => squash(p.name)));

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Tests only: forget which warnings were given (every warning of src/config/warn.ts, the names' and markup's too). */
export const resetLegacyWarnings = resetWarnings;

/** `includeDataPreview` → `include-data-preview`, `lookupURI` → `lookup-uri`; template keys in lower case. */
export function attributeFor(param: string): string {
  if (TEMPLATE_KEYS.includes(param)) return param.toLowerCase();
  return param.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** Attribute text of a parameter value (JSON for objects and arrays); undefined: no attribute. */
function attributeText(value: unknown): string | undefined {
  if (value === null || value === undefined || typeof value === 'function') return undefined;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A legacy node: what we added to it and under it, to undo on clear. */
interface Mounted {
  node: Element;
  inserted: Element[];
  removedChildren: Node[];
  addedClass: boolean;
}

const mounted = new Map<Element, Mounted>();
/** Nodes that rendered nothing (unknown block name, say): `init()` tries them again, with the configuration it has then. */
const unmounted = new Set<Element>();
/** Config objects this layer put into `window.__entryscape_config` (removed again on clear). */
const addedConfigs = new Set<Obj>();
/** Config objects of `addConfig` / `setEntryStore`, in call order. */
const sessionConfigs: Obj[] = [];

function configList(win: ConfigWindow): unknown[] {
  const cur = win.__entryscape_config;
  const list = Array.isArray(cur) ? cur : isObject(cur) ? [cur] : [];
  win.__entryscape_config = list;
  return list;
}

/**
 * Appends configuration (an object or an array of objects) after what the page configuration already holds. `clear()`
 * removes it again unless `kept` (the SPA handle's `addConfig` and `setEntryStore`, which configure the session, not
 * one view).
 */
export function addPageConfig(win: Window, config: unknown, kept = false): void {
  const list = configList(win as ConfigWindow);
  for (const c of Array.isArray(config) ? config : [config]) {
    if (!isObject(c)) continue;
    const { block: _block, ...rest } = c;
    list.push(rest);
    if (kept) sessionConfigs.push(rest);
    else addedConfigs.add(rest);
  }
}

/** The session's configuration back in `window.__entryscape_config` after the page replaced that (an SPA's next view). */
export function restoreSessionConfig(win: Window): void {
  const list = configList(win as ConfigWindow);
  for (const c of sessionConfigs) if (!list.includes(c)) list.push(c);
}

/** `window.__entryscape_plugin_config` and `window.__esb_config`, merged before `window.__entryscape_config`. */
export function addEarlyConfig(win: Window): void {
  const w = win as ConfigWindow;
  const early = [w.__entryscape_plugin_config, w.__esb_config].flatMap((c) => (Array.isArray(c) ? c : [c])).filter(isObject);
  const list = configList(w);
  const missing = early.filter((c) => !list.includes(c));
  list.unshift(...missing);
  for (const c of missing) addedConfigs.add(c);
}

/** Removes the configuration this layer added. */
function removeAddedConfig(win: Window): void {
  const w = win as ConfigWindow;
  if (Array.isArray(w.__entryscape_config)) w.__entryscape_config = w.__entryscape_config.filter((c: unknown) => !addedConfigs.has(c as Obj));
  addedConfigs.clear();
}

/** The element for one block call, or undefined (with one warning, src/legacy/names.ts) for a block name we cannot render. */
function elementFor(doc: Document, call: LegacyCall, page: GlobalConfig): Element | undefined {
  const resolved = resolveBlock(page, call.block);
  if (!resolved) return undefined;
  // A custom name brings the defaults of its definitions; a built-in name's overrides are read by the resolver.
  const params = resolved.base === call.block ? { ...call.params } : mergeDefaults(resolved.defaults, call.params);
  if (resolved.base === 'template' && params.htemplate === undefined && params.template !== undefined) {
    params.htemplate = params.template;
    delete params.template;
  }
  const el = doc.createElement(resolved.tag);
  for (const [name, value] of Object.entries(BLOCK_ATTRIBUTES[resolved.base] ?? {})) el.setAttribute(name, value);
  for (const [key, value] of Object.entries(params)) {
    // Only known parameters become attributes: `data-entryscape-onclick` (which a CMS that allows data-* attributes
    // lets through) must not become an event handler attribute.
    if (!KNOWN.has(squash(key))) {
      warnOnce(`[catalog-blocks] parameter "${key}" of block "${call.block}" is not supported; it has no effect`);
      continue;
    }
    const text = attributeText(value);
    if (text !== undefined && !STRUCTURAL.has(key)) el.setAttribute(attributeFor(key), text);
  }
  return el;
}

/** Mounts the calls of one legacy node; `config` calls were applied before. */
function mountNode(node: Element, calls: LegacyCall[], page: GlobalConfig): void {
  const doc = node.ownerDocument;
  const blocks = calls.filter((c) => c.block !== 'config');
  const record: Mounted = { node, inserted: [], removedChildren: [], addedClass: false };
  mounted.set(node, record);
  if (blocks.length === calls.length) unmounted.add(node);
  if (blocks.length === 0) return;
  const isScript = node.localName === 'script';
  let after: Element = node;
  for (const call of blocks) {
    const el = elementFor(doc, call, page);
    if (!el) continue;
    for (const c of String(call.params.class ?? '').split(/\s+/).filter(Boolean)) (isScript ? el : node).classList.add(c);
    if (isScript) {
      const span = doc.createElement('span');
      span.className = 'entryscape';
      span.append(el);
      after.after(span);
      after = span;
      record.inserted.push(span);
      unmounted.delete(node);
    } else {
      if (!node.classList.contains('entryscape')) {
        node.classList.add('entryscape');
        record.addedClass = true;
      }
      // The incumbent rendered into the node: placeholder content ("Loading…") goes, and comes back on clear.
      record.removedChildren = [...node.childNodes];
      node.replaceChildren(el);
      record.inserted.push(el);
      unmounted.delete(node);
      return;
    }
  }
}

/** The legacy nodes at and under `root` not mounted yet, in document order. */
function newLegacyNodes(root: Element | Document): Element[] {
  const found = [...root.querySelectorAll(LEGACY_SELECTOR)];
  if (root instanceof Element && root.matches(LEGACY_SELECTOR)) found.unshift(root);
  return found.filter((n) => !mounted.has(n));
}

/**
 * Mounts the legacy nodes at and under `root`: first every `config` call (document order), then the blocks, which
 * then see that configuration (custom block names included). Returns true when configuration was added.
 */
export function mountLegacy(root: Element | Document): boolean {
  // Nodes an SPA removed without clear(): forgotten (a long-lived page would otherwise keep them all).
  for (const node of mounted.keys()) if (!node.isConnected) mounted.delete(node);
  const nodes = newLegacyNodes(root);
  if (nodes.length === 0) return false;
  const doc = root instanceof Document ? root : root.ownerDocument;
  const win = doc.defaultView;
  const calls = nodes.map((n) => readLegacyNode(n));
  let configured = false;
  for (const list of calls) {
    for (const c of list) {
      if (!win) continue;
      if (c.block === 'config') {
        addPageConfig(win, c.params);
        configured = true;
        continue;
      }
      // The incumbent read these keys from any block as page configuration (docs entryscape-embeds.md §3).
      const global = Object.keys(c.params).filter((k) => GLOBAL_FROM_ANY_BLOCK.includes(k));
      if (global.length === 0) continue;
      addPageConfig(win, Object.fromEntries(global.map((k) => [k, c.params[k]])));
      for (const k of global) delete c.params[k];
      configured = true;
    }
  }
  const page = readPageConfig(doc);
  // a 0.x page's `datasetSearch` is its result list (./older-meanings.ts)
  applyOlderMeanings(calls.flat(), page, doc.querySelector(RESULT_LIST_TAGS) !== null);
  nodes.forEach((n, i) => mountNode(n, calls[i]!, page));
  return configured;
}

/** Lets the next mount try again the nodes that rendered nothing. */
export function retryUnmounted(): void {
  for (const node of unmounted) mounted.delete(node);
  unmounted.clear();
}

/** Removes everything mounted and the configuration added; the next mount starts from the page as written. */
export function clearLegacy(win: Window): void {
  for (const { node, inserted, removedChildren, addedClass } of mounted.values()) {
    for (const el of inserted) el.remove();
    if (removedChildren.length && node.childNodes.length === 0) node.append(...removedChildren);
    if (addedClass) node.classList.remove('entryscape');
  }
  mounted.clear();
  unmounted.clear();
  removeAddedConfig(win);
}

/** Blocks re-read the page configuration when they update: every block on the page updates. */
export function refreshBlocks(doc: Document): void {
  for (const el of doc.querySelectorAll('*')) {
    const block = el as Element & { requestUpdate?: () => void };
    if (el.localName.includes('-') && 'pageConfig' in el && typeof block.requestUpdate === 'function') block.requestUpdate();
  }
}
