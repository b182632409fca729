import { LitElement, html, nothing, type PropertyDeclarations, type PropertyValues, type TemplateResult } from 'lit';
import { blockLang } from '../../src/config/lang.ts';
import { readPageConfig } from '../../src/config/page-config.ts';
import { msg, type Lang } from '../../src/i18n/index.ts';
import type { VisualizationModel } from '../../src/rich/visualization.ts';
import { adoptStyles } from '../base/adopt-styles.ts';
import { baseStyles } from '../base/base.styles.ts';
import { loadVizMessages } from './strings.ts';
import { vizStyles } from './visualization.styles.ts';
import { emit } from '../base/events.ts';
import { stringsLoader } from '../base/load-controller.ts';

declare global {
  interface GlobalEventHandlersEventMap {
    /** The tab list selected another visualization. */
    'catalog-visualization-tab': CustomEvent<{ index: number }>;
  }
}

let instances = 0;

/**
 * The visualizations of a dataset as tabs (behaviour §6.3, WAI-ARIA tabs pattern): a `tablist` of `tab` buttons
 * (`aria-selected`, `aria-controls`, roving tabindex: only the selected tab is a tab stop), Left/Right (and Up/Down)
 * move to the previous/next tab and select it, Home/End jump to the first/last; each `tabpanel` is labelled by its
 * tab and focusable. The first tab is selected; a panel's `<catalog-visualization>` is made on its first selection
 * and kept afterwards. No visualizations → nothing at all (no empty tab list).
 *
 * @summary Tabs of visualizations, one panel per visualization, rendered on first selection.
 * @tag catalog-visualization-tabs
 *
 * @prop {VisualizationModel[]} visualizations - From `visualizationsOf` (src/rich/visualization.ts).
 * @attr {number} hl - Heading level of each visualization's title (default 2).
 * @attr {string} lang - UI language: sv, en or de.
 * @attr {boolean} legend - Passed on to every visualization (WMS legend, §1.11).
 *
 * @event catalog-visualization-tab - After a tab was selected; `detail`: `{ index }`.
 */
export class VisualizationTabsBlock extends LitElement {
  static override properties: PropertyDeclarations = {
    visualizations: { attribute: false },
    hl: { attribute: 'hl' },
    langAttr: { attribute: 'lang' },
    legend: { attribute: false },
    selected: { type: Number },
  };

  declare visualizations: readonly VisualizationModel[] | undefined;
  declare hl: string | number | undefined;
  declare langAttr: string | undefined;
  declare legend: boolean | undefined;
  /** Index of the selected tab. */
  declare selected: number;

  readonly idPrefix = `esbvt${++instances}`;
  /** Panels made so far (a panel renders on its first selection and stays). */
  readonly #rendered = new Set<number>();
  #lang: Lang = 'en';
  readonly #strings = stringsLoader(this, loadVizMessages);
  /** The strings of some language have arrived: from then on a change of language keeps the panels (and their loads). */
  #ready = false;

  constructor() {
    super();
    this.selected = 0;
  }

  override createRenderRoot(): HTMLElement {
    return this;
  }

  /** Indexes of the panels rendered so far. */
  get renderedPanels(): number[] {
    return [...this.#rendered].sort((a, b) => a - b);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    adoptStyles(this.ownerDocument, baseStyles);
    adoptStyles(this.ownerDocument, vizStyles);
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    this.#lang = blockLang(this, readPageConfig(this.ownerDocument));
    this.#strings.load(this.#lang);
    if (changed.has('visualizations')) this.#rendered.clear();
    const count = this.visualizations?.length ?? 0;
    if (this.selected >= count || this.selected < 0 || !Number.isInteger(this.selected)) this.selected = 0;
    if (count) this.#rendered.add(this.selected);
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    await this.#strings.settled;
    if (this.isUpdatePending) done = await super.getUpdateComplete();
    return done;
  }

  #select(index: number, focus: boolean): void {
    const count = this.visualizations?.length ?? 0;
    if (!count) return;
    const next = ((index % count) + count) % count;
    const changed = next !== this.selected;
    this.selected = next;
    if (focus) void this.updateComplete.then(() => this.querySelector<HTMLElement>(`#${this.idPrefix}-tab${next}`)?.focus());
    if (changed) emit(this, 'catalog-visualization-tab', { index: next });
  }

  #onKey(e: KeyboardEvent): void {
    const count = this.visualizations?.length ?? 0;
    const moves: Record<string, number> = {
      ArrowRight: this.selected + 1, ArrowDown: this.selected + 1, ArrowLeft: this.selected - 1, ArrowUp: this.selected - 1,
      Home: 0, End: count - 1,
    };
    const target = moves[e.key];
    if (target === undefined) return;
    e.preventDefault();
    this.#select(target, true);
  }

  override render(): TemplateResult | typeof nothing {
    const list = this.visualizations ?? [];
    this.#ready ||= this.#strings.state === 'ready';
    if (list.length === 0 || !this.#ready) return nothing;
    const id = this.idPrefix;
    const title = (v: VisualizationModel): string => v.title?.value.trim() || msg(this.#lang, 'viz.title');
    return html`<div class="esbBlock esbVizTabs" lang=${this.#lang}>
      <div class="esbVizTabList" role="tablist" aria-label=${msg(this.#lang, 'viz.tabs')} @keydown=${(e: KeyboardEvent) => this.#onKey(e)}>
        ${list.map((v, i) => {
          const selected = i === this.selected;
          return html`<button type="button" role="tab" class="esbVizTab" id="${id}-tab${i}" aria-selected=${selected ? 'true' : 'false'}
            aria-controls="${id}-panel${i}" tabindex=${selected ? '0' : '-1'} @click=${() => this.#select(i, false)}>${title(v)}</button>`;
        })}
      </div>
      ${list.map((v, i) => html`<div class="esbVizTabPanel" role="tabpanel" id="${id}-panel${i}" aria-labelledby="${id}-tab${i}"
        tabindex="0" ?hidden=${i !== this.selected}>${this.#rendered.has(i)
          ? html`<catalog-visualization .visualization=${v} hl=${this.hl ?? nothing} lang=${this.#lang} .legend=${this.legend}></catalog-visualization>`
          : nothing}</div>`)}
    </div>`;
  }
}
