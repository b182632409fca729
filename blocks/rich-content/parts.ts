/**
 * The shape of the rich dataset content (issue 9), shared by the page that asks for it (hook.ts, the landing page, a
 * list row) and the lazy chunks that build it (slots.ts, coverage.ts): which parts the parameters ask for, and the
 * slots a built part fills. Types only, so the chunks and their loader need not import each other.
 */
import type { DistributionModel } from '../../src/dcat/model.ts';
import type { RenderContext } from '../base/render.ts';

/** The parameters of spec table §1.3–1.8, 1.11 as booleans (`legend` stays undefined when unset: §1.11 precedence). */
export interface RichFlags {
  readonly extras: boolean;
  readonly visualizations: boolean;
  readonly tabbedVisualizations: boolean;
  readonly autoVisualizations: boolean;
  readonly dataPreview: boolean;
  readonly indicators: boolean;
  readonly legend: boolean | undefined;
}

/**
 * The rich parts of one dataset (or data service), each rendered at its place in the page by the landing page or
 * an expanded row (behaviour doc §2.1 table: parts 2, 6, 8, 10, 11, the preview control of §1.7 and the spatial row).
 * A part is absent when its parameter is off or there is nothing to show.
 */
export interface RichSlots {
  readonly indicators?: (ctx: RenderContext) => unknown;
  readonly tabs?: (ctx: RenderContext) => unknown;
  readonly maps?: (ctx: RenderContext) => unknown;
  readonly extras?: (ctx: RenderContext) => unknown;
  readonly visualizations?: (ctx: RenderContext) => unknown;
  /** The "Preview data" control of a distribution row (nothing for a distribution that is not tabular). */
  readonly preview?: (d: DistributionModel, ctx: RenderContext) => unknown;
  /** The values of the "Spatial coverage" row: named places as before, geometries as a map or as coordinates. */
  readonly spatial?: (ctx: RenderContext) => readonly unknown[];
}
