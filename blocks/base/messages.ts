/**
 * UI strings for the blocks: `msg` of src/i18n (same `{name}` placeholders), under the short name the blocks use.
 * Every block string is in the message tables (a distribution row's accessible name `row.moreAbout` in the landing
 * part, which loads before a landing rendering shows).
 */
export { msg as t } from '../../src/i18n/index.ts';
