/** A file entry's content held in memory (small files, tests): the bytes with the SHA-256 the store reports for them. */
import { createHash } from 'node:crypto';
import type { FileInput } from '../src/catalog-engine/catalog.ts';

export function memoryFile(file: { name: string; mime: string; bytes: Buffer }): FileInput {
  return { ...file, sha256: createHash('sha256').update(file.bytes).digest('hex') };
}
