/**
 * Files shipped beside the code (skills/, package.json). The code runs from node/cli/ (tsx) or dist/node/ (built):
 * walk up from this module to the folder that holds package.json instead of hard-coding the depth.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'skills'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('catalog-blocks: cannot find the package folder (skills/ and package.json)');
}

export const SKILL_NAME = 'migrate-from-taskrunner';

/** skills/migrate-from-taskrunner/SKILL.md, front matter included. */
export function readSkill(): string {
  return readFileSync(join(packageRoot(), 'skills', SKILL_NAME, 'SKILL.md'), 'utf8');
}

/**
 * The YAML front matter of a SKILL.md as an object. Ours is flat `key: value` lines with plain scalars; any other
 * YAML form (quotes, flow or block collections, anchors, comments) throws, so it is never reported half-read.
 */
export function skillFrontmatter(text: string): Record<string, string> & { name: string; description: string } {
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
  if (front === undefined) throw new Error('SKILL.md has no front matter');
  const fields: Record<string, string> = {};
  for (const line of front.split(/\r?\n/)) {
    const m = /^([A-Za-z][\w-]*):[ \t]+([^\s"'[\]{}|>&*!%@`#].*?)\s*$/.exec(line);
    if (!m || / #|: /.test(m[2]!)) throw new Error(`SKILL.md front matter: not a flat "key: plain value" line: ${line}`);
    fields[m[1]!] = m[2]!;
  }
  const { name, description } = fields;
  if (!name || !description) throw new Error('SKILL.md front matter needs name and description');
  return { ...fields, name, description };
}

/** The `description` of the skill's YAML front matter. */
export function skillDescription(text: string): string {
  return skillFrontmatter(text).description;
}

export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}
