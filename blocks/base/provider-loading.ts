/**
 * `<catalog-store-provider>` (./store-provider.ts) is defined by the first block that finds itself inside one, in
 * every build: pages without a provider never download it or the provider side of @lit/context (its own chunk in the
 * CDN build). Defining it upgrades the providers on the page; the block then asks for its store again.
 */
const TAG = 'catalog-store-provider';
let loading: Promise<unknown> | undefined;

/** The provider's module loading, when `el` is inside a provider not defined yet; else undefined (nothing to wait for). */
export function providerLoading(el: Element): Promise<unknown> | undefined {
  if (customElements.get(TAG) || !el.closest(TAG)) return undefined;
  loading ??= import('./store-provider.ts');
  // a failed download is tried again by the next block that connects
  loading.catch(() => (loading = undefined));
  return loading;
}
