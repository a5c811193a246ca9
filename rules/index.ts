import type { TSESLint } from '@typescript-eslint/utils';
import tsParser from '@typescript-eslint/parser';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import noBareObjectResult from './no-bare-object-result.js';
import noJsonStringifyResult from './no-json-stringify-result.js';
import noStringResult from './no-string-result.js';
import preferResultHelpers from './prefer-result-helpers.js';
import requireIsError from './require-is-error.js';
import validStructuredContent from './valid-structured-content.js';

export const PLUGIN_NAME = 'mcp-result-kit';

/** The npm package the plugin ships in (its `meta.name`, as ESLint asks); the rules' prefix stays PLUGIN_NAME. */
export const PACKAGE_NAME = '@mcp-result-kit/tools';

export const rules = {
  'no-bare-object-result': noBareObjectResult,
  'no-json-stringify-result': noJsonStringifyResult,
  'no-string-result': noStringResult,
  'prefer-result-helpers': preferResultHelpers,
  'require-is-error': requireIsError,
  'valid-structured-content': validStructuredContent,
};

export type RuleName = keyof typeof rules;

/** The kit's package.json, found upwards from this file (dist/rules/ when built, rules/ in tests). */
function packageVersion(): string {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'package.json');
    if (existsSync(candidate)) {
      const manifest = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === PACKAGE_NAME && manifest.version) return manifest.version;
    }
    if (path.dirname(dir) === dir) return '0.0.0';
  }
}

// Read once, so the plugin's meta always matches what is installed.
const version = packageVersion();

type Severity = 'error' | 'warn' | 'off';

/** Rule entries for a config, derived from each rule's meta.docs.recommended. */
function ruleEntries(level: 'recommended' | 'strict', severity: Severity = 'error'): Record<string, Severity> {
  const entries: Record<string, Severity> = {};
  for (const [name, rule] of Object.entries(rules)) {
    const wanted = rule.meta.docs?.recommended;
    if (wanted === 'recommended' || level === 'strict') entries[`${PLUGIN_NAME}/${name}`] = severity;
  }
  return entries;
}

const plugin = {
  meta: { name: PACKAGE_NAME, version },
  rules,
  configs: {} as Record<'recommended' | 'strict' | 'recommended-type-checked', TSESLint.FlatConfig.Config>,
};

/** The files a config applies to: on its own, a flat config without `files` would skip `.ts`. */
export const SOURCE_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts', '**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs'];

const base = (name: string): TSESLint.FlatConfig.Config => ({
  name: `${PLUGIN_NAME}/${name}`,
  files: SOURCE_FILES,
  plugins: { [PLUGIN_NAME]: plugin as unknown as TSESLint.FlatConfig.Plugin },
  languageOptions: { parser: tsParser as TSESLint.FlatConfig.Parser },
});

plugin.configs.recommended = { ...base('recommended'), rules: ruleEntries('recommended') };
plugin.configs.strict = { ...base('strict'), rules: ruleEntries('strict') };
// With type information the rules also see string-typed expressions and handlers in other files.
plugin.configs['recommended-type-checked'] = {
  ...base('recommended-type-checked'),
  languageOptions: { parser: tsParser as TSESLint.FlatConfig.Parser, parserOptions: { projectService: true } },
  rules: ruleEntries('recommended'),
};

export const configs = plugin.configs;
export default plugin;
