/**
 * The part of papaparse the data preview uses (src/preview/csv-stream.ts). @types/papaparse references Node's
 * types, which would bring `node:*` modules and Node globals into the browser program (tsconfig.browser.json maps
 * `papaparse` here so that a Node import in browser code still fails the type-check).
 */
export interface ParserConfig {
  delimiter?: string;
  newline?: '\r' | '\n' | '\r\n';
  quoteChar?: string;
}
export interface ParseResult {
  data: unknown[];
  errors: unknown[];
  meta: { cursor: number; delimiter: string; linebreak: string; aborted: boolean; truncated: boolean };
}
export declare class Parser {
  constructor(config: ParserConfig);
  /** Parses `input`; with `ignoreLastRow` the last, possibly incomplete row is left for the next call. */
  parse(input: string, baseIndex: number, ignoreLastRow: boolean): ParseResult;
}
declare const papa: { Parser: typeof Parser };
export default papa;
