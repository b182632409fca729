export const root: string;
export function blockNames(): string[];
export function npmEntries(): Record<string, string>;
