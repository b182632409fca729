/**
 * Block stylesheets are adopted into the document once per sheet (`document.adoptedStyleSheets`): no `<style>`
 * element and no inline style attributes, so a strict CSP (`style-src 'self'`) is fine. Hosts opt out with the
 * page setting `noStyles` (`data-no-styles="true"`) or the attribute `no-styles` on a block.
 */
import type { CSSResult } from 'lit';

const adopted = new WeakMap<Document, WeakSet<CSSResult>>();

export function adoptStyles(doc: Document, styles: CSSResult): void {
  let done = adopted.get(doc);
  if (!done) adopted.set(doc, (done = new WeakSet()));
  if (done.has(styles)) return;
  done.add(styles);
  const view = doc.defaultView as (Window & typeof globalThis) | null;
  if (!view || !('adoptedStyleSheets' in doc) || typeof view.CSSStyleSheet !== 'function') return;
  try {
    const sheet = new view.CSSStyleSheet();
    sheet.replaceSync(styles.cssText);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  } catch (e) {
    console.warn('[catalog-blocks] the block styles could not be adopted', e);
  }
}
