/**
 * How much metadata text a block renders (issue 8: a 20 MB description rendered whole cost seconds and 120+ MB of
 * heap per block). Every literal is cut while it is read (src/dcat/text.ts, TEXT_HARD_LIMIT); here each rendered
 * value is capped again by where it is shown, with a real "Show more" button (`aria-expanded`, keyboard operable,
 * focus stays on it) that reveals the text up to TEXT_HARD_LIMIT and then says that it was cut.
 */
import { html, nothing } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { Directive, directive, type ChildPart } from 'lit/directive.js';
import type { Text } from '../../src/dcat/model.ts';
import { takeChars, textLength, TEXT_HARD_LIMIT } from '../../src/dcat/text.ts';
import type { Lang } from '../../src/i18n/index.ts';
import { t } from './messages.ts';
import { langOf } from './render.ts';

export { LANDING_TEXT_LIMIT, ROW_TEXT_LIMIT } from '../../src/dcat/text.ts';

interface Host {
  requestUpdate(): void;
}

/** Texts as paragraphs (`<p>`, descriptions) or inline in their parent (a `<dd>` value). */
export type LongTextShape = 'p' | 'inline';

/** The same Text objects (the model's), in a new array or not. */
function sameTexts(a: readonly Text[], b: readonly Text[] | undefined): boolean {
  return !!b && a.length === b.length && a.every((x, i) => x === b[i]);
}

class LongText extends Directive {
  #open = false;
  #source: readonly Text[] | undefined;
  #host: Host | undefined;
  readonly #toggle = (): void => {
    this.#open = !this.#open;
    this.#host?.requestUpdate();
  };

  override update(part: ChildPart, args: [readonly Text[], number, Lang, LongTextShape?]): unknown {
    this.#host = part.options?.host as Host | undefined;
    return this.render(...args);
  }

  render(texts: readonly Text[], limit: number, ui: Lang, shape: LongTextShape = 'p'): unknown {
    if (!sameTexts(texts, this.#source)) {
      this.#source = texts;
      this.#open = false;
    }
    const total = textLength(texts);
    const more = total > limit;
    const { shown } = takeChars(texts, this.#open || !more ? TEXT_HARD_LIMIT : limit);
    const body = shape === 'p'
      ? shown.map((p) => html`<p lang=${ifDefined(langOf(p, ui))}>${p.value}</p>`)
      : shown.map((p) => (langOf(p, ui) ? html`<span lang=${langOf(p, ui)!}>${p.value}</span>` : p.value));
    const cut = total > TEXT_HARD_LIMIT && (this.#open || !more);
    if (!more && !cut) return body;
    // One template whatever the state: the button stays the same element, so focus stays on it.
    return html`${body}<span class="esbLongTextMore esbLongTextMore--${shape}"
      >${cut ? html`<span class="esbTextCut">${t(ui, 'text.cut', { n: TEXT_HARD_LIMIT.toLocaleString(ui) })}</span> ` : nothing}${more
        ? html`<button type="button" class="esbShowMore" aria-expanded=${this.#open ? 'true' : 'false'} @click=${this.#toggle}>
            ${t(ui, this.#open ? 'text.showLess' : 'text.showMore')}
          </button>`
        : nothing}</span
    >`;
  }
}

/**
 * `texts` (paragraphs of one literal) with at most `limit` characters shown and "Show more" for the rest (up to
 * TEXT_HARD_LIMIT). The open state belongs to the place in the template and resets when other texts are shown.
 */
export const longText = directive(LongText);
