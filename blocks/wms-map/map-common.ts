/**
 * What both map elements share: language and strings, styles adoption (honouring `no-styles`), the "Skip map" link
 * and the focusable viewport, and a capped text read of untrusted responses.
 */
import { html, LitElement, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { blockLang } from '../../src/config/lang.ts';
import { readPageConfig } from '../../src/config/page-config.ts';
import { resolveGlobalFlag } from '../../src/config/resolve.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';
import { adoptStyles } from '../base/adopt-styles.ts';
import { baseStyles } from '../base/base.styles.ts';
import { loadMapMessages } from './strings.ts';
import { mapStyles } from './wms-map.styles.ts';
import type { MapLabels } from './ol-map.ts';
import { CapabilitiesError, httpUrl, MAX_CAPABILITIES_CHARS, parseCapabilities, type WmsCapabilities } from '../../src/wms/capabilities.ts';

let instances = 0;

/** `legend="false"` (or "0", "no", "off") hides; anything else, or no attribute, shows. */
export const shownUnlessFalse = {
  fromAttribute: (v: string | null): boolean => v === null || !/^(false|0|no|off)$/i.test(v.trim()),
  toAttribute: (v: boolean): string | null => (v ? null : 'false'),
};

export abstract class MapElementBase extends LitElement {
  static override properties: PropertyDeclarations = {
    langAttr: { attribute: 'lang' },
    hl: { attribute: 'hl' },
    label: { attribute: 'label' },
    _failed: { state: true },
  };

  declare langAttr: string | undefined;
  /** Heading level of the map's title (none when unset). */
  declare hl: string | number | undefined;
  /** The map's name (its heading and accessible name); default: the service title or "Map". */
  declare label: string | undefined;

  /** Drawing failed (the map chunk did not load, OpenLayers threw): the block says so instead of an empty map. */
  declare _failed: boolean | undefined;

  readonly idPrefix = `esbm${++instances}`;
  #stringsFor: Lang | undefined;

  override createRenderRoot(): HTMLElement {
    return this;
  }

  get uiLang(): Lang {
    return blockLang(this, readPageConfig(this.ownerDocument));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!(this.hasAttribute('no-styles') || resolveGlobalFlag(this, readPageConfig(this.ownerDocument), 'noStyles'))) {
      adoptStyles(this.ownerDocument, baseStyles);
      adoptStyles(this.ownerDocument, mapStyles);
    }
  }

  /** Resolves once the strings of the current language are at hand (and re-renders when they just arrived). */
  protected async ensureStrings(): Promise<Lang> {
    const lang = this.uiLang;
    if (this.#stringsFor !== lang) {
      await loadMapMessages(lang);
      this.#stringsFor = lang;
      this.requestUpdate();
    }
    return lang;
  }

  /**
   * Runs one drawing step: a failure (the map chunk not loading, OpenLayers throwing) is logged, shown ("The map
   * could not be loaded.", `failedNotice`) and still settles the block; never an unhandled rejection.
   */
  protected drawing(draw: Promise<void>, settle: () => void): void {
    draw.catch((e: unknown) => {
      console.warn(`[catalog-blocks] <${this.localName}> could not draw its map`, e);
      this._failed = true;
      settle();
    });
  }

  /** The failure notice of `drawing`, when drawing failed. */
  protected failedNotice(): TemplateResult | typeof nothing {
    return this._failed ? html`<p class="esbState esbError esbMapFailed" role="status">${this.t('map.failed')}</p>` : nothing;
  }

  protected t(key: string, vars?: Record<string, string | number>): string {
    return msg(this.uiLang, key, vars);
  }

  protected labels(): MapLabels {
    return { zoomIn: this.t('map.zoomIn'), zoomOut: this.t('map.zoomOut') };
  }

  protected headingLevel(): number | undefined {
    const n = Number(this.hl);
    return Number.isInteger(n) && n >= 1 && n <= 6 ? n : undefined;
  }

  protected heading(text: string): TemplateResult | undefined {
    const level = this.headingLevel();
    if (!level) return undefined;
    const cls = 'esbMapTitle';
    switch (level) {
      case 1: return html`<h1 class=${cls}>${text}</h1>`;
      case 2: return html`<h2 class=${cls}>${text}</h2>`;
      case 3: return html`<h3 class=${cls}>${text}</h3>`;
      case 4: return html`<h4 class=${cls}>${text}</h4>`;
      case 5: return html`<h5 class=${cls}>${text}</h5>`;
      default: return html`<h6 class=${cls}>${text}</h6>`;
    }
  }

  /** "Skip map" link, the focusable viewport (OpenLayers draws into it) and the skip target after it. */
  protected viewport(name: string, describedBy: string[] = []): TemplateResult {
    const id = this.idPrefix;
    const skip = (e: Event): void => {
      e.preventDefault();
      this.querySelector<HTMLElement>(`#${id}-after`)?.focus();
    };
    return html`
      <a class="esbMapSkip" href="#${id}-after" @click=${skip}>${this.t('map.skip')}</a>
      <p class="esbVisuallyHidden" id="${id}-keys">${this.t('map.keys')}</p>
      <div class="esbMapViewport" id="${id}-viewport" tabindex="0" role="region" aria-label=${name}
        aria-describedby=${[...describedBy, `${id}-keys`].join(' ')}></div>
      <span class="esbMapAfter" id="${id}-after" tabindex="-1"></span>`;
  }

  /** The viewport element once rendered. */
  protected viewportElement(): HTMLElement | null {
    return this.querySelector<HTMLElement>(`#${this.idPrefix}-viewport`);
  }
}

