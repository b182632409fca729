/** Every Swedish UI string, for tests and tools (see ./en.ts). */
import type { Messages } from './en.ts';
import { svCore } from './core.ts';
import { svLanding } from './landing/sv.ts';
import { svSearch } from './search/sv.ts';
import { svShared } from './shared/sv.ts';

export const sv: Messages = { ...svCore, ...svShared, ...svLanding, ...svSearch };
