/**
 * What the template helpers read from the current entry: its title, the values of a property (literals in the
 * best language, URIs with a label), as plain strings. Everything returned here is DATA: the interpreter only ever
 * puts it into Lit values (escaped text, checked attributes).
 */
import type { Term } from '../../rdf/graph.ts';
import { pickLiteral, pickLiterals } from '../../rdf/literal.ts';
import { expand, NS } from '../../rdf/namespaces.ts';
import { LABEL_PROPERTIES, TITLE_PROPERTIES, toText, uriTail } from '../../dcat/read.ts';
import { vocabLabel } from '../../dcat/vocab.ts';
import { md5Hex } from '../../store/hash.ts';
import type { StoreEntry } from '../../store/types.ts';
import type { TemplateContext } from './context.ts';

/** One value of a property, as `eachprop` exposes it (`{{value}}`, `{{label}}`, `{{description}}`, `{{md5}}`…). */
export interface PropValue {
  readonly value: string;
  readonly label: string;
  readonly description: string;
  readonly md5: string;
  /** Language tag of a literal ('' otherwise). */
  readonly lang: string;
  readonly type: 'uri' | 'literal' | 'blank';
}

/** `"dcat:theme, dcterms:subject"` → full IRIs. */
export function predicates(names: unknown): string[] {
  return typeof names === 'string' ? names.split(',').map((n) => n.trim()).filter(Boolean).map(expand) : [];
}

/** Every object of the entry's resource for these predicates (all languages). */
export function allTerms(ctx: TemplateContext, preds: readonly string[]): Term[] {
  const e = ctx.entry;
  return e ? preds.flatMap((p) => e.metadata.objects(e.resourceUri, p)) : [];
}

function firstLiteral(ctx: TemplateContext, entry: StoreEntry | undefined, subject: Term | string, preds: readonly string[]): string | undefined {
  const graph = entry?.metadata;
  if (!graph) return undefined;
  for (const p of preds) {
    const hit = pickLiteral(graph.objects(subject, p).filter((t) => t.termType === 'Literal'), ctx.lang);
    if (hit) return toText(hit).value; // the one way a literal becomes text (read limit, no HTML-forbidden characters)
  }
  return undefined;
}

/**
 * The page's `labelProperties` (the incumbent's key: the properties that name a resource, e.g. `['schema:name']`), as
 * full IRIs: read before the standard title and label properties, which stay the fallback.
 */
function pageLabelProperties(ctx: TemplateContext): string[] {
  const raw = (ctx.page as TemplateContext['page'] | undefined)?.labelProperties; // (a context built without a page)
  const list: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  return list.filter((p): p is string => typeof p === 'string' && p.trim() !== '').map((p) => expand(p.trim()));
}
const titleProperties = (ctx: TemplateContext): readonly string[] => [...pageLabelProperties(ctx), ...TITLE_PROPERTIES];

/** Title of the current entry in the UI language ('' when it has none). */
export function entryTitle(ctx: TemplateContext): string {
  return firstLiteral(ctx, ctx.entry, ctx.entry?.resourceUri ?? '', titleProperties(ctx)) ?? '';
}

/** The first value (best language) of `pred` on the current entry's resource, as text ('' when none). */
export function firstValue(ctx: TemplateContext, pred: string): string {
  return propValues(ctx, [expand(pred)])[0]?.label ?? '';
}

/**
 * A resource's label: a related entry's title, a label in the entry's own graph, a bundled vocabulary, the bundled
 * concept it is `skos:exactMatch`, its code (the URI's tail, as written).
 */
function labelOf(ctx: TemplateContext, t: Term): string {
  if (t.termType === 'NamedNode') {
    const rel = ctx.related?.get(t.value);
    const own = rel && firstLiteral(ctx, rel, t.value, titleProperties(ctx));
    if (own) return own;
  }
  return firstLiteral(ctx, ctx.entry, t, [...pageLabelProperties(ctx), ...LABEL_PROPERTIES])
    ?? (t.termType === 'NamedNode' ? vocabLabel(t.value, ctx.lang) ?? sameAsLabel(ctx, t) ?? uriTail(t.value) : '');
}

/** The label of a bundled concept the metadata says a resource is (`skos:exactMatch`: a licence that is CC0). */
function sameAsLabel(ctx: TemplateContext, t: Term): string | undefined {
  const same = ctx.entry?.metadata.objects(t, `${NS.skos}exactMatch`) ?? [];
  return same.map((o) => (o.termType === 'NamedNode' ? vocabLabel(o.value, ctx.lang) : undefined)).find(Boolean);
}

function descriptionOf(ctx: TemplateContext, t: Term): string {
  const desc = [`${NS.dcterms}description`, `${NS.skos}definition`];
  const rel = t.termType === 'NamedNode' ? ctx.related?.get(t.value) : undefined;
  return (rel && firstLiteral(ctx, rel, t.value, desc)) ?? firstLiteral(ctx, ctx.entry, t, desc) ?? '';
}

/** The values of `preds`: literals of the best language (plus untagged ones), every URI and blank node. */
export function propValues(ctx: TemplateContext, preds: readonly string[]): PropValue[] {
  const terms = allTerms(ctx, preds);
  const literals = new Set(pickLiterals(terms.filter((t) => t.termType === 'Literal'), ctx.lang));
  return terms
    .filter((t) => t.termType !== 'Literal' || literals.has(t))
    .map((t) => {
      const literal = t.termType === 'Literal';
      const text = literal ? toText(t).value : '';
      return {
        value: t.termType === 'BlankNode' ? '' : literal ? text : t.value,
        label: literal ? text : labelOf(ctx, t),
        description: literal ? '' : descriptionOf(ctx, t),
        md5: md5Hex(t.value),
        lang: t.language ?? '',
        type: literal ? 'literal' : t.termType === 'NamedNode' ? 'uri' : 'blank',
      };
    });
}

/** The built-in names of `content` (the incumbent's `${title}`, `${description}`, `${label}`). */
const BUILT_IN: Readonly<Record<string, (ctx: TemplateContext) => string>> = {
  title: entryTitle,
  label: entryTitle,
  description: (ctx) => firstValue(ctx, `${NS.dcterms}description`),
};

/**
 * `content="${dcterms:description} (${dcterms:identifier|no id})"`: each `${name}` replaced by the first value (best
 * language) of that property, `${name|text}` by `text` when it has none; `${title}`, `${label}` and `${description}`
 * are built in. The result is text (the caller puts it into a Lit value).
 */
export function contentText(ctx: TemplateContext, content: string): string {
  return content.replace(/\$\{([^}|]*)(?:\|([^}]*))?\}/g, (_, raw: string, fallback: string | undefined) => {
    const name = raw.trim();
    const value = Object.hasOwn(BUILT_IN, name) ? BUILT_IN[name]!(ctx) : name ? firstValue(ctx, expand(name)) : '';
    return value || (fallback ?? '');
  });
}

/**
 * What the `text` helper and block show: `content` filled in, else the first value of `property`, else the title;
 * `fallback` when that is empty.
 */
export function entryText(ctx: TemplateContext, opts: { content?: unknown; property?: unknown; fallback?: unknown }): string {
  const shown = typeof opts.content === 'string' && opts.content
    ? contentText(ctx, opts.content)
    : typeof opts.property === 'string' && opts.property
      ? propValues(ctx, predicates(opts.property))[0]?.label ?? ''
      : entryTitle(ctx);
  return shown.trim() ? shown : typeof opts.fallback === 'string' ? opts.fallback : '';
}
