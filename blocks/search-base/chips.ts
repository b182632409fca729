/**
 * Chips of the active search state (behaviour doc §4.2): one `button.item.esbItemTerm` per free-text term and one
 * `button.item.esbItemFacet` (`span.group` + `span.itemLabel`) per selected facet value. Activating a chip removes
 * it; its accessible name is "Remove <label>". Shared by the multi search and `<catalog-active-filters>`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, type Lang } from '../../src/i18n/index.ts';
import type { CollectionName, SearchResults, SearchState } from '../../src/search/types.ts';
import { toggleFilter } from './search-state.ts';
import { collectionLabel } from '../../src/search/collections.ts';
import { langOf } from '../base/render.ts';
import { clip, clipWords, FACET_LABEL_LIMIT, TEXT_HARD_LIMIT } from '../../src/dcat/text.ts';

export interface Chip {
  /** Stable key: `term:<text>` or `<collection>:<value>`. */
  readonly key: string;
  readonly kind: 'term' | 'facet';
  readonly collection?: CollectionName;
  readonly value: string;
  readonly label: string;
  readonly labelLang?: string | undefined;
}

/** The label of a selected facet value: from the current facet results, else the value's last URI segment. */
export function facetValueLabel(
  results: SearchResults | undefined,
  name: CollectionName,
  value: string,
): { label: string; lang?: string | undefined } {
  const found = results?.facets.find((g) => g.name === name)?.values.find((v) => v.value === value);
  if (found) return { label: found.label, lang: found.labelLang };
  const m = /^https?:\/\/.*[/#]([^/#]+)$/.exec(value);
  return { label: m ? decodeURIComponent(m[1]!) : value };
}

export function chipsOf(state: SearchState, results: SearchResults | undefined, withTerms: boolean): Chip[] {
  const chips: Chip[] = [];
  if (withTerms) for (const term of state.terms) chips.push({ key: `term:${term}`, kind: 'term', value: term, label: term });
  for (const [name, values] of Object.entries(state.filters) as [CollectionName, readonly string[] | undefined][]) {
    for (const value of values ?? []) {
      const { label, lang } = facetValueLabel(results, name, value);
      chips.push({ key: `${name}:${value}`, kind: 'facet', collection: name, value, label, labelLang: lang });
    }
  }
  return chips;
}

/** `state` without the chip. */
export function withoutChip(state: SearchState, chip: Chip): SearchState {
  if (chip.kind === 'term') return { ...state, terms: state.terms.filter((x) => x !== chip.value), page: 1 };
  const name = chip.collection!;
  return state.filters[name]?.includes(chip.value) ? toggleFilter(state, name, chip.value) : { ...state, page: 1 };
}

export function renderChips(
  chips: readonly Chip[],
  lang: Lang,
  listLabel: string,
  remove: (chip: Chip, index: number) => void,
): TemplateResult | typeof nothing {
  if (chips.length === 0) return nothing;
  return html`<ul class="esbChips" aria-label=${listLabel}>
    ${chips.map(
      (c, i) => {
        const group = c.kind === 'facet' ? `${collectionLabel(c.collection!, lang).text}: ` : '';
        // A long value is cut on the chip and in its name; the `title` keeps it whole.
        const label = clipWords(c.label, FACET_LABEL_LIMIT);
        return html`<li>
          <button
            type="button"
            class="item ${c.kind === 'facet' ? 'esbItemFacet' : 'esbItemTerm'}"
            data-chip=${c.key}
            aria-label=${msg(lang, 'multi.removeChip', { label: `${group}${label}` })}
            title=${label === c.label ? nothing : clip(c.label, TEXT_HARD_LIMIT)}
            @click=${() => remove(c, i)}
          >
            ${group ? html`<span class="group">${group}</span>` : nothing}<span class="itemLabel" lang=${langOf({ lang: c.labelLang }, lang) ?? nothing}
              >${label}</span
            ><span class="esbChipRemove" aria-hidden="true">×</span>
          </button>
        </li>`;
      },
    )}
  </ul>`;
}

/** After a chip at `index` was removed: focus the chip now at `index` (the next), else the previous, else `fallback`. */
export function focusAfterChipRemoval(root: Element, index: number, fallback: () => HTMLElement | null): void {
  const chips = [...root.querySelectorAll<HTMLElement>('.esbChips button.item')];
  const target = chips[index] ?? chips[index - 1] ?? fallback();
  target?.focus();
}
