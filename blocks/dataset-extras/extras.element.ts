import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { blockLang } from '../../src/config/lang.ts';
import { landingHref, type LinkTarget, type Route } from '../../src/config/links.ts';
import { readPageConfig } from '../../src/config/page-config.ts';
import { ROW_TEXT_LIMIT } from '../../src/dcat/text.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';
import type { ExtraModel, Extras } from '../../src/rich/extras.ts';
import { adoptStyles } from '../base/adopt-styles.ts';
import { baseStyles } from '../base/base.styles.ts';
import { heading, headingLevel, textOf, type RenderContext } from '../base/render.ts';
import { fieldList, longText, sectionLabel } from '../base/render-fields.ts';
import { extrasStyles } from './extras.styles.ts';
import { loadExtrasStrings } from './strings.ts';
import { stringsLoader } from '../base/load-controller.ts';

export const EXTRAS_PAGE_SIZE = 10;
type Kind = 'showcases' | 'ideas';
const SECTION_CLASS: Readonly<Record<Kind, string>> = { showcases: 'esbShowcases', ideas: 'esbIdeas' };

let instances = 0;

/**
 * Showcases and ideas of a dataset (behaviour doc §6.1, §1.3): one section per kind (`section.esbShowcases`,
 * `section.esbIdeas`) with an `h{hl+1}` heading, rows with an `h{hl+2}` title and the description, each row
 * expandable to its remaining metadata by a real button (`aria-expanded`, `aria-controls`; the details are built on
 * first expansion), 10 rows per page with a pager beyond. An empty kind has no section; with both empty the element
 * renders nothing. Light DOM; models come from `extrasOf` (src/rich/extras.ts); every value renders as text.
 *
 * @summary Showcases and ideas lists of a dataset (lazy chunk).
 * @tag catalog-dataset-extras
 *
 * @prop {{showcases: ExtraModel[], ideas: ExtraModel[]}} extras - The models (`extrasOf(...)`).
 * @prop {(route, target) => string} landing - Link to a dataset's landing page (default: the blocks' link rule, §3.2).
 * @attr {number} hl - Heading level of the view the lists belong to (sections get h{hl+1}, rows h{hl+2}); default 1.
 * @attr {string} lang - UI language: sv, en or de (else the page config, then `<html lang>`).
 * @attr {boolean} strict - strictStandardHtml: metadata lists as `dl > div > dt + dd`.
 */
export class DatasetExtrasBlock extends LitElement {
  static override properties: PropertyDeclarations = {
    extras: { attribute: false },
    landing: { attribute: false },
    named: { attribute: false },
    hl: { attribute: 'hl' },
    langAttr: { attribute: 'lang' },
    strict: { type: Boolean, attribute: 'strict' },
  };

  declare extras: Extras | undefined;
  declare landing: ((route: Route, target: LinkTarget) => string) | undefined;
  /** In an opened result row: the id of the element naming the dataset, added to the sections' names (RenderContext.named). */
  declare named: string | undefined;
  declare hl: string | number | undefined;
  declare langAttr: string | undefined;
  declare strict: boolean;

  readonly idPrefix = `esbx${++instances}`;
  readonly #page: Record<Kind, number> = { showcases: 1, ideas: 1 };
  /** Open rows by resource URI; `#built` keeps the details of rows opened once (built on first expansion only). */
  readonly #open = new Set<string>();
  readonly #built = new Set<string>();
  readonly #strings = stringsLoader(this, loadExtrasStrings);

  constructor() {
    super();
    this.strict = false;
  }

  override createRenderRoot(): HTMLElement {
    return this;
  }

  get uiLang(): Lang {
    return blockLang(this, readPageConfig(this.ownerDocument));
  }

  override connectedCallback(): void {
    super.connectedCallback();
    adoptStyles(this.ownerDocument, baseStyles);
    adoptStyles(this.ownerDocument, extrasStyles);
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    if (changed.has('extras')) {
      this.#page.showcases = 1;
      this.#page.ideas = 1;
    }
    this.#strings.load(this.uiLang);
  }

