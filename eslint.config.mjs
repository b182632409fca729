// Lint (issue 13 point 9): the type-aware rules that catch promises nobody waits for or handles, and Lit's template
// rules. Type-checking itself is `tsc` (npm run typecheck); this adds what the compiler does not check.
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'sdk/**', 'test-results/**', '**/*.d.ts', '**/*.d.mts'] },
  {
    files: ['src/**/*.ts', 'blocks/**/*.ts', 'node/**/*.ts', 'dev-store/**/*.ts', 'demo/**/*.ts'],
    ignores: ['**/*.test.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin, lit },
    rules: {
      ...lit.configs.recommended.rules,
      // a promise must be awaited, returned, handled with .catch/.then(…, onRejected), or marked `void` on purpose
      '@typescript-eslint/no-floating-promises': 'error',
      // no promise where a boolean or a void callback is expected (an `if (promise)`, an async event handler whose
      // rejection nobody sees)
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      // control characters in a regular expression only where a comment says why (eslint-disable-next-line)
      'no-control-regex': 'error',
    },
  },
);
