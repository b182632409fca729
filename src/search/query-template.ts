/**
 * The page's `query` template (the incumbent's key, issue 26): the Solr fields a term is looked for in, each with a
 * match type — `term` (1), `term+` (2: a prefix), `term*` (3: the term or a prefix), `+term`, `*term`, `+term+`,
 * `*term*` — and a boost (`"term*,2"` or `{ type, boost }`). Without one: title, description and tag.literal
 * (./query.ts). The template's `includes` / `excludes` patterns are not supported (one warning). Part of the lazy
 * reader of the page's search keys (./page-keys.ts).
 */
import { warnOnce } from '../config/warn.ts';
import { escapeValue } from '../store/query.ts';
import { termTemplate } from './query.ts';

interface TermField {
  readonly field: string;
  readonly type: string;
  readonly boost: string;
}
const TYPES_BY_NUMBER = ['term', 'term', 'term+', 'term*'];

/** Reads the page's `query` template (see TermField); anything else: the default fields. */
export function useQueryTemplate(raw: unknown): void {
  termTemplate.clause = undefined;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return;
  const out: TermField[] = [];
  for (const [field, v] of Object.entries(raw as Record<string, unknown>)) {
    const o = (typeof v === 'object' && v ? v : {}) as { type?: unknown; boost?: unknown; includes?: unknown; excludes?: unknown };
    if (!/^[\w.]+$/.test(field)) {
      warnOnce(`[catalog-blocks] query: "${field}" is not a search field name; it is left out`);
      continue;
    }
    if (o.includes || o.excludes) warnOnce('[catalog-blocks] query: "includes" / "excludes" patterns are not supported; the field is always searched');
    const [type = 'term', boost = ''] = typeof v === 'number' ? [TYPES_BY_NUMBER[v]] : typeof v === 'string' ? v.replace('^', '').split(',')
      : [String(o.type ?? 'term'), String(o.boost ?? '')];
    out.push({ field, type: type.trim(), boost: /^\d+(\.\d+)?$/.test(boost.trim()) ? `^${boost.trim()}` : '' });
  }
  if (out.length) {
    termTemplate.clause = (token) => `(${out.flatMap((f) => patterns(f.type, escapeValue(token)).map((p) => `${f.field}:${p}${f.boost}`)).join(' OR ')})`;
  }
}

/** The patterns of one match type (`*` wildcards around the escaped token). */
function patterns(type: string, v: string): string[] {
  switch (type) {
    case 'term*': return [`${v}*`, v];
    case 'term+': return [`${v}*`];
    case '*term': return [`*${v}`, v];
    case '+term': return [`*${v}`];
    case '*term*': return [`*${v}`, `${v}*`, `*${v}*`, v];
    case '+term+': return [`*${v}*`];
    default: return [v];
  }
}

