/**
 * Shared loading of the landing-page blocks (`<dataset-view>`, `<dataservice-view>`): locate the entry (attributes,
 * page URL, page config), then at most two store requests — (1) the entry, (2) ONE batched lookup of every resource
 * it links to — and, in catalog mode only, (3) one more batched lookup of the store files named by download URLs
 * when (2) did not already return them. Whatever kind the entry turns out to be (dataset, series, data service) is
 * rendered as such, so a link to a data service works on a dataset page and vice versa.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { fetchLocatedEntry, LOCATION_PROPERTIES, locationOf, type EntryLocation } from '../../src/config/entry-location.ts';
import { buildDatasetModel, fileUrisToResolve, followUpResources, linkedResources } from '../../src/dcat/dataset.ts';
import { datasetJsonLdText, placeJsonLd, removeJsonLd } from '../../src/rich/jsonld.ts';
import { renderDataset } from './render-dataset.ts';
import { linkedResourcesOfService, objectIris, resourceTerm } from '../../src/dcat/entry.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { entryKind } from '../../src/dcat/kind.ts';
import { loadVocabulariesFor } from '../../src/dcat/vocab.ts';
import type { DataServiceModel, DatasetModel } from '../../src/dcat/model.ts';
import { loadLandingMessages, msg, type Lang } from '../../src/i18n/index.ts';
import type { CatalogStore, InverseLookup, StoreEntry } from '../../src/store/types.ts';
import { CatalogBlock } from '../base/catalog-block.ts';
import { isAbort } from '../../src/store/errors.ts';
import { stateView } from '../base/render.ts';
import { anyRich, loadCoverage, loadRich, richFlags, type RichModule } from '../rich-content/hook.ts';
import type { RichFlags, RichSlots } from '../rich-content/parts.ts';
import { lookupPlan } from '../../src/rich/lookup-plan.ts';
import { LoadController } from '../base/load-controller.ts';
import { pendingSlots } from './rich-pending.ts';

/**
 * A data service's view model and rendering: most landing pages show datasets, so this code is a chunk of its own,
 * loaded (in parallel with the related lookup) only when the entry is a data service.
 */
const loadServiceView = () => import('./render-service.ts');
let renderService: typeof import('./render-service.ts').renderService | undefined;

/** A location that names an entry. */
type FoundLocation = Exclude<EntryLocation, { kind: 'none' }>;

export type LandingModel =
  | {
      readonly kind: 'dataset';
      readonly model: DatasetModel;
      /** What the model was built from (rebuilt when a row's access service is looked up on first expand). */
      readonly entry: StoreEntry;
      readonly related: Map<string, StoreEntry>;
      readonly options: LandingOptions;
      /** The batched lookup of linked resources failed: the page shows what the entry alone says. */
      readonly relatedFailed?: boolean;
      /**
       * The model from the entry alone (`early`) while the entry names distributions the lookup has not described yet:
       * the list says it is loading them, never "no distributions" (issue 28 point 2).
       */
      readonly distributionsPending?: boolean;
      /**
       * The spatial row of a dataset with a geometry while every rich parameter is off (coverage.ts). With a rich
       * parameter on, the block puts the rich parts (issue 9) here as it renders, once their chunk is in.
       */
      readonly rich?: RichSlots;
    }
  | {
      readonly kind: 'service';
      readonly model: DataServiceModel;
      readonly entry: StoreEntry;
      /** The entries of the batched lookup (publisher, contact points …; the RDForms presenter reads them). */
      readonly related?: Map<string, StoreEntry>;
      readonly options: LandingOptions;
      readonly relatedFailed?: boolean;
      readonly rich?: RichSlots;
    };

/**
 * Longest wait for the batched lookup of linked resources. The store client already times out each request, but the
 * lookup also waits for batching and vocabulary chunks: whatever hangs, the dataset itself is shown after this and
 * the missing parts are marked, so a landing page never waits forever for names of publishers or distributions.
 */
export const RELATED_LOOKUP_TIMEOUT_MS = 15_000;

