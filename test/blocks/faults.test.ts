// Fault matrix, part 1: the landing blocks, the list, search + results + list, the facets and the exports (every
// fault kind of faults-matrix.ts against each; the search layouts are in faults-layouts.test.ts).
import { BLOCK_KINDS, runFaultMatrix } from './faults-matrix.ts';

runFaultMatrix('fault matrix (landing, list, search parts, exports)', BLOCK_KINDS.filter((k) => !k.name.endsWith('-layout')));
