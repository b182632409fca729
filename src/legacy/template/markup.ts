/**
 * The page author's template markup → the pieces of a Lit template. The static HTML of a Handlebars program (its
 * ContentStatements) is trusted page-author markup; every mustache is a hole whose value is decided at render time.
 * Where the hole sits in the HTML decides what it may become, so a small tokenizer follows the markup:
 * - in text: a child binding (Lit escapes text; nested templates and elements go there too);
 * - in an attribute value: the WHOLE attribute becomes one attribute binding whose value the interpreter computes
 *   (static parts of the value included), so a URL attribute can be judged as a whole (`href="{{x}}"` with
 *   `x = "javascript:…"` is dropped);
 * - inside a tag but outside a value (`<h{{hinc}}>`): only a value the interpreter knows to be a safe token (a
 *   heading level) is written into the markup; anything else is dropped;
 * - in a comment or in `<script>`/`<style>`/`<textarea>`/`<title>`: dropped (never markup, never script).
 * No metadata value ever becomes part of the strings Lit parses as HTML (see template-strings.ts).
 */
import type { AST } from '@handlebars/parser';
import { warnOnce } from './warn.ts';

export type Hole = AST.MustacheStatement | AST.BlockStatement;

export type Slot =
  | { readonly kind: 'child'; readonly hole: Hole }
  | { readonly kind: 'attr'; readonly name: string; readonly parts: readonly (string | Hole)[] }
  | { readonly kind: 'inline'; readonly hole: Hole }
  | { readonly kind: 'drop'; readonly hole: Hole; readonly where: string };

/** Static markup and slots in document order; `statics.length === slots.length + 1`. */
export interface Compiled {
  readonly statics: readonly string[];
  readonly slots: readonly Slot[];
}

type State =
  | 'text' | 'tagOpen' | 'tagName' | 'tag' | 'attrName' | 'afterAttrName' | 'beforeValue'
  | 'valueDq' | 'valueSq' | 'valueUq' | 'comment' | 'raw';

const RAW = new Set(['script', 'style', 'textarea', 'title']);

/** Decodes the character references a static attribute value may hold (it no longer goes through the HTML parser). */
export function decodeEntities(s: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return named[ref.toLowerCase()] ?? whole;
  });
}

const cache = new WeakMap<AST.Program, Compiled>();

/** The pieces of one program (each block's inner program is compiled on its own, starting in text). */
export function compileProgram(program: AST.Program): Compiled {
  let done = cache.get(program);
  if (!done) cache.set(program, (done = compile(program)));
  return done;
}