/** `promise`, or an Error after `ms`. */
const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(reject, ms, new Error(`timeout ${ms} ms`)))]);

async function related(store: CatalogStore, uris: readonly string[], signal: AbortSignal, inverse?: InverseLookup): Promise<Map<string, StoreEntry>> {
  return uris.length || inverse ? store.getEntriesByResourceUris(uris, { signal, inverse }) : new Map();
}

export interface LandingOptions {
  readonly lang: Lang;
  readonly registry: boolean;
  /** The rich-content parameters (hook.ts); absent = all off. */
  readonly rich?: RichFlags;
}

/** Some rich part is asked for: the block adds the parts (or their loading states) to what it shows. */
const richOn = (opts: LandingOptions): opts is LandingOptions & { rich: RichFlags } => !!opts.rich && anyRich(opts.rich);

/**
 * Entry → view model with at most two (catalog mode with unresolved store files: three) store requests. `early` gets
 * a dataset's model from the entry alone as soon as it is there (title, description, what its own graph says), before
 * the lookups of names, labels and files, which the returned model has. Neither waits for the rich content (issue 27
 * point 1): its chunk loads beside (the block's rich-content controller) and its parts fill in when it is there.
 */
export async function loadLanding(
  store: CatalogStore,
  loc: FoundLocation,
  opts: LandingOptions,
  signal: AbortSignal,
  relatedTimeoutMs: number,
  early: (model: LandingModel) => void,
): Promise<LandingModel> {
  // The UI strings of the page language load while the entry is fetched (one small chunk, no extra wait).
  const [entry] = await Promise.all([fetchLocatedEntry(store, loc, signal), loadLandingMessages(opts.lang)]);
  // (a data service's view is a chunk of its own, loaded with the lookups)
  if (entryKind(entry) !== 'service') {
    const landing = datasetLanding(store, entry, new Map(), opts, false, () => undefined);
    const named = entry.metadata.objects(resourceTerm(entry), `${NS.dcat}distribution`).filter((t) => t.termType !== 'Literal').length;
    early(named > landing.model.distributions.length ? { ...landing, distributionsPending: true } : landing);
  }
  return landingOf(store, entry, opts, signal, relatedTimeoutMs);
}

/**
 * The view model of a loaded entry: its related lookup (request 2, and 3 for store files) with a timeout. When only
 * that lookup fails, the entry is still shown (names fall back to URIs, distributions to what the entry says) and
 * `relatedFailed` marks the missing parts; an abort still propagates (a newer run took over).
 */