/**
 * Reads a response's text, refusing more than `max` bytes (checked on Content-Length and while streaming, so an
 * endless body stops at the cap). The encoding is the byte order mark's, else the Content-Type charset, else the
 * XML declaration's (older WMS servers answer ISO-8859-1), else UTF-8.
 */
export async function readCapped(res: Response, max: number): Promise<string | undefined> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        await reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(value);
    }
  } else {
    const buf = new Uint8Array(await res.arrayBuffer());
    if (buf.byteLength > max) return undefined;
    chunks.push(buf);
    size = buf.byteLength;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return decodeXml(bytes, res.headers.get('content-type') ?? '');
}

function decodeXml(bytes: Uint8Array, contentType: string): string {
  let label = 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
  else if (!(bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)) {
    const head = String.fromCharCode(...bytes.subarray(0, 200));
    label = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1] ?? /^<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/.exec(head)?.[1] ?? 'utf-8';
  }
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

export class MapLoadError extends Error {
  constructor(readonly problem: string) {
    super(`The capabilities could not be loaded (${problem}).`);
    this.name = 'MapLoadError';
  }
}

export interface CapabilitiesRequest {
  /** How to fetch (always called without credentials). */
  readonly fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Aborts the request (the element went away or the URL changed). */
  readonly signal: AbortSignal;
  /** Give up after this long (ms). */
  readonly timeoutMs: number;
}

/**
 * Fetches and parses a GetCapabilities document. Throws `MapLoadError` with the problem (`no-url`, `http`,
 * `too-large`, `timeout`, `network`, or a `CapabilitiesError` problem); an abort by `signal` rethrows as is.
 */
export async function loadCapabilities(url: string, req: CapabilitiesRequest): Promise<WmsCapabilities> {
  const safe = httpUrl(url);
  if (!safe) throw new MapLoadError('no-url');
  const own = new AbortController();
  const onAbort = (): void => own.abort();
  req.signal.addEventListener('abort', onAbort);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    own.abort();
  }, req.timeoutMs);
  try {
    const res = await req.fetch(safe, {
      credentials: 'omit',
      signal: own.signal,
      headers: { Accept: 'application/vnd.ogc.wms_xml, text/xml, application/xml;q=0.9, */*;q=0.1' },
    });
    if (!res.ok) throw new MapLoadError('http');
    const text = await readCapped(res, MAX_CAPABILITIES_CHARS);
    if (text === undefined) throw new MapLoadError('too-large');
    return parseCapabilities(text, { url: safe });
  } catch (e) {
    if (timedOut) throw new MapLoadError('timeout');
    if (req.signal.aborted) throw e;
    if (e instanceof MapLoadError) throw e;
    throw new MapLoadError(e instanceof CapabilitiesError ? e.problem : 'network');
  } finally {
    clearTimeout(timer);
    req.signal.removeEventListener('abort', onAbort);
  }
}
