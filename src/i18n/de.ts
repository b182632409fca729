/** Every German UI string, for tests and tools (see ./en.ts). */
import type { Messages } from './en.ts';
import { deCore } from './core.ts';
import { deLanding } from './landing/de.ts';
import { deSearch } from './search/de.ts';
import { deShared } from './shared/de.ts';

export const de: Messages = { ...deCore, ...deShared, ...deLanding, ...deSearch };
