/**
 * One console warning per distinct template message (a template renders many times; the page author needs to read it
 * once): src/config/warn.ts with the library's prefix.
 */
import { resetWarnings, warnOnce as warnOnceAtAll } from '../../config/warn.ts';

export const warnOnce = (message: string): void => warnOnceAtAll(`[catalog-blocks] ${message}`);

/** For tests: forget which warnings were given (every warning of src/config/warn.ts). */
export const resetTemplateWarnings = resetWarnings;
