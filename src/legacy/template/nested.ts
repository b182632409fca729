/**
 * Block helpers (`{{datasetList}}`, `{{facets exclude="…"}}`, `{{viewMetadata filterpredicates="…"}}`,
 * `{{#distributionList}}{{/distributionList}}`, a custom block name of the page's `blocks` list …) render our element
 * for that block, its parameters from the helper's hash as attributes (kebab-case; objects as JSON text).
 * `x="inherit"` takes the enclosing block's `x`, `x="inherit:y"` its `y`; when that is undefined the attribute is left
 * out (the child's own default applies). Elements are made with `createElement` and kept across renders.
 */
import { nothing } from 'lit';
import { Directive, directive, type PartInfo } from 'lit/directive.js';
import { blockDefaults } from '../../config/block-overrides.ts';
import { attributeName } from '../../config/params.ts';
import { BLOCK_ATTRIBUTES, tagOf } from '../names.ts';
import type { TemplateContext } from './context.ts';

/** Blocks that show a part of the current entry: our `<catalog-metadata>` (blocks/metadata/); `{{view rdformsid=…}}` too. */
const ENTRY_PARTS: Readonly<Record<string, string>> = { distributionList: 'distributions', viewMetadata: 'fields', view: 'fields' };

/** Search parts that join the enclosing block's search scope. */
const SCOPED = /^(dataset-(list|results|search|multi-search|facets|exports)|facets-sv|catalog-search-list)$/;

const squash = (s: string): string => s.toLowerCase().replace(/[-_]/g, '');

/** The element tag and parameter defaults of a block name, or undefined when it names no block. */
/** The core entry blocks (`image`, `slider`, `expand`, `autoVisualizations`): they show the template's entry. */
const ENTRY_VIEW = 'catalog-entry-view';

type Nested = { tag: string; defaults: Record<string, unknown>; part?: string; implied?: Readonly<Record<string, string>> };

export function blockOf(name: string, ctx: TemplateContext): Nested | undefined {
  if (Object.hasOwn(ENTRY_PARTS, name)) return { tag: 'catalog-metadata', defaults: {}, part: ENTRY_PARTS[name]! };
  const found = blockDefaults(ctx.page, name);
  const base = found?.base ?? name;
  if (Object.hasOwn(ENTRY_PARTS, base)) return { tag: 'catalog-metadata', defaults: found?.defaults ?? {}, part: ENTRY_PARTS[base]! };
  const tag = tagOf(base);
  // what the name implies on its element: the kind of `<catalog-entry-view>`, `<catalog-showcase-list>`
  if (tag && Object.hasOwn(BLOCK_ATTRIBUTES, base)) return { tag, defaults: found?.defaults ?? {}, implied: BLOCK_ATTRIBUTES[base]! };
  return tag ? { tag, defaults: found?.defaults ?? {} } : undefined;
}

function inherited(params: Record<string, unknown>, key: string): unknown {
  const want = squash(key);
  for (const [k, v] of Object.entries(params)) if (squash(k) === want) return v;
  return undefined;
}

function attrText(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** The attributes of a nested block: defaults, then the hash (inherit resolved), then what the context implies. */
export function nestedAttributes(
  block: Nested,
  hash: Record<string, unknown>,
  ctx: TemplateContext,
): Record<string, string> {
  const merged: Record<string, unknown> = { ...block.defaults };
  for (const [k, raw] of Object.entries(hash)) {
    let v: unknown = raw;
    if (typeof raw === 'string' && /^\s*inherit\s*(:|$)/.test(raw)) {
      const key = raw.includes(':') ? raw.slice(raw.indexOf(':') + 1).trim() : k;
      v = inherited(ctx.params, key);
      if (v === undefined) {
        delete merged[k];
        continue;
      }
    } else if (typeof raw === 'string' && /^\s*[[{]/.test(raw)) {
      try {
        v = JSON.parse(raw);
      } catch {
        // kept as text
      }
    }
    merged[k] = v;
  }
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(merged)) {
    const text = attrText(v);
    // Attribute names come from the author's hash keys; only plain names are set.
    if (text !== undefined && /^[a-z][a-z0-9_]*$/i.test(k)) attrs[attributeName(k)] = text;
  }
  // what the block name implies (`kind`, the parts `autoVisualizations` shows), unless the hash says otherwise
  for (const [k, v] of Object.entries(block.implied ?? {})) if (!(k in attrs)) attrs[k] = v;
  const host = ctx.host;
  for (const shared of ['store-url', 'lang']) {
    const v = host.getAttribute(shared);
    if (v && !(shared in attrs)) attrs[shared] = v;
  }
  if (SCOPED.test(block.tag) && !('scope' in attrs) && host.getAttribute('scope')) attrs.scope = host.getAttribute('scope')!;
  if (block.part || block.tag === ENTRY_VIEW) {
    if (block.part) attrs.shows = block.part;
    if (ctx.entry) {
      attrs.entry = ctx.entry.entryId;
      attrs.context = ctx.entry.contextId;
    }
    if (!('hl' in attrs)) attrs.hl = String(ctx.hl);
  }
  return attrs;
}

class NestedBlock extends Directive {
  #el: HTMLElement | undefined;
  #set = new Set<string>();

  constructor(part: PartInfo) {
    super(part);
  }

  render(tag: string, attrs: Readonly<Record<string, string>>): unknown {
    if (typeof document === 'undefined') return nothing;
    if (!this.#el || this.#el.localName !== tag) {
      // The element is defined by the entry layer (the CDN loader sees it in the page; `catalog-blocks` defines all)
      // or by the block rendering the template (<catalog-template> loads <catalog-metadata> with the interpreter).
      this.#el = document.createElement(tag);
      this.#set.clear();
    }
    const el = this.#el;
    for (const name of this.#set) if (!(name in attrs)) el.removeAttribute(name);
    for (const [name, value] of Object.entries(attrs)) if (el.getAttribute(name) !== value) el.setAttribute(name, value);
    this.#set = new Set(Object.keys(attrs));
    return el;
  }
}

/** A nested block element (kept across renders of the same place in the template). */
export const nestedBlock = directive(NestedBlock);
