/**
 * When the page's Trusted Types policy (CSP `require-trusted-types-for 'script'`) refuses Lit, a block says so in
 * plain text instead of staying blank. Lit creates its policy `lit-html` when it loads; `trusted-types 'none'`, a list
 * without `lit-html`, or a page that already made a `lit-html` policy (without `'allow-duplicates'`) makes that throw,
 * so no block can be defined, and a render through a refused HTML sink throws too.
 * This module imports nothing (it must work when Lit could not load): the CDN loader imports it when a block's chunk
 * fails, an all-in-one bundle (IIFE, `catalog-blocks`) evaluates it before Lit, the base class calls it on a render
 * error. The text is set with `textContent`, which no Trusted Types policy guards.
 */

const MESSAGES: Record<string, string> = {
  en: "This content could not be shown: the page's security policy (Trusted Types) blocks it.",
  sv: 'Innehållet kan inte visas: sidans säkerhetspolicy (Trusted Types) blockerar det.',
  de: 'Dieser Inhalt kann nicht angezeigt werden: die Sicherheitsrichtlinie der Seite (Trusted Types) blockiert ihn.',
};

/** Tag names of this library's elements (block tags, legacy `esb-` names, layout parts). */
const OUR_TAG = /^(esb|catalog|data(set|service)|distribution|facets?)-/;

let told = false;

/** A TypeError from `trustedTypes.createPolicy` or from a sink that wanted a Trusted Type. */
export function isTrustedTypesError(error: unknown): boolean {
  return error instanceof TypeError && /trusted/i.test(error.message);
}

function say(el: Element): void {
  const lang = (el.closest('[lang]')?.getAttribute('lang') ?? '').slice(0, 2).toLowerCase();
  const p = el.ownerDocument.createElement('p');
  p.className = 'esbBlocked';
  p.textContent = MESSAGES[lang] ?? MESSAGES.en!;
  el.replaceChildren(p);
}

/**
 * If `error` is a Trusted Types refusal: shows the fallback text in `target` (an element), or in every not yet
 * defined element of this library in the document (once it is parsed), logs one console error naming the CSP
 * directive to change, and returns true. Returns false (and does nothing) for any other error.
 */
export function showBlocked(target: Element | Document, error: unknown): boolean {
  if (!isTrustedTypesError(error)) return false;
  if (!told) {
    told = true;
    console.error(`[catalog-blocks] Trusted Types refused Lit (${(error as Error).message}). The page's Content-Security-Policy `
      + "must allow Lit's policy: trusted-types lit-html (plus 'allow-duplicates' when the page creates its own lit-html policy).");
  }
  if (target instanceof Element) {
    say(target);
  } else {
    const all = (): void => target.querySelectorAll(':not(:defined)').forEach((el) => { if (OUR_TAG.test(el.localName)) say(el); });
    if (target.readyState === 'loading') target.addEventListener('DOMContentLoaded', all, { once: true });
    else all();
  }
  return true;
}

/**
 * An all-in-one bundle (IIFE, `catalog-blocks`) evaluates this module before Lit. When the page refuses Lit's policy,
 * the rest of the bundle throws; from a CDN that error reaches the page only as "Script error." (a cross-origin
 * classic script), so the refusal is read from the violation event instead (`sample` is the policy name).
 */
if (typeof document !== 'undefined') {
  document.addEventListener('securitypolicyviolation', (e) => {
    if (e.disposition === 'enforce' && e.violatedDirective === 'trusted-types' && e.sample === 'lit-html') {
      showBlocked(document, new TypeError(`Trusted Types: creating the policy lit-html violates "${e.originalPolicy}"`));
    }
  });
}
