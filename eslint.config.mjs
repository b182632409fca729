// Lint (issue 13 point 9): the type-aware rules that catch promises nobody waits for or handles, and Lit's template
// rules. Type-checking itself is `tsc` (npm run typecheck); this adds what the compiler does not check.
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'sdk/**', 'test-results/**', '**/*.d.ts', '**/*.d.mts'] },
  {
    files: ['src/**/*.ts', 'blocks/**/*.ts', 'entry/**/*.ts', 'node/**/*.ts', 'dev-store/**/*.ts', 'demo/**/*.ts'],
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
  {
    // Layers (issue 24 point 7): the engine (src/) defines no element and imports neither the elements (blocks/) nor
    // the entry layer (entry/); the blocks do not import the entry layer. test/unit/entry-layer.test.ts also checks
    // dynamic imports.
    files: ['src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/blocks/**', '**/entry/**'], message: 'src/ is the engine: elements live in blocks/, registration in entry/.' }] }] },
  },
  {
    files: ['blocks/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/entry/**'], message: 'blocks/ do not import the entry layer (entry/).' }] }] },
  },
);
