/**
 * Write permission of both upload APIs (issue 8 point 1). A job writes into the context of its TARGET, so the
 * permission is decided for that context, whether or not the entry exists yet:
 *
 * - an entry with that resource URI exists: the context of the entry the job would write (the first of the kind
 *   the operation needs, else the first entry);
 * - no entry, and the URI has the form `{store}{ctx}/resource|entry|metadata/{id}` of an existing context: that
 *   context (ids are sequential and public; an add of another user may create the entry before the job runs);
 * - no entry, and any other URI inside `{store}`: it names no context of this store and is writable by nobody;
 * - no entry, and a URI outside `{store}`: no job can ever create it (uploads create `{store}{ctx}/resource/{id}`
 *   only), so there is nothing to write; the legacy API accepts it and the job fails with "No entry …".
 *
 * The check is made at submit (403) and again when the job runs, for the entry as it is then and the user the job
 * recorded (an account removed or narrowed since, e.g. across a restart, fails the job; nothing is written).
 */
import type { DevStore, Entry } from '../../src/catalog-engine/catalog.ts';
import type { JobType } from './types.ts';

export type TargetContext =
  | { readonly kind: 'entry'; readonly contextId: string; readonly entry: Entry }
  | { readonly kind: 'uri'; readonly contextId: string }
  | { readonly kind: 'unknown-context' }
  | { readonly kind: 'foreign' };

/** Which entry kind an operation writes. */
export const KIND_WRITTEN: Readonly<Record<JobType, 'distribution' | 'file'>> = { ADD: 'distribution', REPLACE: 'file' };

const STORE_ENTRY_PATH = /^(?<ctx>[^/?#]+)\/(?:resource|entry|metadata)\/[^/?#]+$/;

export function targetContext(store: DevStore, jobType: JobType, resourceURI: string): TargetContext {
  const entries = store.entriesByResource(resourceURI);
  const entry = entries.find((e) => e.kind === KIND_WRITTEN[jobType]) ?? entries[0];
  if (entry) return { kind: 'entry', contextId: entry.contextId, entry };
  if (!resourceURI.startsWith(store.baseUrl)) return { kind: 'foreign' };
  const ctx = STORE_ENTRY_PATH.exec(resourceURI.slice(store.baseUrl.length))?.groups?.ctx;
  return ctx !== undefined && store.contexts.has(ctx) ? { kind: 'uri', contextId: ctx } : { kind: 'unknown-context' };
}

/** Who may write which context (the accounts of the job APIs). */
export type MayWrite = (user: string, contextId: string) => boolean;

export const mayNotWrite = (user: string, contextId: string): string => `User ${user} may not write context ${contextId}`;
export const namesNoContext = (resourceURI: string): string => `resourceURI ${resourceURI} names no context of this store`;

/** The refusal at submit, or undefined when the user may go on (a foreign URI: nothing to write, decided later). */
export function submitForbidden(store: DevStore, mayWrite: MayWrite, user: string, jobType: JobType, resourceURI: string): string | undefined {
  const t = targetContext(store, jobType, resourceURI);
  if (t.kind === 'foreign') return undefined;
  if (t.kind === 'unknown-context') return namesNoContext(resourceURI);
  return mayWrite(user, t.contextId) ? undefined : mayNotWrite(user, t.contextId);
}
