// The documented `migrate --json` schema (docs/cli.md), checked by hand so the tests need no
// JSON-schema library.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';

// The official SARIF 2.1.0 JSON schema (draft-04), as @microsoft/jest-sarif ships it.
const require = createRequire(import.meta.url);
const sarifSchema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as object;
// unicodeRegExp off: the schema's language-tag pattern is not valid with the u flag.
const ajv = new AjvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats.default(ajv);
const validateSarif = ajv.compile(sarifSchema);

const isInt = (value: unknown) => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isPosInt = (value: unknown) => isInt(value) && (value as number) >= 1;
const stringOrNull = (value: unknown) => typeof value === 'string' || value === null;

function exactKeys(object: unknown, keys: string[], where: string): Record<string, unknown> {
  expect(typeof object === 'object' && object !== null && !Array.isArray(object), `${where} is an object`).toBe(true);
  expect(Object.keys(object as object).sort(), `${where} keys`).toEqual([...keys].sort());
  return object as Record<string, unknown>;
}

export function expectMigrateReport(value: unknown): void {
  const report = exactKeys(value, ['version', 'typeAware', 'filesScanned', 'filesChanged', 'handlers', 'elapsedMs', 'changes', 'needsReview', 'errors'], 'report');
  expect(report.version).toMatch(/^\d+\.\d+\.\d+/);
  expect(typeof report.typeAware).toBe('boolean');
  for (const key of ['filesScanned', 'filesChanged', 'handlers', 'elapsedMs']) expect(isInt(report[key]), key).toBe(true);
  expect(report.filesChanged as number).toBeLessThanOrEqual(report.filesScanned as number);
  for (const [index, change] of (report.changes as unknown[]).entries()) {
    const item = exactKeys(change, ['file', 'line', 'column', 'kind', 'transform', 'tool'], `changes[${index}]`);
    expect(typeof item.file === 'string' && !(item.file as string).startsWith('/')).toBe(true);
    expect(isPosInt(item.line) && isPosInt(item.column)).toBe(true);
    expect(typeof item.kind === 'string' && typeof item.transform === 'string' && stringOrNull(item.tool)).toBe(true);
  }
  for (const [index, review] of (report.needsReview as unknown[]).entries()) {
    const item = exactKeys(review, ['file', 'line', 'column', 'kind', 'tool', 'reason'], `needsReview[${index}]`);
    expect(typeof item.file === 'string' && isPosInt(item.line) && isPosInt(item.column)).toBe(true);
    expect(typeof item.kind === 'string' && stringOrNull(item.tool) && typeof item.reason === 'string').toBe(true);
  }
  for (const [index, error] of (report.errors as unknown[]).entries()) {
    const item = exactKeys(error, ['file', 'line', 'column', 'message'], `errors[${index}]`);
    expect(typeof item.file === 'string' && isPosInt(item.line) && isPosInt(item.column) && typeof item.message === 'string').toBe(true);
  }
}

/** Valid against the SARIF 2.1.0 schema, and the parts that code scanning reads are there. */
export function expectSarif(value: unknown): void {
  expect(validateSarif(value), JSON.stringify(validateSarif.errors, null, 2)).toBe(true);
  const log = value as { version: string; $schema: string; runs: unknown[] };
  expect(log.version).toBe('2.1.0');
  expect(log.$schema).toMatch(/sarif-2\.1\.0/);
  expect(log.runs).toHaveLength(1);
  const run = log.runs[0] as {
    tool: { driver: { name: string; version: string; rules: { id: string; helpUri?: string; shortDescription: { text: string } }[] } };
    results: { ruleId: string; ruleIndex?: number; level: string; message: { text: string }; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number; startColumn: number } } }[] }[];
  };
  expect(run.tool.driver.name).toBe('mcp-result-kit');
  expect(run.tool.driver.version).toMatch(/^\d+\.\d+\.\d+/);
  for (const rule of run.tool.driver.rules) {
    expect(rule.id).toMatch(/^mcp-result-kit\//);
    expect(rule.helpUri).toMatch(/^https:\/\/.+\.md$/);
    expect(rule.shortDescription.text.length).toBeGreaterThan(0);
  }
  const ids = run.tool.driver.rules.map((rule) => rule.id);
  for (const result of run.results) {
    expect(ids).toContain(result.ruleId);
    if (result.ruleIndex !== undefined) expect(ids[result.ruleIndex]).toBe(result.ruleId);
    expect(['error', 'warning', 'note']).toContain(result.level);
    expect(result.message.text.length).toBeGreaterThan(0);
    expect(result.locations).toHaveLength(1);
    const location = result.locations[0].physicalLocation;
    expect(location.artifactLocation.uri).not.toMatch(/^\/|\\/);
    expect(location.region.startLine).toBeGreaterThanOrEqual(1);
    expect(location.region.startColumn).toBeGreaterThanOrEqual(1);
  }
}
