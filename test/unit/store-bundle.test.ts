import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** What a block imports from the engine to show a landing page (store, RDF/JSON, literal choice, context). */
const ENTRY = `
export * from './src/store/registry.ts';
export * from './src/store/context.ts';
export * from './src/store/entrystore.ts';
export * from './src/store/query.ts';
export * from './src/rdf/rdfjson.ts';
export * from './src/rdf/literal.ts';
`;

test('the store engine a block loads stays small and never pulls in rdflib', async () => {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: new URL('../../', import.meta.url).pathname, loader: 'ts', sourcefile: 'engine-entry.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    // the file store (src/store/file/, its parsers and the catalog engine) is a dynamic import: a chunk of its own
    splitting: true,
    outdir: '/tmp/catalog-blocks-engine-check',
    write: false,
    metafile: true,
    external: ['lit', '@lit/*'],
    logLevel: 'silent',
  });
  // the page's entry (a chunk of a dynamic import has an entryPoint too: its module)
  const [entryFile, entry] = Object.entries(result.metafile.outputs).find(([, o]) => o.entryPoint === 'engine-entry.ts')!;
  const inputs = Object.keys(entry.inputs);
  assert.deepEqual(inputs.filter((p) => /rdflib|jsonld|n3|xmldom|catalog-engine|store\/file\//.test(p)), []);
  assert.ok(!inputs.some((p) => p.endsWith('src/rdf/parse.ts')), 'parse.ts is reached only by dynamic import');
  const gzip = gzipSync(result.outputFiles.find((f) => f.path.endsWith(entryFile.replace(/^.*\//, '')))!.contents).length;
  assert.ok(gzip < 10_000, `engine is ${gzip} bytes gzip`);
});

test('parse.ts reaches rdflib only through a dynamic import (a separate chunk)', async () => {
  const result = await build({
    entryPoints: [new URL('../../src/rdf/parse.ts', import.meta.url).pathname],
    bundle: true,
    format: 'esm',
    splitting: true,
    outdir: '/tmp/catalog-blocks-parse-check',
    write: false,
    metafile: true,
    platform: 'browser',
    logLevel: 'silent',
  });
  const entry = Object.values(result.metafile.outputs).find((o) => o.entryPoint)!;
  assert.ok(!Object.keys(entry.inputs).some((p) => p.includes('node_modules/rdflib')), 'rdflib not in the entry chunk');
  assert.ok(entry.imports.some((i) => i.kind === 'dynamic-import'));
});
