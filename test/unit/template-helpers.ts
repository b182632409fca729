// Shared by the template unit tests: an entry in memory, a context, and a serializer of Lit results that escapes
// values the way Lit's DOM commit would (text and attribute values never become markup), so assertions read HTML.
import { Graph, literal, namedNode, type Term } from '../../src/rdf/graph.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import type { TemplateContext } from '../../src/legacy/template/index.ts';

export const DCT = 'http://purl.org/dc/terms/';
export const DCAT = 'http://www.w3.org/ns/dcat#';
export const STORE = 'https://store.example.org/store/';

export function entryOf(props: ReadonlyArray<readonly [string, Term | string]>, uri = 'https://data.example.org/ds/1'): StoreEntry {
  const metadata = new Graph();
  for (const [p, o] of props) metadata.add(namedNode(uri), p, typeof o === 'string' ? namedNode(o) : o);
  return {
    contextId: '7', entryId: '42', resourceUri: uri, metadata, info: new Graph(), relations: new Graph(),
    entryUri: `${STORE}7/entry/42`,
  };
}
export { literal };

/** A host element stand-in (node has no DOM): attributes only. */
export function hostWith(attrs: Record<string, string> = {}): Element {
  return { getAttribute: (n: string) => attrs[n] ?? null, ownerDocument: undefined } as unknown as Element;
}

export function ctxOf(over: Partial<TemplateContext> = {}): TemplateContext {
  return {
    lang: 'en', params: {}, page: {}, hl: 2, host: hostWith(),
    store: { baseUrl: STORE } as TemplateContext['store'],
    ...over,
  };
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** HTML of a Lit value as the DOM would hold it (values escaped; `nothing` empty; nested elements as `<tag attrs>`). */
export function toHtml(value: unknown): string {
  if (value === null || value === undefined || typeof value === 'symbol') return '';
  if (Array.isArray(value)) return value.map(toHtml).join('');
  if (typeof value === 'object') {
    const v = value as { strings?: readonly string[]; values?: readonly unknown[]; _$litDirective$?: unknown };
    if (v._$litDirective$) {
      const [tag, attrs] = v.values as [string, Record<string, string>];
      return `<${tag}${Object.entries(attrs).map(([k, a]) => ` ${k}="${esc(a)}"`).join('')}></${tag}>`;
    }
    if (v.strings) {
      let out = v.strings[0]!;
      v.values!.forEach((x, i) => (out += toHtml(x) + v.strings![i + 1]));
      return out;
    }
  }
  return esc(String(value));
}

/** Captures console.warn while `fn` runs. */
export function warnings(fn: () => void): string[] {
  const seen: string[] = [];
  const orig = console.warn;
  console.warn = (...a: unknown[]) => void seen.push(a.map(String).join(' '));
  try {
    fn();
  } finally {
    console.warn = orig;
  }
  return seen;
}
