/**
 * The RDForms presenter: an entry's graph + a template id (templates.ts) → the fields a reader sees, in template
 * order, with labels in the UI language and values read the way the landing pages read them (src/dcat/read-values.ts:
 * language-picked literals, dates, safe links, vocabulary labels, agents and contact points), nested groups (time
 * period, bounding box, address …) as sub-fields. Fields without values are left out, and so are the fields of the
 * properties a page filters (`filterpredicates`, at every level, as the incumbent does). Plain data, no DOM; a lazy
 * chunk with the table (pages without templates never load either).
 */
import type { Term } from '../rdf/graph.ts';
import { expand, NS } from '../rdf/namespaces.ts';
import { msg, type Lang } from '../i18n/index.ts';
import { formatBytes } from '../i18n/format.ts';
import type { StoreEntry } from '../store/types.ts';
import type { Value } from '../dcat/model.ts';
import { resourceTerm } from '../dcat/entry.ts';
import { entryKind } from '../dcat/kind.ts';
import { isLiteral, LABEL_PROPERTIES, TITLE_PROPERTIES, toText, type Node } from '../dcat/read.ts';
import { dateValue, dedupe, lexicalPrecision, textValue, ValueReader } from '../dcat/read-values.ts';
import { mailtoHref } from '../dcat/safe.ts';
import { describeCoverage, parseGeometry } from '../dcat/spatial.ts';
import { vocabLabel } from '../dcat/vocab.ts';
import { fieldsOf, type FieldDef } from './templates.ts';

export interface PresentedField {
  /** The template item id. */
  readonly id: string;
  readonly property: string;
  /** The label in the UI language. */
  readonly label: string;
  readonly values: readonly PresentedValue[];
}

/** A value, or a described node (a period, a place, an address) as its own fields. */
export type PresentedValue = Value | { readonly kind: 'group'; readonly fields: readonly PresentedField[] };

export interface Presentation {
  readonly fields: readonly PresentedField[];
  /** Ids of the list that no template or field of the table has. */
  readonly unknown: readonly string[];
}

export interface PresentOptions {
  readonly lang: Lang;
  /** Properties whose fields are left out: a comma list of prefixed names or IRIs (`dcterms:title,dcat:keyword`). */
  readonly filterPredicates?: string | null;
}

interface Ctx {
  readonly r: ValueReader;
  readonly lang: Lang;
  readonly skip: ReadonlySet<string>;
}

/** `dcterms:title, dcat:keyword` → their full IRIs. */
export function predicateSet(list: string | null | undefined): Set<string> {
  return new Set((list ?? '').split(',').map((s) => s.trim()).filter(Boolean).map(expand));
}

/**
 * The fields `ids` (one template id, or a comma list of template and field ids) show for `entry`. `related`: the
 * entries its linked resources resolved to (publisher, contact point, distributions), as the landing pages look them
 * up. A group template that has a property of its own (`dcat:contactPoint`, `dcat:foaf:Agent`), named alone for an
 * entry without that property, describes the entry itself: a contact point's or agent's own page.
 */
export function presentTemplate(entry: StoreEntry, related: ReadonlyMap<string, StoreEntry>, ids: string, opts: PresentOptions): Presentation {
  const ctx: Ctx = { r: new ValueReader(entry.metadata, related, opts.lang), lang: opts.lang, skip: predicateSet(opts.filterPredicates) };
  const unknown: string[] = [];
  const defs: FieldDef[] = [];
  for (const id of ids.split(',').map((s) => s.trim()).filter(Boolean)) {
    const found = fieldsOf(id);
    if (found) defs.push(...found);
    else unknown.push(id);
  }
  const self: Node = { graph: entry.metadata, term: resourceTerm(entry) };
  const fields = presentFields(defs, self, ctx);
  const only = defs.length === 1 ? defs[0]! : undefined;
  if (fields.length === 0 && only?.items && ctx.r.objects(self, only.property).length === 0 && !ctx.skip.has(only.property)) {
    const own = presentFields(only.items, self, ctx);
    if (own.length) return { fields: [field(only, [{ kind: 'group', fields: own }], ctx)], unknown };
  }
  return { fields, unknown };
}

const field = (def: FieldDef, values: readonly PresentedValue[], ctx: Ctx): PresentedField =>
  ({ id: def.id, property: def.property, label: msg(ctx.lang, `rf.${def.label}`), values });

function presentFields(defs: readonly FieldDef[], n: Node, ctx: Ctx): PresentedField[] {
  const out: PresentedField[] = [];
  for (const def of defs) {
    if (ctx.skip.has(def.property)) continue;
    const values = valuesOf(def, n, ctx);
    if (values.length) out.push(field(def, values, ctx));
  }
  return out;
}