export async function landingOf(
  store: CatalogStore,
  entry: StoreEntry,
  opts: LandingOptions,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<LandingModel> {
  const storeBaseUrl = store.baseUrl;
  const service = entryKind(entry) === 'service';
  const serviceView = service ? loadServiceView() : undefined;
  const flags = opts.rich;
  // A geometry is shown as coordinates even with every parameter off (coverage.ts, not the whole rich chunk); it
  // loads while the related lookup runs. (With a rich parameter on, the rich content shows it.)
  const coverage = !richOn(opts) && !service ? loadCoverage(entry, opts.lang) : undefined;
  // what the rich parts need from the lookup is read from the entry (their chunk may still be on its way)
  const plan = flags && richOn(opts) && !service ? lookupPlan(entry, flags) : undefined;
  let rel = new Map<string, StoreEntry>();
  let relatedFailed = false;
  try {
    rel = await withTimeout(
      (async () => {
        const uris = service ? linkedResourcesOfService(entry) : [...linkedResources(entry), ...(plan?.uris ?? [])];
        // The vocabulary chunks the entry itself needs load in parallel.
        const [found] = await Promise.all([related(store, uris, signal, plan?.inverse), loadVocabulariesFor(objectIris([entry]))]);
        await loadVocabulariesFor(objectIris(found.values()));
        // Catalog mode: the store files named by download URLs that this lookup did not return (none in registry mode).
        if (!service) for (const [k, v] of await related(store, fileUrisToResolve(entry, found, { ...opts, storeBaseUrl }), signal)) found.set(k, v);
        return found;
      })(),
      timeoutMs,
    );
  } catch (e) {
    if (signal.aborted || isAbort(e)) throw e;
    console.warn('[catalog-blocks] related lookup failed', e);
    relatedFailed = true;
    // The entry's own vocabulary labels still load (they do not depend on the store).
    await loadVocabulariesFor(objectIris([entry])).catch(() => {});
  }
  if (serviceView) {
    const { buildDataServiceModel, renderService: render } = await serviceView;
    renderService = render;
    const model = buildDataServiceModel(entry, rel, { lang: opts.lang, storeBaseUrl });
    return { kind: 'service', model, entry, related: rel, options: opts, relatedFailed };
  }
  const m = await coverage;
  return datasetLanding(store, entry, rel, opts, relatedFailed, (model) => m?.coverageSlots(entry, model, opts.lang));
}

/** The dataset's view model; `coverage` its spatial row while no rich parameter is on. */
function datasetLanding(
  store: CatalogStore,
  entry: StoreEntry,
  related: Map<string, StoreEntry>,
  options: LandingOptions,
  relatedFailed: boolean,
  coverage: (model: DatasetModel) => RichSlots | undefined,
): Extract<LandingModel, { kind: 'dataset' }> {
  const model = buildDatasetModel(entry, related, { ...options, storeBaseUrl: store.baseUrl });
  const rich = richOn(options) ? undefined : coverage(model);
  return { kind: 'dataset', model, entry, related, options, relatedFailed, rich };
}

/** The rich parts of a landing model, made by the rich content's chunk. */
function richSlots(m: RichModule, landing: LandingModel, flags: RichFlags, storeBaseUrl: string): RichSlots {
  const { entry, options: { lang } } = landing;
  if (landing.kind === 'service') return m.serviceSlots(entry, landing.related ?? new Map(), flags, lang);
  return m.datasetSlots({ entry, related: landing.related, model: landing.model, flags, storeBaseUrl, lang });
}

/**
 * Access services named only by a distribution's own graph are not known before request 2 answers; the landing view
 * does not wait for them (at most two requests). When a row is first expanded they are looked up in ONE batched
 * request (once per view) and the model is rebuilt, so the access-service box gets its title, type and endpoint.
 */
export async function withFollowUps(store: CatalogStore, landing: Extract<LandingModel, { kind: 'dataset' }>): Promise<LandingModel | undefined> {
  const missing = followUpResources(landing.entry, landing.related, { ...landing.options, storeBaseUrl: store.baseUrl });
  if (missing.length === 0) return undefined;
  const found = await store.getEntriesByResourceUris(missing);
  await loadVocabulariesFor(objectIris(found.values()));
  return datasetLanding(store, landing.entry, new Map([...landing.related, ...found]), landing.options, false, () => landing.rich);
}

/** A block that shows the landing page of one entry located from the page URL or its attributes. */
export abstract class LandingBlock extends CatalogBlock<LandingModel> {
  declare entry: string | undefined;
  declare context: string | undefined;
  declare uri: string | undefined;
  declare lookup: string | undefined;
  declare lookupLiteral: string | undefined;
  declare lookupUri: string | undefined;

  /** The locating attributes (`lookup-literal`, `lookup-uri`): reactive, so a new value loads another entry. */
  static locationProperties = LOCATION_PROPERTIES;

  /** Where the entry comes from, as resolved now. */
  get location(): EntryLocation {
    return locationOf(this, this.pageConfig);
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    super.willUpdate(changed);
    this.#focusWasInside = this.contains(this.ownerDocument.activeElement);
    this.#load(false);
  }

  /**
   * "Try again" (or any re-render) removed the focused element: focus moves to the block's state message or title
   * (made focusable with tabindex=-1) instead of being lost to <body>.
   */
  protected override updated(changed: Map<PropertyKey, unknown>): void {
    super.updated(changed);
    // (after this update: the controller's run asks for one more)
    if (this.#richDue()) queueMicrotask(() => this.#loadRichParts());
    this.#placeJsonLd();
    if (!this.#focusWasInside || this.contains(this.ownerDocument.activeElement)) return;
    // The first heading of a landing page is its title.
    // (The related-lookup note is an .esbState too.) Headings get tabindex=-1: focusable by script only.
    const target = this.querySelector<HTMLElement>('.esbState,h1,h2,h3,h4,h5,h6');
    target?.setAttribute('tabindex', '-1');
    target?.focus();
  }

  /** Longest wait for the related lookup before the entry is shown without it (a hook for tests; see the constant). */
  relatedTimeoutMs = RELATED_LOOKUP_TIMEOUT_MS;

  /** Whether the page gets schema.org JSON-LD of the dataset shown (datasetView: yes). */
  protected readonly emitsJsonLd: boolean = false;
  #jsonLdFor: unknown;

  /**
   * JSON-LD for search engines: ONE `<script type="application/ld+json">` in the page's head with the schema.org
   * Dataset of the dataset shown, replaced when another is shown and removed with the block (`null`). Written after
   * the page is shown (it is not on the way to the first content); the writer sits in the landing chunk (a chunk of
   * its own would cost a landing page a file and the import glue).
   */
  #placeJsonLd(value: LandingModel | null | undefined = this.loader.state === 'ready' ? this.loader.value : undefined): void {
    if (!this.emitsJsonLd || value === this.#jsonLdFor) return;
    this.#jsonLdFor = value;
    removeJsonLd(this);
    if (value?.kind !== 'dataset') return;
    datasetJsonLdText(value.model, { pageUrl: this.ownerDocument.location?.href ?? '', ...value })
      .then((json) => {
        if (this.#jsonLdFor === value && this.isConnected) placeJsonLd(this, json);
      })
      .catch((e: unknown) => console.warn('[catalog-blocks] JSON-LD for search engines could not be made', e));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#placeJsonLd(null);
  }

  /** Loads again, even when nothing changed (the "Try again" button). */
  retry = (): void => this.#load(true);

  /** "Try again" of a page shown without its related lookup: runs only that lookup again (the entry is known). */
  retryRelated = (): void => {
    const current = this.loader.value;
    if (!current?.relatedFailed || this.#relatedRetry) return;
    const abort = (this.#relatedRetry = new AbortController());
    this.requestUpdate();
    // Still failing: the note stays (with its button) and says so again.
    this.#replace(current, landingOf(this.store, current.entry, current.options, abort.signal, this.relatedTimeoutMs), '', () => {
      if (this.#relatedRetry === abort) this.#relatedRetry = undefined;
    });
  };

  /**
   * `next`, a model rebuilt from `current`, is shown when it comes unless another model is shown by then (an abort
   * means a newer load took over); `settled` gets the model shown, if any, before the block renders again.
   */
  #replace(current: LandingModel, next: Promise<LandingModel | undefined>, failure: string, settled: (shown?: LandingModel) => void): void {
    // `next` failing is handled by the first step; the second only runs this block's own callbacks
    void next
      .then(
        (model) => (model && this.loader.value === current ? (this.loader.value = model) : undefined),
        (e: unknown) => void (isAbort(e) || console.warn(`[catalog-blocks]${failure}`, e)),
      )
      .then((shown) => {
        settled(shown);
        this.requestUpdate();
      });
  }

  #relatedRetry: AbortController | undefined;
  /** Focus was inside this block before an update; if the focused element went away, focus stays in the block. */
  #focusWasInside = false;

  #load(force: boolean): void {
    if (this.pageConfigPending) return;
    if (force) {
      this.#relatedRetry?.abort();
      this.#relatedRetry = undefined;
    }
    const loc = this.location;
    const lang = this.uiLang;
    // the effective `registry` parameter (only datasetView has it; others read false)
    const registry = this.params.registry === true;
    const rich = richFlags(this.params);
    const store = this.store;
    // what decides the result, as text: another store, location, language or parameter loads again
    const key = JSON.stringify([store.baseUrl, loc, lang, registry, rich]);
    // The rich content's chunk (and the strings of its parts) loads once the entry is shown (see `updated`).
    const richKey = JSON.stringify([lang, rich]);
    // ("Try again" stays asked for until the chunk's run starts: the updates before it call this without `force`)
    const again = force || (this.#richWanted?.key === richKey && this.#richWanted.force);
    this.#richWanted = loc.kind !== 'none' && anyRich(rich) ? { key: richKey, lang, rich, force: again } : undefined;
    if (!this.#richWanted) this.#richChunk.settle('', 'idle');
    if (loc.kind === 'none') {
      this.loader.settle(key, 'noEntry');
      return;
    }
    this.loader.run(key, (signal) => loadLanding(store, loc, { lang, registry, rich }, signal, this.relatedTimeoutMs, (model) => {
      // the load controller aborts a run when another starts: then this model is another entry's (or outdated)
      this.#early = () => (signal.aborted ? undefined : model);
      this.requestUpdate();
    }), force);
  }

  /** The model from the entry alone, shown (aria-busy) while the lookups of its run go on. */
  #early: (() => LandingModel | undefined) | undefined;

  /**
   * The rich content's chunk with the strings of the parts asked for (hook.ts `loadRich`, which never rejects: a chunk
   * that cannot load leaves the page without its rich parts, and says so in the console), keyed by language and parts.
   * Until it is in, each part the page will show has its busy placeholder (rich-pending.ts).
   */
  readonly #richChunk = new LoadController<RichModule | undefined, 'ready'>(this, { done: () => 'ready', failed: () => 'ready' });
  /** The rich chunk the parameters ask for (`force`: "Try again", which tries a chunk that failed again too). */
  #richWanted: { key: string; lang: Lang; rich: RichFlags; force: boolean } | undefined;

  /**
   * Starts loading the rich chunk once the page shows its entry (the title is in the DOM): it then loads while the
   * related lookup runs, and never takes the link's bandwidth from what the title waits for (issue 27 point 1).
   */
  #loadRichParts(): void {
    const wanted = this.#richWanted;
    if (!wanted || !this.#richDue()) return;
    this.#richChunk.run(wanted.key, () => loadRich(wanted.lang, wanted.rich), wanted.force);
    wanted.force = false;
  }

  /** The page shows its entry, and the rich chunk it asks for is not loading or loaded yet (or is asked for again). */
  #richDue(): boolean {
    const wanted = this.#richWanted;
    return !!wanted && (wanted.force || wanted.key !== this.#richChunk.key) && (this.loader.state === 'ready' || !!this.earlyModel);
  }

  /** The last landing model given its rich parts (the parts are made once per model and chunk). */
  #withParts: { from: LandingModel; chunk: RichModule; to: LandingModel } | undefined;

  /**
   * `shown` with its rich parts: made by the rich chunk once it is in and the lookups have answered (`ready`), else
   * the loading states of the parts there will be. Unchanged when no rich parameter is on.
   */
  #withRich(shown: LandingModel, ready: boolean): LandingModel {
    const opts = shown.options;
    if (!richOn(opts)) return shown;
    const chunk = this.#richChunk;
    const forThis = chunk.key === JSON.stringify([opts.lang, opts.rich]) && chunk.state === 'ready';
    if (ready && forThis) {
      if (!chunk.value) return shown;
      if (this.#withParts?.from !== shown || this.#withParts.chunk !== chunk.value) {
        this.#withParts = { from: shown, chunk: chunk.value, to: { ...shown, rich: richSlots(chunk.value, shown, opts.rich, this.store.baseUrl) } };
      }
      return this.#withParts.to;
    }
    const model = shown.kind === 'dataset' ? shown.model : undefined;
    return { ...shown, rich: pendingSlots({ entry: shown.entry, flags: opts.rich, model, related: ready ? shown.related : undefined }) };
  }

  /** Resolves when the entry's load has settled and its rich parts (if asked for) are rendered too. */
  override get loadComplete(): Promise<string> {
    return super.loadComplete.then(async (state) => {
      await this.#richChunk.done();
      await this.updateComplete;
      return state;
    });
  }

  /** While loading: the model from the entry alone, once it is there (what `render` shows busy). */
  protected get earlyModel(): LandingModel | undefined {
    return this.loader.state === 'loading' ? this.#early?.() : undefined;
  }

  /** i18n keys of the "nothing specified" and "not found" notices. */
  protected abstract readonly noEntryMessage: string;
  protected abstract readonly notFoundMessage: string;

  /** Open distribution rows (by index) and rows whose expanded area was built (built on first open). */
  #expanded = new Set<number>();
  #built = new Set<number>();
  #shownUri: string | undefined;

  #followUpFor: unknown;

  #toggle = (row: number): void => {
    if (this.#expanded.has(row)) this.#expanded.delete(row);
    else {
      this.#expanded.add(row);
      this.#built.add(row);
      this.#lookUpFollowUps();
    }
    this.requestUpdate();
  };

  /** First expand of a row: one batched lookup of access services not resolved yet (see `withFollowUps`). */
  #lookUpFollowUps(): void {
    const current = this.loader.value;
    if (current?.kind !== 'dataset' || this.#followUpFor === current) return;
    this.#followUpFor = current;
    this.#replace(current, withFollowUps(this.store, current), ' access services could not be looked up', (shown) => {
      if (shown) this.#followUpFor = shown;
    });
  }

  /** The note of a page shown without its related lookup, with a "Try again" that re-runs only the lookup. */
  #relatedNote(result: LandingModel): TemplateResult | typeof nothing {
    if (!result.relatedFailed) return nothing;
    const lang = this.uiLang;
    // aria-disabled, not disabled: a disabled button drops focus to <body>; clicks while busy are ignored anyway.
    const busy = String(!!this.#relatedRetry);
    return html`<div class="esbState esbRelatedFailed" role="status" tabindex="-1" aria-busy=${busy}>
      <span>${msg(lang, 'state.relatedFailed')}</span>
      <button type="button" class="esbRetry esbBtn esbBtnPrimary" aria-disabled=${busy} @click=${this.retryRelated}>${msg(lang, 'state.retry')}</button>
    </div>`;
  }

  protected renderLanding(result: LandingModel): TemplateResult {
    return html`${this.#relatedNote(result)}${this.#renderModel(result)}`;
  }

  #renderModel(result: LandingModel): TemplateResult {
    const hl = Number(this.params.hl ?? 1);
    const ctx = this.renderContext(hl);
    if (result.kind === 'service') return renderService!(result.model, ctx, result.rich);
    if (result.model.uri !== this.#shownUri) {
      // Another dataset: its rows start closed.
      this.#expanded.clear();
      this.#built.clear();
      this.#shownUri = result.model.uri;
    }
    const rich = result.rich;
    return renderDataset(result.model, ctx, {
      clickExpand: this.params.clickExpand !== false,
      expanded: this.#expanded,
      built: this.#built,
      toggle: this.#toggle,
      preview: rich?.preview,
      pending: result.distributionsPending,
    }, rich);
  }

  override render(): TemplateResult {
    const lang = this.uiLang;
    const state = this.loader.state;
    // While the lookups run, what the entry alone says (title first); names, labels and files fill in.
    const early = this.earlyModel;
    const shown = state === 'ready' ? this.loader.value : early;
    const body = shown
      ? this.renderLanding(this.#withRich(shown, state === 'ready'))
      : stateView(state, lang, { noEntry: this.noEntryMessage, notFound: this.notFoundMessage }, this.retry, Number(this.params.hl ?? 1));
    const busy = early ? 'true' : nothing;
    return this.inline
      ? html`<span class="esbBlock" lang=${lang} aria-busy=${busy}>${body}</span>`
      : html`<div class="esbBlock" lang=${lang} aria-busy=${busy}>${body}</div>`;
  }

  /** The block renders inside running text (the `text` and `link` blocks in a `<span>` of a paragraph): a span wrapper. */
  protected get inline(): boolean {
    return false;
  }
}
