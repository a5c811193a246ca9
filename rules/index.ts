import type { TSESLint } from '@typescript-eslint/utils';
import tsParser from '@typescript-eslint/parser';
import { readFileSync } from 'node:fs';
import noBareObjectResult from './no-bare-object-result.js';
import noJsonStringifyResult from './no-json-stringify-result.js';
import noStringResult from './no-string-result.js';
import preferResultHelpers from './prefer-result-helpers.js';
import requireIsError from './require-is-error.js';
import validStructuredContent from './valid-structured-content.js';

export const PLUGIN_NAME = 'mcp-result-kit';

export const rules = {
  'no-bare-object-result': noBareObjectResult,
  'no-json-stringify-result': noJsonStringifyResult,
  'no-string-result': noStringResult,
  'prefer-result-helpers': preferResultHelpers,
  'require-is-error': requireIsError,
  'valid-structured-content': validStructuredContent,
};

export type RuleName = keyof typeof rules;

// The package version, read once so the plugin's meta always matches what is installed.
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

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
  meta: { name: PLUGIN_NAME, version },
  rules,
  configs: {} as Record<'recommended' | 'strict' | 'recommended-type-checked', TSESLint.FlatConfig.Config>,
};

const base = (name: string): TSESLint.FlatConfig.Config => ({
  name: `${PLUGIN_NAME}/${name}`,
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