function valuesOf(def: FieldDef, n: Node, ctx: Ctx): PresentedValue[] {
  const { r } = ctx;
  const objects = r.objects(n, def.property).filter((o) => !def.only || o.termType === def.only);
  if (objects.length === 0) return [];
  if (def.kind === 'group') {
    return objects.flatMap((o): PresentedValue[] => {
      if (isLiteral(o)) return o.value.trim() ? [{ kind: 'text', text: toText(o) }] : [];
      const inner = presentFields(def.items ?? [], r.node(o, n.graph), ctx);
      return inner.length ? [{ kind: 'group', fields: inner }] : [];
    });
  }
  if (def.kind === 'text') {
    // every literal of the best language group (a keyword list in the UI language), other values as they come
    return dedupe([...r.textValues(n, def.property), ...objects.filter((o) => !isLiteral(o)).map((o) => r.value(o, n.graph))]);
  }
  if (def.kind === 'contact') return dedupe(objects.flatMap((o) => r.contactValues(o, n.graph)));
  return dedupe(objects.map((o) => leafValue(def, o, n, ctx)));
}

/** The literal value of a node written as `[ vcard:hasValue … ]` or as the value itself. */
function plain(t: Term, n: Node, ctx: Ctx): string | undefined {
  const v = t.termType === 'BlankNode' ? ctx.r.objects(ctx.r.node(t, n.graph), `${NS.vcard}hasValue`)[0]?.value : t.value;
  return v?.trim() || undefined;
}

function leafValue(def: FieldDef, o: Term, n: Node, ctx: Ctx): Value | undefined {
  const { r, lang } = ctx;
  switch (def.kind) {
    case 'literal':
      if (isLiteral(o)) return o.value.trim() ? { kind: 'text', text: toText(o) } : undefined;
      if (o.termType === 'BlankNode') {
        // an identifier node (adms:Identifier) reads by its notation
        const t = r.text(r.node(o, n.graph), [`${NS.skos}notation`, ...LABEL_PROPERTIES]);
        return t && { kind: 'text', text: t };
      }
      return r.value(o, n.graph);
    case 'date': {
      if (!isLiteral(o)) return r.value(o, n.graph);
      const precision = lexicalPrecision(o.value);
      return dateValue(o) ?? (precision ? { kind: 'date', value: o.value.trim(), precision } : r.value(o, n.graph));
    }
    case 'link':
      return r.value(o, n.graph, { url: true });
    case 'choice': {
      const own = def.choices?.[o.value];
      if (own) return textValue(msg(lang, `rf.${own}`), lang);
      const known = o.termType === 'NamedNode' ? vocabLabel(o.value, lang) : undefined;
      return known ? textValue(known, lang) : r.value(o, n.graph);
    }
    case 'entry': {
      const entry = r.entryOf(o);
      if (entry && entryKind(entry) !== 'other') return r.entryValue(o, n.graph);
      if (!entry) return r.value(o, n.graph);
      // a distribution (or another entry without a page of its own) by its title, else its description
      const node = r.node(o, n.graph);
      const t = r.text(node, TITLE_PROPERTIES) ?? r.text(node, [`${NS.dcterms}description`]) ?? r.display(o, n.graph);
      return t && { kind: 'text', text: t };
    }
    case 'agent':
      return isLiteral(o) ? r.value(o, n.graph) : r.agentValue(o, n.graph);
    case 'email': {
      const href = mailtoHref(plain(o, n, ctx));
      return href ? { kind: 'link', text: { value: href.slice('mailto:'.length), lang: '' }, href } : undefined;
    }
    case 'tel': {
      const number = plain(o, n, ctx)?.replace(/^tel:/i, '').trim();
      return number ? textValue(number) : undefined;
    }
    case 'geometry': {
      // never the WKT itself (it can be megabytes): the box or point in words
      const c = isLiteral(o) ? parseGeometry(o.value, o.datatype) : undefined;
      const w = (k: string) => msg(lang, `rf.${k}`);
      const words = { west: w('west'), south: w('south'), east: w('east'), north: w('north'), longitude: w('longitude'), latitude: w('latitude') };
      return c ? textValue(describeCoverage(c, words, lang), lang) : undefined;
    }
    case 'bytes': {
      const bytes = isLiteral(o) ? Number(o.value.trim()) : NaN;
      return Number.isFinite(bytes) && bytes >= 0 ? textValue(formatBytes(bytes, lang), lang) : r.value(o, n.graph);
    }
    default:
      return r.value(o, n.graph);
  }
}
