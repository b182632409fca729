import type { GlobalConfig } from '../../config/params.ts';
import type { Lang } from '../../i18n/index.ts';
import type { CatalogStore, StoreEntry } from '../../store/types.ts';

/** What a template renders from (contract 4 of issue 10). */
export interface TemplateContext {
  /** The entry the entry helpers (`text`, `prop`, `link`, …) read; absent for templates of a search page. */
  readonly entry?: StoreEntry;
  /** Entries of resources the entry links to (labels of publishers, themes …), by resource URI. */
  readonly related?: ReadonlyMap<string, StoreEntry>;
  readonly lang: Lang;
  /** The enclosing block's effective parameters (for `inherit` / `inherit:key` in nested blocks). */
  readonly params: Record<string, unknown>;
  readonly page: GlobalConfig;
  readonly store: CatalogStore;
  /** Heading level of the enclosing block (`hinc` = hl + 1). */
  readonly hl: number;
  /** What `{{body}}` shows (a list body template gets the list). */
  readonly body?: unknown;
  /** What `{{resultsize}}` shows (result templates). */
  readonly resultsize?: number;
  /** The element the template renders in (its `scope` and `store-url` pass to nested blocks). */
  readonly host: Element;
}
