// The kit's own lint: typescript-eslint's recommended rules over the sources.
import js from '@eslint/js';
import eslintPlugin from 'eslint-plugin-eslint-plugin';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/', 'packages/*/dist/', 'node_modules/', 'fixtures/', 'coverage/', '.bench-tmp/', 'bench/.tmp/', '.scratch/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', performance: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The plugin's own rules, linted as ESLint plugins should be (meta, docs url, schema, messages).
  {
    files: ['rules/*.ts'],
    ...eslintPlugin.configs.recommended,
    rules: {
      ...eslintPlugin.configs.recommended.rules,
      'eslint-plugin/require-meta-docs-description': ['error', { pattern: '^(Disallow|Require|Prefer)' }],
      // createRule (ESLintUtils.RuleCreator) adds meta.docs.url at run time; test/rules/meta.test.ts checks it.
      'eslint-plugin/require-meta-docs-url': 'off',
      'eslint-plugin/require-meta-schema': 'error',
      'eslint-plugin/require-meta-schema-description': 'error',
      'eslint-plugin/require-meta-type': 'error',
      'eslint-plugin/prefer-message-ids': 'error',
      // Every rule reports through reportKinds (rules/utils.ts), which these two cannot follow;
      // the RuleTester suites cover each message id and suggestion.
      'eslint-plugin/require-meta-has-suggestions': 'off',
      'eslint-plugin/no-unused-message-ids': 'off',
    },
  },
);
