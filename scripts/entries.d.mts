export const root: string;
export function blockNames(): string[];
export function npmEntries(): Record<string, string>;
/** Every `customElements.define('tag', …)` under blocks/ → the absolute path of the file that runs it. */
export function blockTagFiles(): Map<string, string>;
