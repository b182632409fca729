/** `code` (TypeScript) with the whitespace of every Lit `html` template reduced (see the .mjs). */
export function minifyHtmlTemplates(code: string, fileName?: string): string;
