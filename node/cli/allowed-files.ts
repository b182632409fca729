/**
 * Which local files the MCP server may read and upload. Its tools are driven by a model that reads untrusted text,
 * so a file path in a tool call is hostile input: only regular files inside the allowed folders are opened.
 *
 * The allowed folders, first that applies:
 * 1. `--allow-dir DIR` (repeatable) and `CATALOG_MCP_ALLOW_DIRS` (list separated by the path delimiter): the person
 *    who configured the server chose them, so they are honoured over anything the client says;
 * 2. the MCP client's roots (`roots/list`, file:// URIs), when it declares the roots capability and lists any;
 * 3. the server's working directory.
 *
 * Folders and files are compared after `realpath` and by path segments (`/data2` is not inside `/data`), so
 * neither symlinks nor `..` lead out. The file is opened (never following a final symlink, never blocking on a FIFO)
 * and the opened descriptor is checked to be the very file that was checked; the upload then reads that
 * descriptor, not the path again. The CLI, which a person types, does not use this: it reads any path.
 */
import { constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { mediaTypeFor } from '../file-source.ts';

export const ALLOW_DIRS_ENV = 'CATALOG_MCP_ALLOW_DIRS';

export type RootsSource = 'allow-dir' | 'client' | 'cwd';

export interface AllowedFolders {
  /** Real paths of the folders. */
  readonly dirs: readonly string[];
  readonly source: RootsSource;
}

const SOURCE_TEXT: Record<RootsSource, string> = {
  'allow-dir': 'set with --allow-dir / CATALOG_MCP_ALLOW_DIRS',
  client: "the MCP client's roots",
  cwd: "the server's working directory",
};

/** A tool call asked for a file the server will not read; the message says why and names the allowed folders. */
export class FileRefusedError extends Error {
  override readonly name = 'FileRefusedError';
  constructor(reason: string, allowed: AllowedFolders) {
    const dirs = allowed.dirs.length > 0 ? allowed.dirs.join(', ') : '(none: no root the client listed is an existing local folder)';
    super(`Refused: ${reason}. This server reads only regular files inside these folders (${SOURCE_TEXT[allowed.source]}): `
      + `${dirs}. To upload another file, ask the user to copy it into one of them, or to start the `
      + 'server with --allow-dir <folder> (folders set that way replace the client\'s roots and the working directory).');
  }
}

/**
 * The explicit folders (`--allow-dir` values, then the environment's list) as real paths. Throws with a message
 * naming the option when one is missing or not a folder: a server whose confinement is not what its owner wrote
 * must not start.
 */
export async function explicitFolders(flags: readonly string[], env: Readonly<Record<string, string | undefined>>, cwd: string): Promise<string[]> {
  const listed = (env[ALLOW_DIRS_ENV] ?? '').split(path.delimiter).filter((d) => d.trim() !== '');
  const dirs: string[] = [];
  for (const [from, dir] of [...flags.map((d) => ['--allow-dir', d] as const), ...listed.map((d) => [ALLOW_DIRS_ENV, d] as const)]) {
    let real: string;
    try {
      real = await realpath(path.resolve(cwd, dir));
    } catch (e) {
      throw new Error(`${from} ${dir}: ${(e as { code?: string }).code ?? (e as Error).message}`);
    }
    if (!(await stat(real)).isDirectory()) throw new Error(`${from} ${dir}: not a folder`);
    if (!dirs.includes(real)) dirs.push(real);
  }
  return dirs;
}

/** Real paths of the client's file:// roots that exist; others (other schemes, missing folders) are left out. */
export async function clientFolders(uris: readonly string[]): Promise<string[]> {
  const dirs: string[] = [];
  for (const uri of uris) {
    try {
      const real = await realpath(fileURLToPath(uri));
      if (!dirs.includes(real)) dirs.push(real);
    } catch {
      // not a file:// URI, or nothing there: no folder to allow
    }
  }
  return dirs;
}

/** True when `file` is `dir` or below it, compared by path segments. */
export function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

function kindOf(s: Stats): string {
  if (s.isDirectory()) return 'a directory';
  if (s.isFIFO()) return 'a FIFO';
  if (s.isSocket()) return 'a socket';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  return 'not a file';
}

/** The path a tool call names: a local path or a file:// URI; `~` is never expanded. */
function localPath(input: string, allowed: AllowedFolders, cwd: string): string {
  if (input.includes('\0')) throw new FileRefusedError(`${JSON.stringify(input)} contains a NUL character`, allowed);
  if (input.startsWith('~')) {
    throw new FileRefusedError(`${JSON.stringify(input)} starts with ~, which is not expanded to a home folder; give an absolute path`, allowed);
  }
  if (/^file:/i.test(input)) {
    try {
      return fileURLToPath(input);
    } catch (e) {
      throw new FileRefusedError(`${JSON.stringify(input)} is not a local file:// URI (${(e as Error).message})`, allowed);
    }
  }
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(input)) throw new FileRefusedError(`${JSON.stringify(input)} is not a local file path or file:// URI`, allowed);
  return path.resolve(cwd, input);
}

/** An opened, checked file: a source the upload may stream more than once (a retried upload), and its closing. */
export interface OpenedFile {
  readonly source: { readonly stream: ReadableStream<Uint8Array>; readonly size: number; readonly name: string; readonly type: string };
  close(): Promise<void>;
}

function sourceOf(handle: FileHandle, size: number, name: string): OpenedFile['source'] {
  return {
    size,
    name,
    type: mediaTypeFor(name),
    // each read starts at byte 0 of the checked descriptor, never at the path again
    get stream() {
      return Readable.toWeb(handle.createReadStream({ start: 0, autoClose: false })) as ReadableStream<Uint8Array>;
    },
  };
}

/**
 * Opens `input` (relative to `cwd`, or a file:// URI) when it is a regular file inside the allowed folders.
 * Refusals throw FileRefusedError; a missing file inside them rejects with the fs error (ENOENT). A path outside the
 * folders is refused as outside whether or not it exists, so the tool tells nothing about files out there.
 */
export async function openAllowedFile(input: string, allowed: AllowedFolders, cwd: string): Promise<OpenedFile> {
  const wanted = localPath(input, allowed, cwd);
  const inside = (p: string): boolean => allowed.dirs.some((d) => isInside(p, d));
  let real: string;
  try {
    real = await realpath(wanted);
  } catch (e) {
    if (!inside(wanted)) throw new FileRefusedError(`${JSON.stringify(input)} is outside the folders this server may read`, allowed);
    throw e;
  }
  if (!inside(real)) {
    const via = real === wanted ? '' : ` (it leads to ${real})`;
    throw new FileRefusedError(`${JSON.stringify(input)} is outside the folders this server may read${via}`, allowed);
  }
  // stat before open: opening a FIFO for reading would block until a writer comes
  const checked = await stat(real);
  if (!checked.isFile()) throw new FileRefusedError(`${JSON.stringify(input)} is not a regular file (${kindOf(checked)})`, allowed);
  const handle = await open(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  try {
    const opened = await handle.stat();
    if (!opened.isFile() || opened.ino !== checked.ino || opened.dev !== checked.dev) {
      throw new FileRefusedError(`${JSON.stringify(input)} changed while it was being opened`, allowed);
    }
    return { source: sourceOf(handle, opened.size, path.basename(wanted)), close: () => handle.close() };
  } catch (e) {
    await handle.close();
    throw e;
  }
}
