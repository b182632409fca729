/** The resourceURI checks of both upload APIs, one text for both (current: 404/422 up front; legacy: job FAILED). */
import type { DevStore } from '../../src/catalog-engine/catalog.ts';
import type { JobType } from './types.ts';

export interface KindProblem {
  readonly status: 404 | 422;
  readonly error: string;
  readonly kind?: string;
}

export function kindProblem(store: DevStore, jobType: JobType, resourceURI: string): KindProblem | undefined {
  const entries = store.entriesByResource(resourceURI);
  if (entries.length === 0) return { status: 404, error: `No entry with resource URI ${resourceURI}` };
  const needed = jobType === 'ADD' ? 'distribution' : 'file';
  if (entries.some((e) => e.kind === needed && (needed !== 'file' || e.file))) return undefined;
  const kind = entries[0]!.kind;
  const operation = jobType === 'ADD' ? 'addFile needs a distribution' : 'replaceFile needs a file';
  return { status: 422, error: `resourceURI names a ${kind} entry; ${operation}`, kind };
}
