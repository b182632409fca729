/** Every Swedish UI string, for tests and tools (see ./en.ts). */
import type { Messages } from './en.ts';
import { svLanding } from './landing/sv.ts';
import { svSearch } from './search/sv.ts';

export const sv: Messages = { ...svLanding, ...svSearch };
