/**
 * A document's fields as the index keeps them for sorting, per-doc facet counts, phrase checks and re-indexing:
 * field names interned (one string per name for the whole store), a single value inline, several as an array. A
 * Map of arrays per document cost ~150 bytes per field; this is ~20.
 */
import type { DocFields } from './document.ts';

const names = new Map<string, string>();
function intern(name: string): string {
  let n = names.get(name);
  if (n === undefined) names.set(name, (n = name));
  return n;
}

export class StoredFields {
  readonly #names: string[];
  readonly #values: (string | string[])[];

  constructor(fields: DocFields) {
    this.#names = [];
    this.#values = [];
    for (const [name, values] of fields) {
      if (values.length === 0) continue;
      this.#names.push(intern(name));
      this.#values.push(values.length === 1 ? values[0]! : values.slice());
    }
  }

  get size(): number {
    return this.#names.length;
  }

  get(name: string): readonly string[] | undefined {
    const i = this.#names.indexOf(name);
    if (i < 0) return undefined;
    const v = this.#values[i]!;
    return typeof v === 'string' ? [v] : v;
  }

  /** Replaces one field's values (test hook of the index). */
  set(name: string, values: readonly string[]): void {
    const i = this.#names.indexOf(name);
    const v = values.length === 1 ? values[0]! : values.slice();
    if (i >= 0) this.#values[i] = v;
    else {
      this.#names.push(intern(name));
      this.#values.push(v);
    }
  }

  *[Symbol.iterator](): IterableIterator<[string, readonly string[]]> {
    for (let i = 0; i < this.#names.length; i++) {
      const v = this.#values[i]!;
      yield [this.#names[i]!, typeof v === 'string' ? [v] : v];
    }
  }
}
