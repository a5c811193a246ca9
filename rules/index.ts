import type { TSESLint } from '@typescript-eslint/utils';
import tsParser from '@typescript-eslint/parser';
import { PACKAGE_NAME, packageVersion } from '../src/package-info.js';
import { SKIPPED_FOLDER_GLOBS, SOURCE_FILE_GLOBS, TS_FILE_GLOBS } from '../src/source-files.js';
import noBareObjectResult from './no-bare-object-result.js';
import noJsonStringifyResult from './no-json-stringify-result.js';
import noStringResult from './no-string-result.js';
import preferResultHelpers from './prefer-result-helpers.js';
import requireIsError from './require-is-error.js';
import requireOutputSchema from './require-output-schema.js';
import { PLUGIN_NAME, presetSeverities, ruleId, type Preset, type RuleName } from './rule-set.js';
import validStructuredContent from './valid-structured-content.js';

export { PLUGIN_NAME, type RuleName, type Preset } from './rule-set.js';

export const rules = {
  'no-bare-object-result': noBareObjectResult,
  'no-json-stringify-result': noJsonStringifyResult,
  'no-string-result': noStringResult,
  'prefer-result-helpers': preferResultHelpers,
  'require-is-error': requireIsError,
  'require-output-schema': requireOutputSchema,
  'valid-structured-content': validStructuredContent,
} satisfies Record<RuleName, unknown>;

export type ConfigName = 'recommended' | 'strict' | 'recommended-type-checked' | 'strict-type-checked' | 'disable-type-checked';

const plugin = {
  // Read once, so the plugin's meta always matches what is installed: ESLint wants the npm
  // package's name here, and the rule prefix as the namespace.
  meta: { name: PACKAGE_NAME, version: packageVersion(), namespace: PLUGIN_NAME },
  rules,
  configs: {} as Record<ConfigName, TSESLint.FlatConfig.Config>,
};

/** Every file extension the CLI reads (`.jsx` included), as in `check` and `migrate`. */
export const SOURCE_FILES = SOURCE_FILE_GLOBS;

/** The preset's rules at `error`, from the one kind → rule → preset table (rules/rule-set.ts). */
function ruleEntries(preset: Preset): Record<string, 'error'> {
  const entries: Record<string, 'error'> = {};
  for (const [rule, severity] of Object.entries(presetSeverities(preset))) if (severity !== 'off') entries[ruleId(rule as RuleName)] = 'error';
  return entries;
}

const base = (name: ConfigName, files: string[]): TSESLint.FlatConfig.Config => ({
  name: `${PLUGIN_NAME}/${name}`,
  // On its own, a flat config without `files` would skip `.ts`. Build output is not the source:
  // the CLI never scans it, so the configs do not lint it either.
  files,
  ignores: SKIPPED_FOLDER_GLOBS,
  plugins: { [PLUGIN_NAME]: plugin as unknown as TSESLint.FlatConfig.Plugin },
  languageOptions: { parser: tsParser as TSESLint.FlatConfig.Parser },
});

plugin.configs.recommended = { ...base('recommended', SOURCE_FILE_GLOBS), rules: ruleEntries('recommended') };
plugin.configs.strict = { ...base('strict', SOURCE_FILE_GLOBS), rules: ruleEntries('strict') };

// With type information the rules also see string-typed expressions and handlers in other files.
// As in typescript-eslint, the type-checked configs apply to TypeScript files only, so that
// eslint.config.js and plain JavaScript never meet the project service; JavaScript keeps the
// syntax-only configs (or uses disable-type-checked).
const typeChecked = (name: ConfigName, preset: Preset): TSESLint.FlatConfig.Config => ({
  ...base(name, TS_FILE_GLOBS),
  languageOptions: { parser: tsParser as TSESLint.FlatConfig.Parser, parserOptions: { projectService: true } },
  rules: ruleEntries(preset),
});
plugin.configs['recommended-type-checked'] = typeChecked('recommended-type-checked', 'recommended');
plugin.configs['strict-type-checked'] = typeChecked('strict-type-checked', 'strict');

// For files a type-checked config (ours or typescript-eslint's) should lint without type
// information. No rule is turned off: require-output-schema, the one that needs types, reports
// nothing without them.
plugin.configs['disable-type-checked'] = {
  name: `${PLUGIN_NAME}/disable-type-checked`,
  languageOptions: { parserOptions: { project: false, projectService: false, program: null } },
};

export const configs = plugin.configs;
export default plugin;
