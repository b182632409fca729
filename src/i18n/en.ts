/**
 * Every English UI string (`{name}` marks a substitution), for tests and tools. Blocks never import this file: the
 * browser loads core.ts with the blocks and the parts as chunks: shared/en.ts (what every page shows), landing/en.ts
 * (landing renderings) and search/en.ts (search blocks).
 */
import { enCore } from './core.ts';
import { enLanding } from './landing/en.ts';
import { enSearch } from './search/en.ts';
import { enShared } from './shared/en.ts';

export const en = { ...enCore, ...enShared, ...enLanding, ...enSearch } as const;

export type MessageKey = keyof typeof en;
export type Messages = Readonly<Record<MessageKey, string>>;
