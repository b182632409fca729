/**
 * `<catalog-entry-view>`: the incumbent's core entry blocks `text`, `link`, `image`, `slider`, `expand` and the
 * open-data extension's `autoVisualizations` (issue 26), one element with a `kind`. The entry is located like a landing
 * page (LandingBlock: attributes, page URL, `routes`, global `entry`/`context`); what each kind shows is read with
 * the template helpers' functions (src/legacy/template/values.ts, entry-link.ts), so `{{text content=…}}` and
 * `data-entryscape="text" data-entryscape-content=…` show the same. Importing this module registers the element.
 */
import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { blockProperties } from '../base/catalog-block.ts';
import { LandingBlock, type LandingModel } from '../landing/landing-block.ts';
import { longText } from '../base/render-fields.ts';
import { blockDefaults } from '../../src/config/block-overrides-loader.ts';
import { squash } from '../../src/config/params.ts';
import { safeConfiguredHref, safeHref } from '../../src/dcat/safe.ts';
import { paragraphs } from '../../src/dcat/text.ts';
import type { Text } from '../../src/dcat/model.ts';
import { msg } from '../../src/i18n/index.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import type { TemplateContext } from '../../src/legacy/template/context.ts';
import { entryHref } from '../../src/legacy/template/entry-link.ts';
import { entryText, entryTitle, predicates, propValues } from '../../src/legacy/template/values.ts';
import { warnOnce } from '../../src/config/warn.ts';
import { entryViewStyles } from './entry-view.styles.ts';
import { loadEntryViewMessages } from './strings.ts';

/** The kinds, by the incumbent's block names. */
export type EntryViewKind = 'text' | 'link' | 'image' | 'slider' | 'expand' | 'autoVisualizations';
const KINDS: ReadonlySet<string> = new Set<EntryViewKind>(['text', 'link', 'image', 'slider', 'expand', 'autoVisualizations']);

/** Where an image is read when no `property` is given (the depiction properties DCAT-AP pages use). */
const IMAGE_PROPERTIES = `${NS.foaf}depiction, ${NS.schema}image, ${NS.foaf}img`;
/** Characters of the `expand` block's text shown before "Show more". */
export const EXPAND_TEXT_LIMIT = 200;
/** `width` / `height` of an image: a CSS length (a bare number is pixels); anything else is left out. */
const LENGTH = /^\s*(\d+(?:\.\d+)?)\s*(px|em|rem|%|vw|vh|ch)?\s*$/i;

type TemplateModule = typeof import('../../src/legacy/template/index.ts');
let interpreter: Promise<TemplateModule> | undefined;
let loaded: TemplateModule | undefined;
/** The template interpreter chunk (an `expand` with a template only), shared with `<catalog-template>`. */
function loadInterpreter(): Promise<TemplateModule> {
  interpreter ??= import('../../src/legacy/template/index.ts').then((m) => (loaded = m));
  interpreter.catch(() => (interpreter = undefined));
  return interpreter;
}

/** An image address from metadata: http(s) only (no `mailto:`, no `data:`/`javascript:`). */
function imageSrc(value: string | undefined): string | undefined {
  const href = safeHref(value);
  return href && /^https?:/i.test(href) ? href : undefined;
}

/**
 * One part of an entry, as the incumbent's core blocks showed it:
 * - `text`: the title (or `content` with `${prefix:name}`, `${name|fallback}`, `${title}`, `${description}`; or the
 *   first value of `property`), `fallback` when empty; inline, in the entry's language.
 * - `link`: the same text as a link to the entry's landing page (`namedclick` / `click` targets, as lists link), or
 *   to the value of `property` (http(s) and mailto only).
 * - `image`: the first image of `property` (default foaf:depiction, schema:image, foaf:img) with the entry's title as
 *   alt text, `width` / `height`, and `fallback` (an address) when there is none or it fails to load.
 * - `slider`: every image of `property` as a carousel: previous / next buttons, one button per image, arrow keys,
 *   Home / End; never moves by itself, so nothing to pause, and nothing animates.
 * - `expand`: a long text (`property`, default dcterms:description, or `content`) cut at EXPAND_TEXT_LIMIT characters
 *   with a "Show more" button; with `htemplate` / `template`, a button that shows that template's content.
 * - `autoVisualizations`: the dataset's maps of its WMS distributions and its catalog visualizations (charts, tables,
 *   maps), the landing page's rich parts (blocks/rich-content), each under its heading `h{hl+1}`.
 *
 * @summary One part of an entry (text, link, image, slider, expandable text, visualizations): EntryScape's core blocks.
 * @tag catalog-entry-view
 *
 * @attr {string} kind - text (default), link, image, slider, expand or autoVisualizations.
 * @attr {string} content - Text with `${prefix:name}` placeholders (text, link, expand).
 * @attr {string} property - The property to read (text, link, image, slider, expand).
 * @attr {string} fallback - Shown when there is no value: a text (text, link, expand) or an image address (image, slider).
 * @attr {string} click - Link target page (link); `namedclick` names one of the global `clicks`.
 * @attr {string} width - Image width, a CSS length (image, slider).
 * @attr {string} height - Image height, a CSS length (image, slider).
 * @attr {string} htemplate - A Handlebars template shown on "Show more" (expand).
 * @attr {number} hl - Heading level of the block (autoVisualizations: section headings are hl + 1).
 * @attr {string} entry - Entry id in the store (needs `context`).
 * @attr {string} context - Context id of the entry.
 * @attr {string} uri - Resource URI of the entry.
 */
