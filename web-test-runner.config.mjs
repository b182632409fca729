import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter } from '@web/test-runner';
import { launchOptions } from './scripts/browser.mjs';
import { countReporter } from './scripts/count-reporter.mjs';
import { devStorePlugin } from './test/blocks/dev-store-plugin.mjs';
import { commonjsPlugin, n3BrowserPlugin } from './test/blocks/commonjs-plugin.mjs';

/**
 * The search and landing block tests run twice (issue 29): against the dev store (the default group) and against the
 * file store reading the same catalog file the dev store loads for them (a group per file; test/blocks/helpers.ts
 * `catalogFile`). The file store reads ONE file, so each group names the one catalog its test files search.
 */
export const FILE_STORE_GROUPS = [
  { name: 'file-store-demo', catalog: 'demo/catalog/demo-catalog.ttl', files: ['test/blocks/facets.test.ts'] },
  { name: 'file-store-paging', catalog: 'test/fixtures/paging-catalog.ttl', files: ['test/blocks/layouts.test.ts', 'test/blocks/dataset-list.test.ts', 'test/blocks/dataset-list-layout.test.ts', 'test/blocks/dataset-results.test.ts', 'test/blocks/search-counts.test.ts'] },
  { name: 'file-store-blocks', catalog: 'test/fixtures/blocks-catalog.ttl', files: ['test/blocks/dataset-view.test.ts', 'test/blocks/dataservice-view.test.ts'] },
];

/** The test page with the catalog file its store reads (none: the dev store). */
const testRunnerHtml = (catalog) => (testFramework) =>
  `<!DOCTYPE html><html><head>${catalog ? `<script>window.__catalogBlocksFileStore = ${JSON.stringify(catalog)};</script>` : ''}</head><body><script type="module" src="${testFramework}"></script></body></html>`;

// `npx wtr --files <file>` runs that file on the dev store only; CATALOG_BLOCKS_FILE_STORE=<catalog file> runs it on the
// file store instead; `npx wtr --group file-store-blocks` runs one group. A full run (`npm test`) runs the groups too.
const cliFiles = process.argv.includes('--files');
const fileStore = process.env.CATALOG_BLOCKS_FILE_STORE;

export default {
  files: ['test/blocks/**/*.test.ts'],
  ...(fileStore ? { testRunnerHtml: testRunnerHtml(fileStore) } : {}),
  groups: cliFiles ? [] : FILE_STORE_GROUPS.map(({ name, catalog, files }) => ({ name, files, testRunnerHtml: testRunnerHtml(catalog) })),
  nodeResolve: true,
  concurrency: 2,
  browserStartTimeout: 60000,
  testsFinishTimeout: 300000,
  testFramework: { config: { timeout: 15000 } },
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' }), commonjsPlugin(), n3BrowserPlugin(), devStorePlugin()],
  browsers: [playwrightLauncher({ product: 'chromium', launchOptions: launchOptions() })],
  reporters: [defaultReporter(), countReporter()],
};
