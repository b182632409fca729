/**
 * `<catalog-template>` (the `template` block of EntryScape Blocks, behaviour doc §2.10, §8) and the legacy tag
 * `<esb-template>`. Importing this module registers both.
 */
import { html, type PropertyDeclarations, type TemplateResult } from 'lit';
import { blockProperties } from '../base/catalog-block.ts';
import { LandingBlock, type LandingModel } from '../landing/landing-block.ts';
import type { EntryLocation } from '../../src/config/entry-location.ts';
import type { LoadState } from '../base/load-controller.ts';
import { stateView } from '../base/render.ts';
import { blockDefaults } from '../../src/config/block-overrides-loader.ts';
import { usesEntry } from '../../src/legacy/template/uses-entry.ts';

/**
 * Renders a page author's Handlebars template (`htemplate`, or `template`) the way EntryScape Blocks did, without
 * eval: the template may show the current entry (`{{text}}`, `{{prop "dcat:keyword"}}`, `{{#eachprop}}`,
 * `{{#ifprop}}`, `{{link}}`, `{{viewMetadata}}`, `{{distributionList}}` …) and embed other blocks
 * (`{{datasetList}}`, `{{facets}}`, `{{datasetResults}}` …, with `inherit` / `inherit:key` against this block's
 * parameters). When the template reads an entry, the entry is located like a landing page (attributes, page URL,
 * `routes`, global `entry`/`context`) and loading and error states show as on `<dataset-view>`; a template that only
 * composes blocks renders at once. Metadata is always text; only http(s)/mailto values become link targets.
 *
 * @summary A custom Handlebars template (EntryScape Blocks `template` block), interpreted without eval.
 * @tag catalog-template
 *
 * @attr {string} htemplate - The template (Handlebars). `template` is accepted too.
 * @attr {number} hl - Heading level of the block (`{{hinc}}` is hl + 1; nested blocks may `inherit` it).
 * @attr {string} entry - Entry id in the store (needs `context`).
 * @attr {string} context - Context id of the entry.
 * @attr {string} uri - Resource URI of the entry.
 * @attr {string} lookup - A value to look the entry up by (default property dcterms:identifier).
 * @attr {string} scope - Search scope given to nested search blocks.
 * @attr {string} store-url - Base URL of the EntryStore instance.
 * @attr {string} lang - UI language: sv, en or de.
 *
 * @event catalog-block-state - `detail.state` after each load of the entry.
 */
type TemplateModule = typeof import('../../src/legacy/template/index.ts');
// The interpreter chunk (the same one the result lists load). Loaded here, not through src/legacy/template/param.ts,
// which the search blocks import: a shared module would put this element into the search chunk's imports.
let interpreter: Promise<TemplateModule> | undefined;
let loaded: TemplateModule | undefined;
function loadInterpreter(): Promise<TemplateModule> {
  // with <catalog-metadata>, the entry part that `{{viewMetadata}}` and `{{distributionList}}` embed (the engine
  // only names its tag: src/ defines no element)
  interpreter ??= Promise.all([import('../../src/legacy/template/index.ts'), import('../metadata/metadata.ts')]).then(([m]) => (loaded = m));
  interpreter.catch(() => (interpreter = undefined));
  return interpreter;
}

export class CatalogTemplate extends LandingBlock {
  static override blockName = 'datasetView' as const;
  static override properties: PropertyDeclarations = {
    ...blockProperties('datasetView'),
    ...LandingBlock.locationProperties,
    htemplate: { attribute: 'htemplate' },
    template: { attribute: 'template' },
  };
  protected readonly noEntryMessage = 'dv.noEntry';
  protected readonly notFoundMessage = 'dv.notFound';

  declare htemplate: string | undefined;
  declare template: string | undefined;
  /** The template written inside `<esb-template>` (the old runtime's form), taken once on first connection. */
  #inner: string | undefined;

  /** The template source: attribute, else the page's `blocks` defaults for `template`, else the inner markup. */
  get source(): string {
    const own = this.getAttribute('htemplate') ?? this.getAttribute('template');
    if (own !== null) return own;
    const defaults = blockDefaults(this.pageConfig, 'template')?.defaults ?? {};
    const given = defaults.htemplate ?? defaults.template;
    return typeof given === 'string' ? given : this.#inner ?? '';
  }

  /** A template that reads no entry locates none (no store request; it only composes blocks). */
  override get location(): EntryLocation {
    return usesEntry(this.source) ? super.location : { kind: 'none' };
  }

  override get state(): LoadState {
    return usesEntry(this.source) ? this.loader.state : 'ready';
  }

  override connectedCallback(): void {
    if (this.#inner === undefined && !this.hasAttribute('htemplate') && !this.hasAttribute('template')) {
      const inner = this.querySelector(':scope > template')?.innerHTML ?? this.innerHTML;
      if (inner.trim()) {
        this.#inner = inner;
        this.replaceChildren();
      }
    }
    super.connectedCallback();
  }

  #context(model: LandingModel | undefined) {
    const params: Record<string, unknown> = {};
    for (const a of this.attributes) params[a.name] = a.value;
    for (const [k, v] of Object.entries(this.params)) if (v !== undefined) params[k] = v;
    return {
      ...(model ? { entry: model.entry, ...(model.kind === 'dataset' ? { related: model.related } : {}) } : {}),
      lang: this.uiLang,
      params,
      page: this.pageConfig,
      store: this.store,
      hl: Number(this.params.hl ?? 1),
      host: this,
    };
  }

  protected override renderLanding(result: LandingModel): TemplateResult {
    return loaded ? loaded.renderTemplate(this.source, this.#context(result)) : html``;
  }

  override render(): TemplateResult {
    const source = this.source;
    if (!source) return html``;
    const m = loaded;
    if (!m) {
      void loadInterpreter()
        .then(() => this.requestUpdate())
        .catch((e: unknown) => console.warn('[catalog-blocks] the template interpreter could not be loaded', e));
      return html`${stateView('loading', this.uiLang, { noEntry: this.noEntryMessage, notFound: this.notFoundMessage }, this.retry)}`;
    }
    if (!usesEntry(source)) return m.renderTemplate(source, this.#context(undefined));
    return this.loader.state === 'ready' && this.loader.value ? this.renderLanding(this.loader.value) : super.render();
  }
}

/** The old runtime's tag for the `template` block (its inner markup is the template when no attribute gives one). */
export class EsbTemplate extends CatalogTemplate {}

if (!customElements.get('catalog-template')) customElements.define('catalog-template', CatalogTemplate);
if (!customElements.get('esb-template')) customElements.define('esb-template', EsbTemplate);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-template': CatalogTemplate;
    'esb-template': EsbTemplate;
  }
}
