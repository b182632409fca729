// Fault matrix, part 2: every search layout against every fault kind of faults-matrix.ts.
import { BLOCK_KINDS, runFaultMatrix } from './faults-matrix.ts';

runFaultMatrix('fault matrix (search layouts)', BLOCK_KINDS.filter((k) => k.name.endsWith('-layout')));
