/**
 * Row, list and result templates of the search blocks (issue 10), rendered here in the interpreter chunk: the search
 * chunk keeps only the check whether a block has one (blocks/search-base/templates.ts) and calls these once the chunk
 * is loaded.
 *
 * List templates: `rowhead` (the head of each row, beside the expand button), `rowexpand` (the expanded area),
 * `listhead` (before the list), `listbody` (around the list: `{{body}}` is the list), `listplaceholder` (no results and
 * no search term or filter) and `listempty` (no results for a search; each stands in for the other). Rows see their
 * entry (`{{text}}`, `{{prop}}`, `{{link}}` …); labels of linked resources come from the row's own metadata and the
 * bundled vocabularies. Result templates: `templateNoFilter`, `templateFilter`, `templateFilterNoResults`;
 * `{{resultsize}}` is the count.
 */
import { html, nothing } from 'lit';
import type { GlobalConfig } from '../../config/params.ts';
import { loadVocabulariesFor } from '../../dcat/vocab.ts';
import { objectIris } from '../../dcat/entry.ts';
import { rdfTypesOf } from '../../search/settings.ts';
import { dependencyTargets } from '../list.ts';
import type { Lang } from '../../i18n/index.ts';
import type { CatalogStore, StoreEntry } from '../../store/types.ts';
import { interpret } from './interpret.ts';
import { parseTemplate } from './parse.ts';
import { templateParam } from './param.ts';

/** What a block gives its templates. */
export interface TemplateHost extends Element {
  readonly pageConfig: GlobalConfig;
  readonly uiLang: Lang;
  readonly store: CatalogStore;
  readonly params: Record<string, unknown>;
  readonly strict: boolean;
  requestUpdate(): void;
}

type Extra = { entry?: StoreEntry; related?: ReadonlyMap<string, StoreEntry>; body?: unknown; hl: number; resultsize?: number };

/** The template `key` of `host` rendered (undefined: none given). */
function render(h: TemplateHost, key: string, name: string, extra: Extra): unknown {
  let source = templateParam(h, key, h.pageConfig, name);
  if (source === undefined) return undefined;
  // strictStandardHtml (behaviour doc §7): a `main` in a list body template becomes a `div` (the host owns `main`).
  if (key === 'listbody' && h.strict) source = source.replace(/<(\/?)main(?=[\s/>])/gi, '<$1div');
  const program = parseTemplate(source);
  return program ? interpret(program, { lang: h.uiLang, params: h.params, page: h.pageConfig, store: h.store, host: h, ...extra }) : html``;
}

/** Per list, the entries whose vocabulary labels (themes, licences …) were asked for. */
const labelled = new WeakMap<Element, WeakSet<StoreEntry>>();

/** Per list: the entries its rows point to through `dependencyproperties`, and the rows already asked for. */
const dependencies = new WeakMap<Element, { readonly key: string; readonly found: Map<string, StoreEntry>; readonly asked: WeakSet<StoreEntry> }>();

/**
 * The incumbent's `dependencyproperties` (issue 26): the entries a row points to through those properties, so its
 * templates show their labels (`{{prop "dcterms:publisher" render="label"}}` → the publisher's name, not its URI).
 * Each row asks once; the rows of one render ask in the same tick, which the store client merges into ONE batched
 * lookup (and serves from its cache afterwards). The row renders again when they come.
 */
function dependenciesOf(h: TemplateHost, entry: StoreEntry): ReadonlyMap<string, StoreEntry> | undefined {
  const props = rdfTypesOf(h.params.dependencyproperties);
  if (!props.length) return undefined;
  const key = props.join(' ');
  let d = dependencies.get(h);
  if (!d || d.key !== key) dependencies.set(h, (d = { key, found: new Map(), asked: new WeakSet() }));
  if (!d.asked.has(entry)) {
    d.asked.add(entry);
    const found = d.found;
    const missing = dependencyTargets([entry], props).filter((u) => !found.has(u));
    if (missing.length) {
      h.store.getEntriesByResourceUris(missing)
        .then(async (m) => {
          for (const [k, v] of m) found.set(k, v);
          await loadVocabulariesFor(objectIris(m.values()));
          h.requestUpdate();
        })
        .catch((e: unknown) => console.warn('[catalog-blocks] the entries named by dependencyproperties could not be looked up', e));
    }
  }
  return d.found;
}

/** `custom` of a row's state: its rendered `rowhead` / `rowexpand` (an empty object without templates). */
export function listRow(h: TemplateHost, entry: StoreEntry, hl: number, name = 'datasetList'): { custom?: { head?: unknown; expand?: unknown } } {
  const related = dependenciesOf(h, entry);
  const head = render(h, 'rowhead', name, { entry, hl, ...(related ? { related } : {}) });
  const expand = render(h, 'rowexpand', name, { entry, hl, ...(related ? { related } : {}) });
  if (head === undefined && expand === undefined) return {};
  let seen = labelled.get(h);
  if (!seen) labelled.set(h, (seen = new WeakSet()));
  if (!seen.has(entry)) {
    // `{{prop … render="label"}}` of a row: the labels of its concepts arrive with their vocabulary chunks.
    seen.add(entry);
    const iris = [...entry.metadata.triples()].filter((tr) => tr.object.termType === 'NamedNode').map((tr) => tr.object.value);
    void loadVocabulariesFor(iris).then(() => h.requestUpdate(), () => {});
  }
  return { custom: { ...(head !== undefined ? { head } : {}), ...(expand !== undefined ? { expand } : {}) } };
}

/** The list (`body`) inside the `listbody` template, after the `listhead` template. */
export function listBody(h: TemplateHost, body: unknown, hl: number, name = 'datasetList'): unknown {
  const head = render(h, 'listhead', name, { hl });
  const wrapped = render(h, 'listbody', name, { body, hl });
  if (head === undefined && wrapped === undefined) return body;
  return html`${head ?? nothing}${wrapped ?? body}`;
}

/** What an empty result shows instead of the built-in text (undefined: no template). */
export function listEmpty(h: TemplateHost, filtered: boolean, hl: number, name = 'datasetList'): unknown {
  const [first, second] = filtered ? ['listempty', 'listplaceholder'] : ['listplaceholder', 'listempty'];
  return render(h, first!, name, { hl }) ?? render(h, second!, name, { hl });
}

/** The results block's text from its template (undefined: none given). */
export function resultsTemplate(h: TemplateHost, total: number, filtered: boolean): unknown {
  const key = !filtered ? 'templateNoFilter' : total === 0 ? 'templateFilterNoResults' : 'templateFilter';
  return render(h, key, 'datasetResults', { hl: Number(h.params.hl ?? 2), resultsize: total });
}
