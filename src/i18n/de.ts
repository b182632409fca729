/** Every German UI string, for tests and tools (see ./en.ts). */
import type { Messages } from './en.ts';
import { deLanding } from './landing/de.ts';
import { deSearch } from './search/de.ts';

export const de: Messages = { ...deLanding, ...deSearch };
