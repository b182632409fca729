/**
 * The interpreter: walks a Handlebars program (markup.ts says where each hole sits) and builds Lit templates. The
 * author's markup becomes the template strings (template-strings.ts); every helper's result is a Lit VALUE: text is
 * escaped by Lit, links come from `landingHref` or pass `safeHref`, nested blocks are our elements. `{{{x}}}` is
 * treated like `{{x}}` (nothing is ever inserted as HTML). Unknown helpers render nothing and warn once by name.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AST } from '@handlebars/parser';
import { safeHref } from '../../dcat/safe.ts';
import { formatNumber, msg } from '../../i18n/index.ts';
import { expand } from '../../rdf/namespaces.ts';
import type { TemplateContext } from './context.ts';
import { compileProgram, decodeEntities, type Hole, type Slot } from './markup.ts';
import { blockOf, nestedAttributes, nestedBlock } from './nested.ts';
import { entryHref } from './entry-link.ts';
import { authorStrings } from './template-strings.ts';
import { allTerms, contentText, entryText, entryTitle, predicates, propValues, type PropValue } from './values.ts';
import { warnOnce } from './warn.ts';

/** Where a helper's result goes: a child position (markup) or an attribute value / tag token (text only). */
type Mode = 'child' | 'text';

interface Frame {
  readonly ctx: TemplateContext;
  /** The current value inside `{{#eachprop}}`. */
  readonly item?: PropValue;
}

interface Call {
  readonly name: string;
  readonly params: readonly unknown[];
  readonly hash: Readonly<Record<string, unknown>>;
  readonly program?: AST.Program | undefined;
  readonly inverse?: AST.Program | undefined;
}

type Helper = (call: Call, f: Frame, mode: Mode) => unknown;

const ITEM_KEYS = new Set(['value', 'label', 'description', 'md5', 'lang', 'type']);

const truthy = (v: unknown): boolean => v === true || v === 'true' || v === 1 || v === '1';

/** A literal, or a path read from the current `eachprop` value (`{{value}}` as a parameter). */
function argument(e: AST.Expression, f: Frame): unknown {
  switch (e.type) {
    case 'StringLiteral':
    case 'NumberLiteral':
    case 'BooleanLiteral':
      return (e as AST.StringLiteral).value;
    case 'PathExpression': {
      const name = (e as AST.PathExpression).original;
      return f.item && ITEM_KEYS.has(name) ? f.item[name as keyof PropValue] : undefined;
    }
    default:
      warnOnce(`template: ${e.type === 'SubExpression' ? 'sub-expressions' : e.type} are not supported; they are left out`);
      return undefined;
  }
}

function callOf(hole: Hole, f: Frame): Call {
  const path = hole.path as AST.PathExpression | AST.Literal;
  const name = path.type === 'PathExpression' ? (path as AST.PathExpression).original : String((path as AST.StringLiteral).value);
  const hash: Record<string, unknown> = {};
  for (const pair of hole.hash?.pairs ?? []) hash[pair.key] = argument(pair.value, f);
  const block = hole.type === 'BlockStatement' ? (hole as AST.BlockStatement) : undefined;
  return { name, params: hole.params.map((p) => argument(p, f)), hash, program: block?.program, inverse: block?.inverse };
}

/** A program rendered as markup (a child position) or as text (inside an attribute value). */
function renderProgram(program: AST.Program | undefined, f: Frame, mode: Mode): unknown {
  if (!program) return mode === 'text' ? '' : nothing;
  return mode === 'text' ? programText(program, f) : programMarkup(program, f);
}

