/**
 * `template` base block (behaviour doc §2.10, §8): the base of supportive blocks that add to a search rather than
 * show one part of it (`<dataset-exports>`, the sort select; `<facet-search-responsiveness>` may use it too). It is a
 * scoped part (ScopedBlock: joins the SearchScope named by its `scope` attribute, default "default", re-renders on
 * its state and results, loads its UI strings) that accepts the widest parameter set of the table — the facet
 * layouts' column, so `break`, `hvdFilter`, `typeFilter`, `sortOrder`, `hl` … can be given or inherited.
 */
import type { PropertyDeclarations } from 'lit';
import type { BlockName } from '../../src/config/params.ts';
import { ScopedBlock } from './scoped-block.ts';

export abstract class TemplateBlock extends ScopedBlock {
  static override blockName: BlockName = 'datasetFacetSearchLayout';
  static override properties: PropertyDeclarations = ScopedBlock.partProperties('datasetFacetSearchLayout');
}
