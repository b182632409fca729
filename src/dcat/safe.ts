/**
 * The one gate between metadata and an `href`. Store content is untrusted: only absolute http(s) and mailto URLs
 * may become links; `javascript:`, `data:`, `vbscript:`, relative references and anything unparsable may not.
 * A `mailto:` link is only ever one plain address: its query and fragment are dropped (`?bcc=`, `?body=`, `?to=`
 * would let metadata write the user's mail: extra recipients, subject, text) and an address with encoded control
 * characters (`%0D%0ABcc:` header injection), whitespace or several recipients (`,` `;`) is refused.
 * Link targets written in the page configuration pass the same rule (`safeConfiguredHref`), relative ones allowed.
 */

// C0 controls, space, DEL, C1 controls and the other Unicode spaces / zero-width characters / BOM.
const INVISIBLE = '\\u0000-\\u0020\\u007f-\\u00a0\\u1680\\u180e\\u2000-\\u200f\\u2028\\u2029\\u202f\\u205f\\u2060\\u3000\\ufeff';
const EDGES = new RegExp(`^[${INVISIBLE}]+|[${INVISIBLE}]+$`, 'g');
const ANYWHERE = new RegExp(`[${INVISIBLE}]`, 'g');
const ALLOWED = new Set(['http:', 'https:', 'mailto:']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
/**
 * One address after percent-decoding: local part @ domain, neither holding invisible characters, a second `@`,
 * recipient separators, quotes, brackets or URL delimiters (those are never needed by a contact address).
 */
const ONE_ADDRESS = new RegExp(`^[^${INVISIBLE}@,;<>()\\[\\]"\\\\/:?#%]+@[^${INVISIBLE}@,;<>()\\[\\]"\\\\/:?#%]+$`);

/** `mailto:` + one decoded address, or undefined. The URL parser keeps `%0D` as written, so decode before judging. */
function mailtoOf(url: URL): string | undefined {
  let address: string;
  try {
    address = decodeURIComponent(url.pathname);
  } catch {
    return undefined;
  }
  if (!ONE_ADDRESS.test(address)) return undefined;
  return new URL(`mailto:${address}`).href;
}

export function safeHref(value: string | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  // The URL parser itself drops tabs and newlines anywhere; browsers ignore further invisible characters inside a
  // scheme (`java\u0000script:`), so the scheme is judged with all of them removed.
  const trimmed = value.replace(EDGES, '').replace(/[\t\n\r]/g, '');
  const scheme = SCHEME.exec(trimmed.replace(ANYWHERE, ''))?.[1]?.toLowerCase();
  if (!scheme || !ALLOWED.has(`${scheme}:`)) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (!ALLOWED.has(url.protocol)) return undefined;
  if (url.protocol === 'mailto:') return mailtoOf(url);
  return url.hostname ? url.href : undefined;
}

/**
 * A link target the page's editor wrote (global `clicks`, a block's or a template's `click`; a `${…}` template after
 * filling), on the page `base`. A target with a scheme passes the metadata rule above (http, https, one mailto
 * address; invisible characters cannot hide a `javascript:`); one without (a path, `?query`, `#fragment`, or
 * `//host/…`, which is http(s) like any absolute http(s) URL an editor may write) only when it resolves to http(s),
 * and is then kept as written. Undefined otherwise: `javascript:`, `data:`, `vbscript:`, `file:`, `blob:` … run
 * script or show a document the page does not control, and a CMS that lets editors write `data-*` attributes but no
 * scripts must not turn into one that runs their script.
 */
export function safeConfiguredHref(value: string, base: URL): string | undefined {
  const trimmed = value.replace(EDGES, '').replace(/[\t\n\r]/g, '');
  if (SCHEME.test(trimmed.replace(ANYWHERE, ''))) return safeHref(trimmed);
  try {
    return trimmed && /^https?:$/.test(new URL(trimmed, base).protocol) ? trimmed : undefined;
  } catch {
    return undefined;
  }
}

/** `foo@example.org`, `mailto:foo@example.org` (any case, surrounding blanks) → a safe `mailto:` href, else undefined. */
export function mailtoHref(value: string | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const address = value.replace(EDGES, '').replace(/^mailto:/i, '');
  if (!/^[^@\s/:?#<>"]+@[^@\s/:?#<>"]+\.[^@\s/:?#<>"]+$/.test(address)) return undefined;
  return safeHref(`mailto:${address}`);
}