export class CatalogEntryView extends LandingBlock {
  static override blockName = 'datasetView' as const;
  static override blockStyles = [entryViewStyles];
  static override properties: PropertyDeclarations = {
    ...blockProperties('datasetView'),
    ...LandingBlock.locationProperties,
    kindAttr: { attribute: 'kind' },
    content: { attribute: 'content' },
    property: { attribute: 'property' },
    fallback: { attribute: 'fallback' },
    width: { attribute: 'width' },
    height: { attribute: 'height' },
    htemplate: { attribute: 'htemplate' },
  };
  protected readonly noEntryMessage = 'dv.noEntry';
  protected readonly notFoundMessage = 'dv.notFound';

  /** The slider's current image (index). */
  #slide = 0;
  /** Images that failed to load: their place shows `fallback` (or nothing) instead. */
  #failed = new Set<string>();
  /** `expand` of a text: its paragraphs, made once per text. */
  #texts: { text: string; lang: string; texts: Text[] } | undefined;
  /** `expand` with a template: open or not. */
  #open = false;
  #stringsFor: string | undefined;

  get kind(): EntryViewKind {
    const k = this.getAttribute('kind') ?? 'text';
    if (KINDS.has(k)) return k as EntryViewKind;
    warnOnce(`[catalog-blocks] <catalog-entry-view kind="${k}">: unknown kind, shown as "text" (kinds: ${[...KINDS].join(', ')}).`);
    return 'text';
  }

  protected override get inline(): boolean {
    return this.kind === 'text' || this.kind === 'link';
  }

