/**
 * `results` base block (behaviour doc §2.10, §4.8): the result count of a SearchScope in a polite live region.
 * No term and no filter → "Showing all N datasets"; a term or filter with hits → "N datasets match your search";
 * without hits → "No datasets match your search." (singular forms for 1; N with the UI locale's digit grouping).
 * When data services can be among the results, "results" are counted ("Showing all N results", issue 11).
 * DOM: `div.esbResults` (+ `.esbResults--filtered` when a term or filter is active) with `role="status"`.
 * While a search runs the previous text stays (nothing new to announce); a failed search shows no count (the
 * list shows the error).
 * Templates (issue 10): `templateNoFilter`, `templateFilter` and `templateFilterNoResults` (attributes
 * `templatenofilter` …, or defaults of the page's `blocks` definitions) replace the three texts; `{{resultsize}}` is
 * the count. The interpreter chunk is loaded only when one is given; until then the built-in text shows.
 */
import { html, type PropertyDeclarations, type TemplateResult } from 'lit';
import { msg } from '../../src/i18n/index.ts';
import type { SearchScope } from '../../src/search/scope.ts';
import type { SearchResults } from '../../src/search/types.ts';
import { blockProperties, CatalogBlock } from '../base/catalog-block.ts';
import type { LoadState } from '../base/load-controller.ts';
import { isFiltered } from '../dataset-list/search-list.ts';
import { scopeNameOf } from '../search-base/scope-params.ts';
import { ScopePart } from '../search-base/scope-part.ts';
import { RESULTS_TEMPLATES, templates } from '../search-base/templates.ts';

/**
 * The count text of a result (§4.8): of datasets, or of "results" when data services can be among them (`counts`).
 */
export function resultsText(results: SearchResults, lang: Parameters<typeof msg>[0]): string {
  const n = results.total;
  const filtered = isFiltered(results.state);
  // hits.* / results.* + all | filtered | none; with nothing at all, hits.empty / list.empty
  const part = results.counts ? 'hits.' : n || filtered ? 'results.' : 'list.';
  return msg(lang, part + (n ? (filtered ? 'filtered' : 'all') : filtered ? 'none' : 'empty'), { n });
}

export class ResultsBlock extends CatalogBlock {
  static override blockName = 'datasetResults' as const;
  static override properties: PropertyDeclarations = {
    ...blockProperties('datasetResults'),
    scope: { attribute: 'scope' },
    context: { attribute: 'context' },
  };

  declare scope: string | undefined;

  /** Follows its scope as the block that speaks the scope's result count (see countAnnouncers). */
  readonly #scope = new ScopePart(this, {
    keepWhileLoading: true,
    joined: (scope) => scope.countAnnouncers.add(this),
    left: (scope) => scope.countAnnouncers.delete(this),
  });

  get scopeName(): string {
    return scopeNameOf(this);
  }

  get searchScope(): SearchScope {
    return this.#scope.scope;
  }

  /** Resolves once the scope's names and labels are in too. */
  override get loadComplete(): Promise<string> {
    return this.#scope.loadComplete(super.loadComplete);
  }

  /** The scope's state (its `catalog-block-state` events come from the ScopePart). */
  override get state(): LoadState {
    return this.#scope.state;
  }

  override render(): TemplateResult {
    const lang = this.uiLang;
    const scope = this.#scope.current;
    const results = scope?.status === 'error' ? undefined : scope?.results;
    const filtered = results ? isFiltered(results.state) : false;
    // the author's template for these results (issue 10), once the interpreter is loaded
    const tpl = templates(this, RESULTS_TEMPLATES, 'datasetResults');
    return html`<div class="esbBlock" lang=${lang}>
      <div class="esbResults${filtered ? ' esbResults--filtered' : ''}" role="status" aria-live="polite"
        >${results ? tpl?.resultsTemplate(this, results.total, filtered) ?? resultsText(results, lang) : ''}</div
      >
    </div>`;
  }
}
