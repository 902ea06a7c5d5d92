// One lint config for the whole tree. The import boundaries are the point: they keep the
// engine electron-free and the renderer ignorant of the main process (ARCHITECTURE.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import prettier from 'eslint-config-prettier';

// A regex, not a glob: 'electron/*' would also match relative paths into src-main/electron/.
const noElectron = {
  regex: '^electron(/.*)?$',
  message: 'Only src-main/electron may import electron.',
};

// Relative ('../http/x', '../../engine/http/x') or any path through engine/http/.
const noEngineHttp = {
  regex: '(^|/)engine/http/|^(\\.\\.?/)+http/',
  message: 'Only engine/http/ (and the composition root, engine.ts) may import engine/http/.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'out',
      'dist',
      'release',
      'test-results',
      'playwright-report',
      'src-main/engine/answer-reading/lexicon/data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'vue/multi-word-component-names': 'off',
      'vue/no-v-html': 'off',
    },
  },
  {
    // `any` outside tests only with a reason beside it. Migrations use Kysely<any> on purpose
    // (Kysely's documented idiom: a migration must not depend on today's schema types).
    files: ['src-main/**', 'src-shared/**', 'src-renderer/**'],
    ignores: ['src-main/engine/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['src-main/engine/**', 'src-main/server/**', 'src-main/mcp/**', 'src-shared/**', 'test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noElectron] }] },
  },
  {
    // Services, jobs and hosts throw DomainError (engine/errors.ts) and validate with
    // engine/validation/; only engine/http/ speaks HTTP. engine.ts (the composition root) mounts it.
    files: ['src-main/engine/**', 'src-main/server/**', 'src-main/mcp/**'],
    ignores: ['src-main/engine/http/**', 'src-main/engine/engine.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noElectron, noEngineHttp] }] },
  },
  {
    files: ['src-renderer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            {
              group: ['**/src-main/**', '@main/*'],
              message: 'The renderer talks to the engine only through its transport.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            {
              group: ['node:*', 'fs', 'path', '**/src-main/**', '**/src-renderer/**'],
              message: 'src-shared is platform-free.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs', 'scripts/**/*.mjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
      },
    },
  },
  prettier,
);