function programMarkup(program: AST.Program, f: Frame): TemplateResult {
  const { statics, slots } = compileProgram(program);
  const strings = [statics[0]!];
  const values: unknown[] = [];
  let key = '';
  slots.forEach((slot, i) => {
    const next = statics[i + 1]!;
    switch (slot.kind) {
      case 'child':
        values.push(evaluate(slot.hole, f, 'child'));
        strings.push(next);
        break;
      case 'attr':
        values.push(attributeValue(slot, f));
        strings.push(next);
        break;
      case 'inline': {
        // Only a token made here (a heading level) may become markup; anything else is left out.
        const token = String(evaluate(slot.hole, f, 'text'));
        const safe = slot.hole.type === 'MustacheStatement' && callOf(slot.hole, f).name === 'hinc' && /^[1-6]$/.test(token) ? token : '';
        if (!safe) warnOnce(`template: {{${callOf(slot.hole, f).name}}} inside a tag is not supported (only <h{{hinc}}>); left out`);
        key += `${safe}|`;
        strings[strings.length - 1] += safe + next;
        break;
      }
      case 'drop':
        warnOnce(`template: {{${callOf(slot.hole, f).name}}} in ${slot.where} is not supported; left out`);
        strings[strings.length - 1] += next;
        break;
    }
  });
  return html(authorStrings(program, key, strings), ...values);
}

function programText(program: AST.Program, f: Frame): string {
  let out = '';
  for (const stmt of program.body) {
    if (stmt.type === 'ContentStatement') out += decodeEntities((stmt as AST.ContentStatement).value);
    else if (stmt.type === 'MustacheStatement' || stmt.type === 'BlockStatement') out += String(evaluate(stmt as Hole, f, 'text'));
  }
  return out;
}

