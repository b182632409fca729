/** What an entry describes, from the `rdf:type` of its resource in the metadata (and, failing that, info) graph. */
import { NS } from '../rdf/namespaces.ts';
import type { StoreEntry } from '../store/types.ts';

const SERIES = `${NS.dcat}DatasetSeries`;
const DATASET = `${NS.dcat}Dataset`;
const SERVICES = [`${NS.dcat}DataService`, `${NS.esterms}IndependentDataService`, `${NS.esterms}ServedByDataService`];

export function entryKind(entry: StoreEntry): 'dataset' | 'series' | 'service' | 'other' {
  const types = new Set(
    [entry.metadata, entry.info].flatMap((g) => g.objects(entry.resourceUri, `${NS.rdf}type`).map((t) => t.value)),
  );
  // A series is also a dataset (DCAT 3 makes it a subclass), so it is tested first.
  if (types.has(SERIES)) return 'series';
  if (SERVICES.some((t) => types.has(t))) return 'service';
  if (types.has(DATASET)) return 'dataset';
  return 'other';
}