  /** Waits for the UI strings too, so a finished update shows words, not keys. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    await this.#strings.settled;
    if (this.isUpdatePending) done = await super.getUpdateComplete();
    return done;
  }

  #context(): RenderContext {
    const doc = this.ownerDocument;
    const hl = Number.parseInt(String(this.hl ?? ''), 10);
    const landing = this.landing ?? ((route: Route, target: LinkTarget) =>
      landingHref(route, target, readPageConfig(doc), new URL(doc.location?.href ?? 'http://localhost/')));
    return { lang: this.uiLang, hl: Number.isFinite(hl) ? Math.min(6, Math.max(1, hl)) : 1, strict: !!this.strict, idPrefix: this.idPrefix, landing, named: this.named };
  }

  #toggle(uri: string): void {
    if (this.#open.has(uri)) this.#open.delete(uri);
    else {
      this.#open.add(uri);
      this.#built.add(uri);
    }
    this.requestUpdate();
  }

  #goTo(kind: Kind, page: number, pages: number): void {
    const next = Math.min(pages, Math.max(1, page));
    if (next === this.#page[kind]) return;
    this.#page[kind] = next;
    this.requestUpdate();
  }

  protected override render(): TemplateResult | typeof nothing {
    const extras = this.extras;
    const showcases = extras?.showcases ?? [];
    const ideas = extras?.ideas ?? [];
    if (showcases.length === 0 && ideas.length === 0) return nothing;
    const ctx = this.#context();
    // Words, never keys: nothing until this language's strings are in (`updateComplete` waits for them).
    if (this.#strings.state !== 'ready') return nothing;
    return html`${this.#section('showcases', showcases, ctx)}${this.#section('ideas', ideas, ctx)}`;
  }

  #section(kind: Kind, items: readonly ExtraModel[], ctx: RenderContext): TemplateResult | typeof nothing {
    if (items.length === 0) return nothing;
    const pages = Math.ceil(items.length / EXTRAS_PAGE_SIZE);
    const page = Math.min(this.#page[kind], pages);
    const first = (page - 1) * EXTRAS_PAGE_SIZE;
    const headingId = `${ctx.idPrefix}-${kind}`;
    const name = msg(ctx.lang, `extras.${kind}`);
    return html`<section class="${SECTION_CLASS[kind]} esbExtras" aria-labelledby=${sectionLabel(headingId, ctx)}>
      ${heading(headingLevel(ctx.hl, 1), name, { id: headingId })}
      <ul class="esbExtrasList">
        ${items.slice(first, first + EXTRAS_PAGE_SIZE).map((item, i) => this.#row(kind, item, first + i, ctx))}
      </ul>
      ${pages > 1 ? this.#pager(kind, name, page, pages, ctx) : nothing}
    </section>`;
  }

  #row(kind: Kind, item: ExtraModel, index: number, ctx: RenderContext): TemplateResult {
    const open = this.#open.has(item.uri);
    const detailsId = `${ctx.idPrefix}-${kind}-${index}`;
    const title = item.title;
    const titleText = title
      ? textOf(title, ctx.lang)
      : html`<span class="esbUntitled">${msg(ctx.lang, 'extras.untitled')}</span>`;
    const hasDetails = item.fields.length > 0;
    return html`<li class="esbExtra">
      ${heading(headingLevel(ctx.hl, 2), titleText, { cls: 'esbExtra__title' })}
      ${item.description.length ? html`<div class="esbDescription">${longText(item.description, ROW_TEXT_LIMIT, ctx.lang)}</div>` : nothing}
      ${hasDetails
        ? html`<button type="button" class="esbExtra__toggle esbBtn esbBtnDisclosure" aria-expanded=${open ? 'true' : 'false'} aria-controls=${detailsId}
              @click=${() => this.#toggle(item.uri)}>${msg(ctx.lang, open ? 'extras.less' : 'extras.more')}<span class="esbVisuallyHidden">: ${
              title ? title.value : msg(ctx.lang, 'extras.untitled')}</span></button>
            <div class="esbExtra__details" id=${detailsId} ?hidden=${!open}>${this.#built.has(item.uri) ? fieldList(item.fields, ctx) : nothing}</div>`
        : nothing}
    </li>`;
  }

  /** Previous / next stay focusable at the ends (`aria-disabled`), so the keyboard focus never falls off the pager. */
  #pager(kind: Kind, name: string, page: number, pages: number, ctx: RenderContext): TemplateResult {
    const button = (label: string, target: number, disabled: boolean, cls: string) => html`<button type="button" class=${cls}
      aria-disabled=${disabled ? 'true' : 'false'} @click=${() => (disabled ? undefined : this.#goTo(kind, target, pages))}>${label}</button>`;
    return html`<nav class="esbExtrasPager" aria-label=${msg(ctx.lang, 'extras.pages', { name })}>
      ${button(msg(ctx.lang, 'page.prev'), page - 1, page <= 1, 'esbExtrasPager__prev esbBtn esbBtnSecondary')}
      <span class="esbExtrasPager__status" aria-live="polite">${msg(ctx.lang, 'extras.page', { page, pages })}</span>
      ${button(msg(ctx.lang, 'page.next'), page + 1, page >= pages, 'esbExtrasPager__next esbBtn esbBtnSecondary')}
    </nav>`;
  }
}
