/**
 * `template` base block (behaviour doc §2.10, §8): the base of supportive blocks that add to a search rather than
 * show one part of it (`<dataset-exports>`, the sort select). It is a scoped part (ScopedBlock: joins the SearchScope
 * named by its `scope` attribute, default "default", re-renders on its state and results, loads its UI strings); each
 * subclass names its column of the parameter table, which accepts the widest parameter set — the facet layouts' —
 * so `break`, `hvdFilter`, `typeFilter`, `sortOrder`, `hl` … can be given or inherited.
 */
import { ScopedBlock } from './scoped-block.ts';

export abstract class TemplateBlock extends ScopedBlock {}
