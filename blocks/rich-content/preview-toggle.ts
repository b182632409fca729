/**
 * `<catalog-preview-toggle>`: the "Preview data" control of one CSV distribution row (behaviour doc §1.7, §6.5). A
 * real button (`aria-expanded`, `aria-controls`) opens a region under the row; the data preview chunk
 * (`<catalog-data-preview>`, papaparse) is imported on the FIRST opening only, and the preview stays built while
 * the region is closed and opened again (no second download). Light DOM, like the blocks around it.
 */
import { LitElement, html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { msg, toLang } from '../../src/i18n/index.ts';

let instances = 0;

export class PreviewToggle extends LitElement {
  static override properties: PropertyDeclarations = {
    src: { attribute: 'src' },
    downloadHref: { attribute: 'download-href' },
    label: { attribute: 'label' },
    encoding: { attribute: 'encoding' },
    langAttr: { attribute: 'lang' },
    hl: { attribute: 'hl' },
    _open: { state: true },
    _built: { state: true },
  };

  declare src: string | undefined;
  declare downloadHref: string | undefined;
  declare label: string | undefined;
  declare encoding: string | undefined;
  declare langAttr: string | undefined;
  declare hl: string | number | undefined;
  declare _open: boolean;
  declare _built: boolean;

  readonly #id = `esbpt${++instances}`;

  constructor() {
    super();
    this._open = false;
    this._built = false;
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  #toggle = (): void => {
    this._open = !this._open;
    if (this._open && !this._built) {
      this._built = true;
      // The element upgrades when its chunk arrives; until then the region shows nothing but the button is live.
      import('../data-preview/data-preview.ts').catch((e: unknown) => console.warn('[catalog-blocks] the data preview could not be loaded', e));
    }
  };

  override render(): TemplateResult | typeof nothing {
    if (!this.src) return nothing;
    const lang = toLang(this.langAttr) ?? 'en';
    const region = `${this.#id}-region`;
    return html`<button type="button" class="esbPreviewButton esbBtn esbBtnDisclosure" aria-expanded=${this._open ? 'true' : 'false'}
        aria-controls=${region} @click=${this.#toggle}>${msg(lang, this._open ? 'preview.close' : 'preview.open')}${this.label
          ? html`<span class="esbVisuallyHidden">: ${this.label}</span>`
          : nothing}</button>
      <div class="esbPreviewRegion" id=${region} ?hidden=${!this._open}>
        ${this._built
          ? html`<catalog-data-preview src=${this.src} download-href=${ifDefined(this.downloadHref)} label=${ifDefined(this.label)}
              encoding=${ifDefined(this.encoding)} lang=${lang} hl=${ifDefined(this.hl)}></catalog-data-preview>`
          : nothing}
      </div>`;
  }
}

if (!customElements.get('catalog-preview-toggle')) customElements.define('catalog-preview-toggle', PreviewToggle);

declare global {
  interface HTMLElementTagNameMap {
    'catalog-preview-toggle': PreviewToggle;
  }
}
