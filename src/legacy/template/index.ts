/**
 * Custom templates of EntryScape Blocks pages (issue 10, point 4): `htemplate`/`template`, row and list templates,
 * result templates. Handlebars source is parsed by `@handlebars/parser` and INTERPRETED into Lit templates: no eval,
 * no `new Function`, no `innerHTML`/`unsafeHTML` of anything, so a strict CSP (no 'unsafe-eval', Trusted Types with
 * only Lit's policy) still holds. How the author's markup becomes DOM: template-strings.ts. This module and what it
 * imports form ONE lazy chunk, loaded only when a block has a template parameter (see param.ts).
 */
import { html, type TemplateResult } from 'lit';
import type { TemplateContext } from './context.ts';
import { ENTRY_HELPERS, interpret } from './interpret.ts';
import { helperNames, parseTemplate } from './parse.ts';

export type { TemplateContext } from './context.ts';
export { resetTemplateWarnings } from './warn.ts';
export { listBody, listEmpty, listRow, resultsTemplate } from './lists.ts';

/** `source` rendered for `ctx` (parsed once per source; a source that does not parse renders nothing and warns once). */
export function renderTemplate(source: string, ctx: TemplateContext): TemplateResult {
  const program = parseTemplate(source);
  return program ? interpret(program, ctx) : html``;
}

/** True when the template reads the current entry (`text`, `prop`, `link`, `distributionList` …). */
export function templateUsesEntry(source: string): boolean {
  const program = parseTemplate(source);
  return !!program && [...helperNames(program)].some((n) => ENTRY_HELPERS.has(n));
}