  /**
   * One of this block's own keys (`property`, `content`, `fallback`, `width`, `height`, `htemplate`, `click`,
   * `namedclick`): the attribute, else the page's `blocks` defaults for the block name (`{ block: 'image', width: … }`).
   */
  own(key: string): string | undefined {
    const attr = this.getAttribute(key.toLowerCase()) ?? this.getAttribute(key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`));
    if (attr !== null) return attr;
    const defaults = blockDefaults(this.pageConfig, this.kind)?.defaults ?? {};
    for (const [k, v] of Object.entries(defaults)) if (squash(k) === squash(key) && (typeof v === 'string' || typeof v === 'number')) return String(v);
    return undefined;
  }

  #context(result: LandingModel): TemplateContext {
    const params: Record<string, unknown> = {};
    for (const a of this.attributes) params[a.name] = a.value;
    return {
      entry: result.entry,
      ...(result.kind === 'dataset' ? { related: result.related } : {}),
      lang: this.uiLang,
      params,
      page: this.pageConfig,
      store: this.store,
      hl: Number(this.params.hl ?? 1),
      host: this,
    };
  }

  override render(): TemplateResult {
    const lang = this.uiLang;
    if (this.kind === 'slider' && this.#stringsFor !== lang) {
      this.#stringsFor = lang;
      void loadEntryViewMessages(lang).then(() => this.requestUpdate());
    }
    // Inline text waits without a status box in the middle of a sentence (the block is aria-busy meanwhile).
    if (this.inline && this.loader.state === 'loading' && !this.earlyModel) return html`<span class="esbBlock" aria-busy="true"></span>`;
    if (this.kind === 'autoVisualizations' && this.loader.state === 'noEntry') return html``;
    return super.render();
  }

  protected override renderLanding(result: LandingModel): TemplateResult {
    const ctx = this.#context(result);
    switch (this.kind) {
      case 'link':
        return this.#link(ctx);
      case 'image':
        return this.#image(ctx);
      case 'slider':
        return this.#slider(ctx);
      case 'expand':
        return this.#expand(ctx);
      case 'autoVisualizations':
        return this.#visualizations(result);
      default:
        return this.#text(ctx);
    }
  }

  /** The text of `text` and `link`, and its language when it is one literal in another language than the page's. */
  #textOf(ctx: TemplateContext): { text: string; lang: string | undefined } {
    const content = this.own('content');
    const property = this.own('property');
    const text = entryText(ctx, { content, property: this.kind === 'link' ? undefined : property, fallback: this.own('fallback') });
    // one value shown as it is (the title, or a property's first value): its language tag goes on the element
    const one = !content ? propValues(ctx, predicates(this.kind !== 'link' && property ? property : `${NS.dcterms}title`))[0] : undefined;
    const lang = one && one.label === text && one.lang && one.lang !== ctx.lang ? one.lang : undefined;
    return { text, lang };
  }

  #text(ctx: TemplateContext): TemplateResult {
    const { text, lang } = this.#textOf(ctx);
    return html`<span class="esbText" lang=${lang ?? nothing}>${text}</span>`;
  }

  #link(ctx: TemplateContext): TemplateResult {
    const { text, lang } = this.#textOf(ctx);
    const property = this.own('property');
    const href = property ? safeHref(propValues(ctx, predicates(property))[0]?.value) : entryHref(ctx, this.own('namedclick'), this.own('click'));
    // a property without a usable address: the text alone (never a link to somewhere else)
    if (!href) return html`<span class="esbText" lang=${lang ?? nothing}>${text}</span>`;
    return html`<a class="esbLink" href=${href} lang=${lang ?? nothing}>${text}</a>`;
  }

  /** The images of `property` (http(s) only), else the `fallback` address (the page's, relative allowed). */
  #images(ctx: TemplateContext): string[] {
    const found = propValues(ctx, predicates(this.own('property') ?? IMAGE_PROPERTIES))
      .map((v) => imageSrc(v.value))
      .filter((v): v is string => !!v);
    const unique = [...new Set(found)];
    if (unique.length) return unique;
    const fallback = this.#fallbackImage();
    return fallback ? [fallback] : [];
  }

  #fallbackImage(): string | undefined {
    const given = this.own('fallback');
    if (!given) return undefined;
    const href = safeConfiguredHref(given, this.pageUrl);
    return href && !/^mailto:/i.test(href) ? new URL(href, this.pageUrl).href : undefined;
  }

  #size(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const key of ['width', 'height'] as const) {
      const m = LENGTH.exec(this.own(key) ?? '');
      if (m) out[key] = `${m[1]}${m[2] ?? 'px'}`;
    }
    return out;
  }

  /**
   * `width` / `height` through the CSSOM (a `style` attribute would need 'unsafe-inline' under a strict CSP; Lit's
   * styleMap would join the loader's chunk).
   */
  protected override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    const size = this.#size();
    for (const img of this.querySelectorAll<HTMLImageElement>('img.esbImage')) {
      for (const key of ['width', 'height'] as const) if (img.style[key] !== (size[key] ?? '')) img.style[key] = size[key] ?? '';
    }
  }

  /** An `<img>` of `src` (its `fallback` once it fails), with alt text always present. */
  #img(src: string, alt: string): TemplateResult | typeof nothing {
    const fallback = this.#fallbackImage();
    const shown = this.#failed.has(src) ? (fallback && fallback !== src && !this.#failed.has(fallback) ? fallback : undefined) : src;
    if (!shown) return nothing;
    const failed = (): void => {
      this.#failed.add(shown);
      this.requestUpdate();
    };
    return html`<img class="esbImage" src=${shown} alt=${alt} @error=${failed}>`;
  }

  /** Alt text: the entry's title (an image of the entry), else the word "Image". */
  #alt(ctx: TemplateContext): string {
    return entryTitle(ctx) || msg(ctx.lang, 'ev.image');
  }

  #image(ctx: TemplateContext): TemplateResult {
    const src = this.#images(ctx)[0];
    return html`${src ? this.#img(src, this.#alt(ctx)) : nothing}`;
  }

  #slider(ctx: TemplateContext): TemplateResult {
    const images = this.#images(ctx);
    if (images.length === 0) return html``;
    const alt = this.#alt(ctx);
    if (images.length === 1) return html`${this.#img(images[0]!, alt)}`;
    const lang = ctx.lang;
    const total = images.length;
    const current = Math.min(this.#slide, total - 1);
    const go = (to: number): void => {
      this.#slide = (to + total) % total;
      this.requestUpdate();
    };
    const keys = (e: KeyboardEvent): void => {
      const to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: total - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      go(to);
    };
    const id = `${this.idPrefix}-slides`;
    // WAI-ARIA APG carousel: a labelled region, slides as labelled groups in a polite live region (it never rotates by
    // itself, WCAG 2.2.2), real buttons; focus stays on the button pressed (the same element in every render).
    return html`<section class="esbSlider" aria-roledescription="carousel" aria-label=${msg(lang, 'ev.images', { title: alt })} @keydown=${keys}>
      <div class="esbSlides" id=${id} aria-live="polite">
        ${images.map((src, i) => html`<div class="esbSlide" role="group" aria-roledescription="slide"
          aria-label=${msg(lang, 'ev.slide', { n: i + 1, total })} ?hidden=${i !== current}>${this.#img(src, alt)}</div>`)}
      </div>
      <div class="esbSliderControls">
        <button type="button" class="esbSliderPrev esbBtn esbBtnSecondary" aria-controls=${id} @click=${() => go(current - 1)}>${msg(lang, 'ev.previous')}</button>
        <span class="esbSliderPicker">${images.map((_, i) => html`<button type="button" class="esbSliderDot" aria-controls=${id}
          aria-label=${msg(lang, 'ev.show', { n: i + 1 })} aria-current=${i === current ? 'true' : 'false'} @click=${() => go(i)}>${i + 1}</button>`)}</span>
        <button type="button" class="esbSliderNext esbBtn esbBtnSecondary" aria-controls=${id} @click=${() => go(current + 1)}>${msg(lang, 'ev.next')}</button>
      </div>
    </section>`;
  }

  #expand(ctx: TemplateContext): TemplateResult {
    const source = this.own('htemplate') ?? this.own('template');
    if (source) return this.#expandTemplate(ctx, source);
    const content = this.own('content');
    let text: string;
    let lang = '';
    if (content) text = entryText(ctx, { content, fallback: this.own('fallback') });
    else {
      const value = propValues(ctx, predicates(this.own('property') ?? `${NS.dcterms}description`))[0];
      text = value?.label || (this.own('fallback') ?? '');
      lang = value?.label ? value.lang : '';
    }
    if (!text.trim()) return html``;
    // The landing page's long text: the first characters and a real "Show more" button (aria-expanded; focus stays).
    // The same Text objects while the text is the same (the directive keeps its open state for the same texts).
    if (this.#texts?.text !== text || this.#texts.lang !== lang) this.#texts = { text, lang, texts: paragraphs(text).map((value) => ({ value, lang })) };
    return html`<div class="esbExpand">${longText(this.#texts.texts, EXPAND_TEXT_LIMIT, ctx.lang)}</div>`;
  }

  #expandTemplate(ctx: TemplateContext, source: string): TemplateResult {
    const id = `${this.idPrefix}-expand`;
    const toggle = (): void => {
      this.#open = !this.#open;
      this.requestUpdate();
    };
    if (this.#open && !loaded) {
      void loadInterpreter()
        .then(() => this.requestUpdate())
        .catch((e: unknown) => console.warn('[catalog-blocks] the template interpreter could not be loaded', e));
    }
    return html`<div class="esbExpand">
      <button type="button" class="esbShowMore esbBtn esbBtnDisclosure" aria-expanded=${this.#open ? 'true' : 'false'} aria-controls=${id} @click=${toggle}>
        ${msg(ctx.lang, this.#open ? 'text.showLess' : 'text.showMore')}
      </button>
      <div class="esbExpandBody" id=${id} ?hidden=${!this.#open}>${this.#open && loaded ? loaded.renderTemplate(source, ctx) : nothing}</div>
    </div>`;
  }

  #visualizations(result: LandingModel): TemplateResult {
    const ctx = this.renderContext(Number(this.params.hl ?? 1));
    const rich = result.rich;
    return html`<div class="esbLanding esbAutoVisualizations">${rich?.maps?.(ctx) ?? nothing}${rich?.visualizations?.(ctx) ?? nothing}</div>`;
  }
}

if (!customElements.get('catalog-entry-view')) customElements.define('catalog-entry-view', CatalogEntryView);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-entry-view': CatalogEntryView;
  }
}
