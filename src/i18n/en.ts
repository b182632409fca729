/**
 * Every English UI string (`{name}` marks a substitution), for tests and tools. Blocks never import this file: the
 * browser loads the two parts, landing/en.ts (what a landing page needs) and search/en.ts (the rest), as chunks.
 */
import { enLanding } from './landing/en.ts';
import { enSearch } from './search/en.ts';

export const en = { ...enLanding, ...enSearch } as const;

export type MessageKey = keyof typeof en;
export type Messages = Readonly<Record<MessageKey, string>>;
