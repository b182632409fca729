/**
 * Reading a store through JSONP (EntryStore's JSCallbackFilter: any GET with `callback=<fn>` answers `<fn>(<json>)`),
 * for stores that do not answer CORS (EntryStore's default). Loaded only when a page needs it (src/store/transport.ts):
 * outside src/store/, whose modules the CDN build puts in the `core` chunk every page loads.
 *
 * The answer runs as a script in the page: the page trusts the store as much as its own scripts (CSP `script-src`
 * must list the store's origin). Under Trusted Types the script URL goes through the policy `catalog-blocks-jsonp`,
 * which only passes URLs under a store this client reads with our callback parameter at the end.
 * Callback names are random (64 bits) and removed after the answer, the timeout or an abort; a late answer then calls
 * a stub that only removes itself, so nothing is left in the page and nothing throws.
 */
import { AbortError, NetworkError } from '../store/errors.ts';

export const JSONP_POLICY_NAME = 'catalog-blocks-jsonp';
const CALLBACK_PREFIX = '__catalogBlocksJsonp_';

type ScriptUrlPolicy = { createScriptURL(input: string): unknown };
/** The few DOM parts used, typed here: the store client (and so this module) is type-checked for Node too. */
interface ScriptElement {
  async: boolean;
  src: unknown;
  onerror: (() => void) | null;
  onload: (() => void) | null;
  remove(): void;
}
interface Parent { append(el: ScriptElement): void }
interface PageWindow {
  trustedTypes?: { createPolicy(name: string, rules: { createScriptURL(input: string): string }): ScriptUrlPolicy };
  document: { createElement(tag: 'script'): ScriptElement; head: Parent | null; documentElement: Parent };
  [callback: string]: unknown;
}

/** Store base URLs read through JSONP: the only prefixes the Trusted Types policy passes. */
const storeBases = new Set<string>();
/** Per window: the policy, or null when the page's CSP refused it. */
const policies = new WeakMap<object, ScriptUrlPolicy | null>();

const CALLBACK_PARAM = new RegExp(`[?&]callback=${CALLBACK_PREFIX}[0-9a-f]{16}$`);

function allowedScriptUrl(url: string): boolean {
  return CALLBACK_PARAM.test(url) && [...storeBases].some((base) => url.startsWith(base));
}

/** The script URL as the page's Trusted Types want it (a plain string where there are none). */
function scriptUrl(win: PageWindow, url: string): unknown {
  if (!win.trustedTypes) return url;
  let policy = policies.get(win);
  if (policy === undefined) {
    try {
      policy = win.trustedTypes.createPolicy(JSONP_POLICY_NAME, {
        createScriptURL: (input) => {
          if (!allowedScriptUrl(input)) throw new TypeError(`${JSONP_POLICY_NAME}: not a store JSONP URL: ${input}`);
          return input;
        },
      });
    } catch {
      policy = null;
    }
    policies.set(win, policy);
  }
  if (!policy) {
    throw new NetworkError(`The store could not be read with JSONP: the page's Trusted Types refuse the policy "${JSONP_POLICY_NAME}" `
      + `(add it to the CSP trusted-types directive): ${url}`);
  }
  return policy.createScriptURL(url);
}

function callbackName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return CALLBACK_PREFIX + [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface JsonpOptions {
  /** The store's base URL: `url` must be under it. */
  storeBaseUrl: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * GETs `url` (a store URL with a query string) as JSONP. Resolves with the answer's value; a script that fails to load
 * (unreachable, a non-2xx answer, blocked by CSP) or does not call back → NetworkError; timeout → NetworkError;
 * `signal` → AbortError. JSONP cannot tell a 404 from other failures: every one ends as NetworkError.
 */
export function getJsonp(url: string, options: JsonpOptions): Promise<unknown> {
  const { signal, timeoutMs } = options;
  if (signal?.aborted) return Promise.reject(new AbortError(`Request cancelled: ${url}`));
  storeBases.add(options.storeBaseUrl);
  const win = globalThis as unknown as PageWindow;
  const document = win.document;
  const name = callbackName();
  const src = `${url}${url.includes('?') ? '&' : '?'}callback=${name}`;
  return new Promise<unknown>((resolve, reject) => {
    const script = document.createElement('script');
    let done = false;
    /** `pending`: the script may still run (timeout, abort): a late answer then finds a stub that removes itself. */
    const finish = (settle: () => void, pending = false): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      script.remove();
      if (pending) win[name] = () => void delete win[name];
      else delete win[name];
      settle();
    };
    const timer = setTimeout(() => finish(() => reject(new NetworkError(`The store did not answer within ${timeoutMs / 1000} s (JSONP): ${url}`)), true), timeoutMs);
    const onAbort = (): void => finish(() => reject(new AbortError(`Request cancelled: ${url}`)), true);
    signal?.addEventListener('abort', onAbort, { once: true });
    win[name] = (value: unknown) => finish(() => resolve(value));
    script.async = true;
    script.onerror = () => finish(() => reject(new NetworkError(`The store could not be read with JSONP (unreachable, an error answer, or a CSP script-src without the store): ${url}`)));
    script.onload = () => finish(() => reject(new NetworkError(`The store answered without calling back (JSONP off? entrystore.jsonp): ${url}`)));
    try {
      script.src = scriptUrl(win, src);
    } catch (e) {
      finish(() => reject(e instanceof NetworkError ? e : new NetworkError(`The store could not be read with JSONP (${String(e)}): ${url}`, { cause: e })));
      return;
    }
    (document.head ?? document.documentElement).append(script);
  });
}
