/** One console warning per distinct message (a template renders many times; the page author needs to read it once). */
const told = new Set<string>();

export function warnOnce(message: string): void {
  if (told.has(message)) return;
  told.add(message);
  console.warn(`[catalog-blocks] ${message}`);
}

/** For tests: forget which warnings were given. */
export function resetTemplateWarnings(): void {
  told.clear();
}
