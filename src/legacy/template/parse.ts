/**
 * Template source → Handlebars AST with `@handlebars/parser` (the parser of Handlebars itself, no compiler: nothing
 * here turns text into code). Parsed once per source text; a source that does not parse renders nothing and warns once.
 */
import { parse, type AST } from '@handlebars/parser';
import { warnOnce } from './warn.ts';

const parsed = new Map<string, AST.Program | null>();

export function parseTemplate(source: string): AST.Program | undefined {
  let program = parsed.get(source);
  if (program === undefined) {
    try {
      program = parse(source);
    } catch (e) {
      warnOnce(`template could not be parsed (${(e as Error).message.split('\n')[0]}); it renders nothing`);
      program = null;
    }
    parsed.set(source, program);
  }
  return program ?? undefined;
}

/** Every helper name a program uses (mustaches, blocks and sub-expressions, nested programs included). */
export function helperNames(program: AST.Program, into = new Set<string>()): Set<string> {
  for (const stmt of program.body) {
    if (stmt.type !== 'MustacheStatement' && stmt.type !== 'BlockStatement') continue;
    const s = stmt as AST.MustacheStatement | AST.BlockStatement;
    if (s.path.type === 'PathExpression') into.add((s.path as AST.PathExpression).original);
    if (s.type === 'BlockStatement') {
      const b = s as AST.BlockStatement;
      if (b.program) helperNames(b.program, into);
      if (b.inverse) helperNames(b.inverse, into);
    }
  }
  return into;
}