/** Attributes whose value is a URL: a computed value must be an http(s) or mailto URL, else the attribute is left out. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'cite', 'poster', 'data', 'background', 'xlink:href', 'ping', 'longdesc', 'usemap', 'manifest', 'codebase']);

function attributeValue(slot: Extract<Slot, { kind: 'attr' }>, f: Frame): unknown {
  const name = slot.name.toLowerCase();
  if (/^on/.test(name) || name === 'style' || name === 'srcdoc' || name === 'srcset' || !/^[a-z][a-z0-9_:.-]*$/.test(name)) {
    warnOnce(`template: a value in the attribute "${name}" is not supported; the attribute is left out`);
    return nothing;
  }
  const text = slot.parts.map((p) => (typeof p === 'string' ? decodeEntities(p) : String(evaluate(p, f, 'text')))).join('');
  if (!URL_ATTRIBUTES.has(name)) return text;
  let absolute: string | undefined;
  try {
    absolute = new URL(text, f.ctx.host.ownerDocument?.baseURI ?? 'http://localhost/').href;
  } catch {
    absolute = undefined;
  }
  return safeHref(absolute) ?? nothing;
}

function evaluate(hole: Hole, f: Frame, mode: Mode): unknown {
  const call = callOf(hole, f);
  if (hole.type === 'MustacheStatement' && f.item && call.params.length === 0) {
    if (ITEM_KEYS.has(call.name)) return f.item[call.name as keyof PropValue];
    if (call.name === 'this' || call.name === '.') return f.item.value;
  }
  const helper = Object.hasOwn(HELPERS, call.name) ? HELPERS[call.name] : undefined;
  if (helper) {
    const out = helper(call, f, mode);
    return mode === 'text' ? (typeof out === 'string' || typeof out === 'number' ? String(out) : '') : out;
  }
  const block = blockOf(call.name, f.ctx);
  if (block) {
    if (mode === 'text') return '';
    return nestedBlock(block.tag, nestedAttributes(block, { ...call.hash }, f.ctx));
  }
  warnOnce(`template: unsupported helper "${call.name}"; it renders nothing`);
  return mode === 'text' ? '' : nothing;
}

function entryLink(call: Call, f: Frame, mode: Mode): unknown {
  if (!f.ctx.entry) return renderProgram(call.program, f, mode);
  const href = entryHref(f.ctx, call.hash.namedclick ?? call.params[0], call.hash.click);
  if (mode === 'text') return href;
  const content = call.program
    ? programMarkup(call.program, f)
    : typeof call.hash.content === 'string' ? contentText(f.ctx, call.hash.content) : entryTitle(f.ctx);
  const cls = typeof call.hash.class === 'string' ? call.hash.class : undefined;
  return cls ? html`<a href=${href} class=${cls}>${content}</a>` : html`<a href=${href}>${content}</a>`;
}

function propName(call: Call): unknown {
  return call.params[0] ?? call.hash.property ?? call.hash.prop;
}

function ifprop(call: Call, f: Frame, mode: Mode): unknown {
  const terms = allTerms(f.ctx, predicates(propName(call)));
  const list = (v: unknown): string[] => String(v).split(',').map((s) => s.trim()).filter(Boolean);
  let matching = terms;
  if (call.hash.uri !== undefined) {
    const uris = new Set(list(call.hash.uri).map(expand));
    matching = terms.filter((t) => t.termType === 'NamedNode' && uris.has(t.value));
  } else if (call.hash.literal !== undefined) {
    const literals = new Set(list(call.hash.literal));
    matching = terms.filter((t) => t.termType === 'Literal' && literals.has(t.value));
  }
  const min = Number(call.hash.min ?? 1);
  let ok = matching.length >= (Number.isFinite(min) && min > 0 ? min : 1);
  if (truthy(call.hash.invert)) ok = !ok;
  return renderProgram(ok ? call.program : call.inverse, f, mode);
}

function eachprop(call: Call, f: Frame, mode: Mode): unknown {
  const limit = Number(call.hash.limit);
  const all = propValues(f.ctx, predicates(propName(call)));
  const values = Number.isFinite(limit) && limit > 0 ? all.slice(0, limit) : all;
  if (values.length === 0) return renderProgram(call.inverse, f, mode);
  const separator = typeof call.hash.separator === 'string' ? call.hash.separator : '';
  // An empty body shows each value's label (what the incumbent rendered by default).
  const one = (item: PropValue): unknown => (call.program?.body.length ? renderProgram(call.program, { ...f, item }, mode) : item.label);
  if (mode === 'text') return values.map(one).join(separator);
  return values.map((item, i) => html`${i > 0 && separator ? separator : nothing}${one(item)}`);
}

function prop(call: Call, f: Frame): unknown {
  const v = propValues(f.ctx, predicates(propName(call)))[0];
  if (!v) return typeof call.hash.fallback === 'string' ? call.hash.fallback : '';
  switch (call.hash.render) {
    case 'label':
      return v.label;
    case 'md5':
      return v.md5;
    case 'description':
      return v.description;
    case 'lang':
      return v.lang;
    default:
      return v.type === 'literal' ? v.label : v.value;
  }
}

const HELPERS: Readonly<Record<string, Helper>> = {
  text: (call, f) => entryText(f.ctx, call.hash),
  link: entryLink,
  namedclick: entryLink,
  prop: (call, f) => prop(call, f),
  eachprop,
  ifprop,
  resourceURI: (_, f) => f.ctx.entry?.resourceUri ?? '',
  entryURI: (_, f) => f.ctx.entry?.entryUri ?? '',
  metadataURI: (_, f) => {
    const e = f.ctx.entry;
    return e ? `${f.ctx.store.baseUrl}${e.contextId}/metadata/${e.entryId}` : '';
  },
  body: (_, f, mode) => (mode === 'text' ? '' : f.ctx.body ?? nothing),
  resultsize: (_, f) => (typeof f.ctx.resultsize === 'number' ? formatNumber(f.ctx.resultsize, f.ctx.lang) : ''),
  nls: (call, f) => {
    const key = String(call.params[0] ?? call.hash.key ?? '');
    const text = key ? msg(f.ctx.lang, key) : '';
    return text === key && typeof call.hash.fallback === 'string' ? call.hash.fallback : text;
  },
  hinc: (call, f) => String(Math.min(6, Math.max(1, Math.trunc(f.ctx.hl) + (Number(call.params[0]) || 1)))),
};

/** A program rendered for a context (the entry point of index.ts). */
export function interpret(program: AST.Program, ctx: TemplateContext): TemplateResult {
  return programMarkup(program, { ctx });
}

/** Helpers that read the current entry (a template without them needs no entry). */
export const ENTRY_HELPERS: ReadonlySet<string> = new Set([
  'text', 'link', 'namedclick', 'prop', 'eachprop', 'ifprop', 'resourceURI', 'entryURI', 'metadataURI', 'distributionList', 'viewMetadata',
  'image', 'slider', 'expand', 'autoVisualizations',
]);
