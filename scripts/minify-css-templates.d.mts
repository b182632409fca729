/** The minified text of one Lit `css` template (the part between the backticks). */
export function minifyCssTemplateText(text: string): string;
/** `code` with every `css` template minified (unchanged when there is none). */
export function minifyCssTemplates(code: string): string;
