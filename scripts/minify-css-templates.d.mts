/**
 * The minified text of one Lit `css` template (the part between the backticks) and how many line breaks it lost (0 when
 * the text is returned as written).
 */
export function minifyCssTemplateText(text: string): { text: string; removedBreaks: number };
/** `code` with every `css` template minified, its line breaks put after it (unchanged when there is none). */
export function minifyCssTemplates(code: string): string;
