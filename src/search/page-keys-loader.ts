/**
 * Loads the reader of the page's `collections` / `query` keys (./page-keys.ts, a lazy chunk) the first time a page
 * configuration has one of them, and from then on reads them on every call (the reader skips what did not change).
 * The search parts wait for it (blocks/search-base/scope-part.ts keysPending).
 */
type PageKeys = typeof import('./page-keys.ts');
let reader: Pick<PageKeys, 'readPageKeys'> | undefined;
let loading: Promise<unknown> | undefined;

/**
 * Reads the page's `collections`, `namespaces` and `query` (./page-keys.ts, loaded the first time a page has one of
 * them). A promise while that module loads; undefined when nothing is to wait for.
 */
export function pageKeysLoading(page: Readonly<Record<string, unknown>>): Promise<unknown> | undefined {
  if (reader) return void reader.readPageKeys(page);
  if (page.collections === undefined && page.query === undefined) return undefined;
  return (loading ??= import('./page-keys.ts').then((m) => { reader = m; }, (e: unknown) => {
    reader = { readPageKeys: () => {} };
    console.error('[catalog-blocks] the reader of collections and query could not be loaded', e);
  }));
}

