// One ESLint run over one file, for bench/check-scale/run.mjs: `rules` lints with the plugin's
// recommended config (suggestions included, as an editor or a lint run gets them), `parse` with
// typescript-eslint's parser and no rules (the baseline). Prints counts and the bytes of
// JSON.stringify(results), what ESLint's json formatter would write.
//
//   node bench/check-scale/eslint-api.mjs rules|parse <file>
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import plugin from '../../dist/rules/index.js';

const [mode, given] = process.argv.slice(2);
const file = path.resolve(given);
const config =
  mode === 'rules'
    ? [{ ...plugin.configs.recommended, files: ['**/*.ts'] }]
    : [{ files: ['**/*.ts'], languageOptions: { parser: tsParser, sourceType: 'module' } }];
const eslint = new ESLint({ cwd: path.dirname(file), overrideConfigFile: true, overrideConfig: config, ignore: false });
const results = await eslint.lintFiles([file]);
let bytes = 0;
let messages = 0;
let suggestions = 0;
// Message by message: the whole results as one string can exceed V8's largest string (~512 MB).
for (const result of results) {
  messages += result.messages.length;
  bytes += Buffer.byteLength(JSON.stringify({ ...result, messages: [] }));
  for (const message of result.messages) {
    suggestions += message.suggestions?.length ?? 0;
    bytes += Buffer.byteLength(JSON.stringify(message)) + 1;
  }
}
process.stdout.write(JSON.stringify({ bytes, messages, suggestions }));
