import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { HandlerOptions } from '../../src/analyze/index.js';
import type { Preset } from '../../rules/rule-set.js';

export const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');
// Folders of fixtures/ that hold something other than codemod cases.
const NOT_CASES = new Set(['servers', 'example-server', 'types', 'jscodeshift']);
// content-literal rewrites what only the strict preset reports (prefer-result-helpers).
const STRICT_FOLDERS = new Set(['content-literal']);

export interface ReviewExpectation {
  line: number;
  kind: string;
}

export interface FixtureCase {
  transform: string;
  name: string;
  inputPath: string;
  outputPath: string;
  input: string;
  output: string;
  options: HandlerOptions & { importSource?: string; preset?: Preset };
  review: ReviewExpectation[];
}

/** Every `fixtures/<transform-id>/<case>.input.ts` with its `.output.ts` and optional sidecars. */
export function fixtureCases(): FixtureCase[] {
  const cases: FixtureCase[] = [];
  for (const transform of readdirSync(FIXTURES).sort()) {
    if (NOT_CASES.has(transform) || transform.startsWith('.')) continue;
    const folder = path.join(FIXTURES, transform);
    for (const file of readdirSync(folder).sort()) {
      const match = /^(.*)\.input\.(ts|tsx|js|mts|cts)$/.exec(file);
      if (!match) continue;
      const name = match[1];
      const inputPath = path.join(folder, file);
      const outputPath = path.join(folder, `${name}.output.${match[2]}`);
      const optionsPath = path.join(folder, `${name}.options.json`);
      const reviewPath = path.join(folder, `${name}.review.json`);
      cases.push({
        transform,
        name,
        inputPath,
        outputPath,
        input: readFileSync(inputPath, 'utf8'),
        output: existsSync(outputPath) ? readFileSync(outputPath, 'utf8') : '',
        options: {
          ...(STRICT_FOLDERS.has(transform) ? { preset: 'strict' as const } : {}),
          ...(existsSync(optionsPath) ? (JSON.parse(readFileSync(optionsPath, 'utf8')) as FixtureCase['options']) : {}),
        },
        review: existsSync(reviewPath) ? (JSON.parse(readFileSync(reviewPath, 'utf8')) as ReviewExpectation[]) : [],
      });
    }
  }
  return cases;
}

export function splitOptions(options: FixtureCase['options']): { handlerOptions: HandlerOptions; importSource?: string; preset?: Preset } {
  const { importSource, preset, ...handlerOptions } = options;
  return { handlerOptions, importSource, preset };
}