function compile(program: AST.Program): Compiled {
  const statics: string[] = [];
  const slots: Slot[] = [];
  let out = '';
  let state = 'text' as State;
  let tagName = '';
  let closing = false;
  let attrName = '';
  let rawEnd = '';
  // The value of the attribute being read: its static text and holes (flushed when the value ends).
  let value: (string | Hole)[] = [];
  let quote = '';

  const slot = (s: Slot): void => {
    statics.push(out);
    out = '';
    slots.push(s);
  };
  const pushValue = (c: string): void => {
    const last = value.length - 1;
    if (typeof value[last] === 'string') value[last] += c;
    else value.push(c);
  };
  const endValue = (): void => {
    const holes = value.filter((v): v is Hole => typeof v !== 'string');
    // `.prop=`, `?bool=`, `@event=` are Lit's binding syntax: never give them a value (a property or a listener).
    if (holes.length && /^[.?@]/.test(attrName)) holes.forEach((hole) => slot({ kind: 'drop', hole, where: `the attribute ${attrName}` }));
    else if (holes.length) slot({ kind: 'attr', name: attrName, parts: value });
    else out += value.join('');
    value = [];
    out += quote;
  };

  const feed = (text: string): void => {
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      switch (state) {
        case 'text':
          out += c;
          if (c === '<') state = 'tagOpen';
          break;
        case 'tagOpen':
          out += c;
          if (c === '!' && text.startsWith('--', i + 1)) {
            out += '--';
            i += 2;
            state = 'comment';
          } else if (c === '/') closing = true;
          else if (/[a-z]/i.test(c)) {
            tagName = c.toLowerCase();
            state = 'tagName';
          } else {
            closing = false;
            state = 'text';
          }
          break;
        case 'tagName':
          out += c;
          if (/[\s/>]/.test(c)) {
            state = c === '>' ? endTag() : 'tag';
          } else tagName += c.toLowerCase();
          break;
        case 'tag':
          out += c;
          if (c === '>') state = endTag();
          else if (!/[\s/]/.test(c)) {
            attrName = c;
            state = 'attrName';
          }
          break;
        case 'attrName':
          out += c;
          if (c === '=') state = 'beforeValue';
          else if (c === '>') state = endTag();
          else if (/\s/.test(c)) state = 'afterAttrName';
          else attrName += c;
          break;
        case 'afterAttrName':
          out += c;
          if (c === '=') state = 'beforeValue';
          else if (c === '>') state = endTag();
          else if (!/\s/.test(c)) {
            attrName = c;
            state = 'attrName';
          }
          break;
        case 'beforeValue':
          if (/\s/.test(c)) out += c;
          else if (c === '"' || c === "'") {
            out += c;
            quote = c;
            state = c === '"' ? 'valueDq' : 'valueSq';
          } else if (c === '>') {
            out += c;
            state = endTag();
          } else {
            quote = '';
            pushValue(c);
            state = 'valueUq';
          }
          break;
        case 'valueDq':
        case 'valueSq':
          if (c === quote) {
            endValue();
            state = 'tag';
          } else pushValue(c);
          break;
        case 'valueUq':
          if (/[\s>]/.test(c)) {
            endValue();
            out += c;
            state = c === '>' ? endTag() : 'tag';
          } else pushValue(c);
          break;
        case 'comment':
          out += c;
          if (out.endsWith('-->')) state = 'text';
          break;
        case 'raw':
          out += c;
          if (out.toLowerCase().endsWith(rawEnd)) state = 'text';
          break;
      }
    }
  };
  function endTag(): State {
    const wasClosing = closing;
    closing = false;
    if (!wasClosing && RAW.has(tagName)) {
      rawEnd = `</${tagName}`;
      return 'raw';
    }
    return 'text';
  }

  for (const stmt of program.body) {
    if (stmt.type === 'ContentStatement') feed((stmt as AST.ContentStatement).value);
    else if (stmt.type === 'MustacheStatement' || stmt.type === 'BlockStatement') {
      const hole = stmt as Hole;
      switch (state) {
        case 'text':
          slot({ kind: 'child', hole });
          break;
        case 'valueDq':
        case 'valueSq':
        case 'valueUq':
          value.push(hole);
          break;
        case 'beforeValue':
          // `name={{x}}`: an unquoted value made of the hole.
          quote = '';
          value.push(hole);
          state = 'valueUq';
          break;
        case 'tagName':
        case 'tagOpen':
          if (state === 'tagOpen') state = 'tagName';
          slot({ kind: 'inline', hole });
          break;
        case 'comment':
          slot({ kind: 'drop', hole, where: 'a comment' });
          break;
        case 'raw':
          slot({ kind: 'drop', hole, where: `<${tagName}>` });
          break;
        default:
          slot({ kind: 'drop', hole, where: 'a tag (outside an attribute value)' });
      }
    }
    else if (stmt.type !== 'CommentStatement') {
      // Partials (`{{> name}}`) and decorators: templates of the page are self-contained; said once, left out.
      warnOnce(`template: ${/Partial/.test(stmt.type) ? 'partials ({{> …}})' : 'decorators'} are not supported; left out`);
    }
  }
  if (state === 'valueDq' || state === 'valueSq' || state === 'valueUq') endValue();
  statics.push(out);
  return { statics, slots };
}
