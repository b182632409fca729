import { esbuildPlugin } from '@web/dev-server-esbuild';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { defaultReporter } from '@web/test-runner';
import { launchOptions } from './scripts/browser.mjs';
import { countReporter } from './scripts/count-reporter.mjs';
import { devStorePlugin } from './test/blocks/dev-store-plugin.mjs';
import { commonjsPlugin } from './test/blocks/commonjs-plugin.mjs';

export default {
  files: ['test/blocks/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 2,
  browserStartTimeout: 60000,
  testsFinishTimeout: 300000,
  testFramework: { config: { timeout: 15000 } },
  plugins: [esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' }), commonjsPlugin(), devStorePlugin()],
  browsers: [playwrightLauncher({ product: 'chromium', launchOptions: launchOptions() })],
  reporters: [defaultReporter(), countReporter()],
};
