/**
 * The places of a landing page's rich parts while their chunk loads (issue 27 point 1): the page shows its title,
 * description and distributions at once, and each rich part the parameters ask for — and the entry (or, once it has
 * answered, the related lookup) says there will be — gets a busy placeholder where it will stand, as high as the part
 * usually is (dataset-view.styles.ts), saying "Loading…", never "nothing". The slots have the shape of the parts
 * themselves (RichSlots), so every page that places the parts places their loading states the same way.
 */
import { html, nothing } from 'lit';
import { msg } from '../../src/i18n/index.ts';
import { NS } from '../../src/rdf/namespaces.ts';
import { diagramUris, IDEA_TYPE, SHOWCASE_TYPE } from '../../src/rich/lookup-plan.ts';
import type { StoreEntry } from '../../src/store/types.ts';
import type { DatasetModel, DistributionModel } from '../../src/dcat/model.ts';
import type { RenderContext } from '../base/render.ts';
import { hasGeometry } from '../rich-content/hook.ts';
import type { RichFlags, RichSlots } from '../rich-content/parts.ts';

/** What the placeholders are read from: the entry, and once the related lookup has answered, its entries and model. */
export interface PendingInput {
  readonly entry: StoreEntry;
  readonly flags: RichFlags;
  /** The dataset's view model (a data service page: undefined). */
  readonly model?: DatasetModel;
  /** The related lookup's entries; undefined while it has not answered. */
  readonly related?: ReadonlyMap<string, StoreEntry>;
}

/** One busy place: `part` names it for styles (`esb{Part}Pending`, sized like the part). */
const pending = (part: string) => (ctx: RenderContext) =>
  html`<div class="esbRichPending esb${part}Pending" aria-busy="true"><span class="esbRichPendingText">${msg(ctx.lang, 'state.loading')}</span></div>`;

/** A showcase or an idea among the entries of the lookup (the inverse part of it brings only those that point here). */
function anyExtra(related: ReadonlyMap<string, StoreEntry>): boolean {
  const type = `${NS.rdf}type`;
  return [...related.values()].some((e) => [SHOWCASE_TYPE, IDEA_TYPE].some((t) => e.metadata.has(e.resourceUri, type, t) || e.info.has(e.resourceUri, type, t)));
}

/** The placeholders of the parts that `flags` ask for and that the entry (or the lookup) says there will be. */
export function pendingSlots({ entry, flags, model, related }: PendingInput): RichSlots {
  const slots: { -readonly [K in keyof RichSlots]: RichSlots[K] } = {};
  if (flags.indicators) slots.indicators = pending('Indicators');
  if (!model) return slots;
  const diagrams = flags.visualizations || flags.tabbedVisualizations ? diagramUris(entry).length : 0;
  if (flags.tabbedVisualizations && diagrams) slots.tabs = pending('Tabs');
  if (flags.visualizations && diagrams) slots.visualizations = pending('Visualizations');
  if (flags.autoVisualizations && related && model.distributions.some((d) => d.isWms)) slots.maps = pending('Maps');
  if (flags.extras && related && anyExtra(related)) slots.extras = pending('Extras');
  if (flags.dataPreview) {
    const place = pending('Preview');
    slots.preview = (d: DistributionModel, ctx: RenderContext) => (d.isCsv ? place(ctx) : nothing);
  }
  if (hasGeometry(entry)) {
    const place = pending(flags.autoVisualizations ? 'CoverageMap' : 'Coverage');
    slots.spatial = (ctx) => [place(ctx)];
  }
  return slots;
}
