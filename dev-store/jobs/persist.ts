/**
 * Crash-safe files of the job data dir. Layout:
 *   tmp/              uploads being received (HTTP layer) and temp files of atomic writes
 *   uploads/<jobId>   an accepted upload; after SUCCESS it is the stored file of the file entry
 *   jobs/<jobId>.json job records (temp file + fsync + rename)
 *   journal.jsonl     one fsynced line per committed job: the commit point of its effects
 *   state.json        the legacy id counter
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, truncate, copyFile } from 'node:fs/promises';
import path from 'node:path';

export interface DataDir {
  readonly root: string;
  readonly tmp: string;
  readonly uploads: string;
  readonly jobs: string;
  readonly journal: string;
  readonly state: string;
}

export function dataDirLayout(root: string): DataDir {
  const abs = path.resolve(root);
  return {
    root: abs,
    tmp: path.join(abs, 'tmp'),
    uploads: path.join(abs, 'uploads'),
    jobs: path.join(abs, 'jobs'),
    journal: path.join(abs, 'journal.jsonl'),
    state: path.join(abs, 'state.json'),
  };
}

export async function ensureDataDir(d: DataDir): Promise<void> {
  for (const dir of [d.root, d.tmp, d.uploads, d.jobs]) await mkdir(dir, { recursive: true });
}

/** fsync of a directory makes a rename / new name in it durable. */
export async function fsyncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

export async function fsyncFile(file: string): Promise<void> {
  const fh = await open(file, 'r+');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Writes `data` to `file` so that a crash leaves either the old or the new content, never a mix. */
export async function writeFileAtomic(file: string, data: string, tmpDir: string): Promise<void> {
  const tmp = path.join(tmpDir, `.w-${randomBytes(6).toString('hex')}`);
  const fh = await open(tmp, 'w');
  try {
    await fh.writeFile(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, file);
  await fsyncDir(path.dirname(file));
}

/** Moves an upload into place durably (rename; copy + fsync when it lives on another filesystem). */
export async function moveDurably(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    await copyFile(from, to);
    const fh = await open(to, 'r+');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rm(from, { force: true });
  }
  await fsyncDir(path.dirname(to));
}

/** Appends fsynced JSON lines; appends are serialised so lines never interleave. */
export class Journal {
  #chain: Promise<void> = Promise.resolve();
  constructor(readonly file: string) {}

  /**
   * Reads all complete lines. A torn last line (crash during an append) is cut off the file, so the next append
   * starts on a fresh line; it was never a commit because its fsync had not returned.
   */
  async readAll<T>(): Promise<T[]> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    const lastNewline = text.lastIndexOf('\n');
    if (lastNewline !== text.length - 1) {
      await truncate(this.file, Buffer.byteLength(text.slice(0, lastNewline + 1)));
      text = text.slice(0, lastNewline + 1);
    }
    const out: T[] = [];
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        out.push(JSON.parse(line) as T);
      } catch {
        /* a damaged line is not a commit */
      }
    }
    return out;
  }

  append(entry: unknown): Promise<void> {
    const run = async (): Promise<void> => {
      const fh = await open(this.file, 'a');
      try {
        await fh.write(`${JSON.stringify(entry)}\n`);
        await fh.sync();
      } finally {
        await fh.close();
      }
    };
    const p = this.#chain.then(run);
    this.#chain = p.catch(() => undefined);
    return p;
  }
}
