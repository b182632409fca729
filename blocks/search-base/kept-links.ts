/**
 * Links kept while what they are built from stays the same. A search block renders when a search starts and again
 * when its answer comes, and a sort or a facet click shows many of the same targets again; building a link is a URL
 * parse and write. The one link cache of the search blocks: the result list's row links and the facets' value links.
 */
import { remember } from '../../src/store/bounded.ts';

export class KeptLinks {
  #context: readonly unknown[] = [];
  #hrefs = new Map<string, string>();

  constructor(readonly max: number) {}

  /**
   * The link of `key` built by `build`, kept while every part of `context` is the same (`===`) as at the last call; a
   * new context drops every link kept. At most `max` links are kept (the oldest goes first).
   */
  href(context: readonly unknown[], key: string, build: () => string): string {
    const was = this.#context;
    if (context.length !== was.length || context.some((part, i) => part !== was[i])) {
      this.#context = context;
      this.#hrefs.clear();
    }
    return this.#hrefs.get(key) ?? remember(this.#hrefs, key, build(), this.max);
  }
}
