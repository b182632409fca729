/**
 * What the npm bins run. A published package has only dist/node (built); a clone of the repository has the
 * TypeScript sources, and dist/node only after `npm run build`. So the bin is this committed file, which always
 * exists (npm links a bin only when its target exists: a bin pointing at an unbuilt dist/node left npx without a
 * link, for good), and it runs the built file when that is current, else the sources through tsx (a dev
 * dependency, present after `npm install` in a clone).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Newest modification time of a file under src/ or node/ (the bins bundle code from both). */
function newestSource() {
  let newest = 0;
  for (const dir of ['src', 'node']) {
    for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) newest = Math.max(newest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** @param {string} name the module's name in node/cli and dist/node (`catalog-blocks`, `mcp-server`) */
export async function launch(name) {
  const built = join(root, 'dist/node', `${name}.js`);
  const source = join(root, 'node/cli', `${name}.ts`);
  const hasBuilt = existsSync(built);
  if (existsSync(source) && (!hasBuilt || statSync(built).mtimeMs < newestSource())) {
    let register;
    try {
      ({ register } = await import('tsx/esm/api'));
    } catch {
      if (hasBuilt) {
        process.stderr.write(`${name}: dist/node is older than the sources; run \`npm run build\` for the current code\n`);
        return import(pathToFileURL(built).href);
      }
      process.stderr.write(`${name}: not built and tsx is missing: run \`npm install\` and \`npm run build\` in ${root}\n`);
      process.exitCode = 2;
      return undefined;
    }
    register();
    return import(pathToFileURL(source).href);
  }
  if (!hasBuilt) {
    process.stderr.write(`${name}: ${built} is missing: this package was installed without its build\n`);
    process.exitCode = 2;
    return undefined;
  }
  return import(pathToFileURL(built).href);
}
