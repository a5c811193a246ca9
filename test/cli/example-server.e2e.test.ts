// The bundled example server before and after `mcp-result-kit migrate`: build it, call every tool
// with every argument set from tool-calls.json, migrate a copy through the binary, typecheck,
// rebuild, call everything again and compare.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTemporaries, cli, FIXTURES, linkModules, ROOT, tempDir } from './helpers.js';

const EXAMPLE = path.join(FIXTURES, 'example-server');

interface Outcome {
  tool: string;
  args: Record<string, unknown>;
  /** The raw result, or undefined when the SDK client raised an error. */
  result?: unknown;
  text?: string;
  isError?: boolean;
  sdkError?: string;
}

function tsc(dir: string, ...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(dir, 'tsconfig.json'), ...args], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

/** Starts the built server and makes every call from tool-calls.json, in order, against one process. */
async function callEverything(dir: string): Promise<Outcome[]> {
  const calls = JSON.parse(readFileSync(path.join(dir, 'tool-calls.json'), 'utf8')) as Record<string, Record<string, unknown>[]>;
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { main?: string };
  const client = new Client({ name: 'mcp-result-kit-e2e', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [path.join(dir, manifest.main ?? 'build/index.js')], cwd: dir, stderr: 'ignore' }));
  const outcomes: Outcome[] = [];
  try {
    for (const [tool, list] of Object.entries(calls)) {
      for (const args of list) {
        try {
          const result = await client.callTool({ name: tool, arguments: args });
          const content = (result.content ?? []) as { type: string; text?: string }[];
          outcomes.push({ tool, args, result, text: content.map((item) => item.text ?? '').join('\n'), isError: result.isError === true });
        } catch (error) {
          outcomes.push({ tool, args, sdkError: (error as Error).message });
        }
      }
    }
  } finally {
    await client.close();
  }
  return outcomes;
}

/** An error path, judged from the legacy text alone (the legacy server never set isError). */
function looksLikeError(outcome: Outcome): boolean {
  if (outcome.sdkError !== undefined || outcome.isError) return true;
  const text = outcome.text ?? '';
  if (/^(Error\b|Invalid\b|Unable\b|Failed\b|Cannot\b|Not found\b)/.test(text)) return true;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return typeof parsed === 'object' && parsed !== null && (typeof parsed.error === 'string' || parsed.status === 'error' || parsed.success === false);
  } catch {
    return false;
  }
}

const label = (outcome: Outcome) => `${outcome.tool} ${JSON.stringify(outcome.args)}`;

describe('example server: behaviour before and after the migration', () => {
  let dir: string;
  let before: Outcome[];
  let after: Outcome[];
  let migrate: { status: number | null; stdout: string; stderr: string };
  let typecheck: { status: number | null; output: string };

  beforeAll(async () => {
    dir = path.join(tempDir('mrk-example-'), 'example-server');
    cpSync(EXAMPLE, dir, { recursive: true, filter: (file) => !/[\\/](node_modules|build|dist)$/.test(file) });
    linkModules(dir, { kit: true });
    const build = tsc(dir);
    if (build.status !== 0) throw new Error(`the original example does not build:\n${build.output}`);
    before = await callEverything(dir);

    // The example's mcp-result-kit.config.json names its handleXxx handlers.
    expect(existsSync(path.join(dir, 'mcp-result-kit.config.json'))).toBe(true);
    migrate = cli(['migrate', 'src', '--json'], dir);
    typecheck = tsc(dir, '--noEmit');
    const rebuild = tsc(dir);
    if (rebuild.status !== 0) throw new Error(`the migrated example does not build:\n${rebuild.output}`);
    after = await callEverything(dir);
  }, 240_000);

  afterAll(cleanupTemporaries);

  it('migrates without errors', () => {
    expect(migrate.stderr).not.toMatch(/mcp-result-kit: (?!note|warning)/);
    expect(migrate.status).toBe(0);
    const report = JSON.parse(migrate.stdout) as { filesChanged: number; errors: unknown[] };
    expect(report.errors).toEqual([]);
    expect(report.filesChanged).toBeGreaterThan(0);
  });

  it('typechecks with zero errors after the migration', () => {
    expect(typecheck).toEqual({ status: 0, output: '' });
  });

  it('made the same calls both times', () => {
    expect(after.map(label)).toEqual(before.map(label));
    expect(before.length).toBeGreaterThan(0);
  });

  it('returns a valid CallToolResult from every call', () => {
    for (const outcome of after) {
      expect(outcome.sdkError, label(outcome)).toBeUndefined();
      expect(() => CallToolResultSchema.parse(outcome.result), label(outcome)).not.toThrow();
      expect(Array.isArray((outcome.result as { content?: unknown }).content), label(outcome)).toBe(true);
    }
  });

  it('keeps every success text byte for byte', () => {
    const successes = before.map((outcome, index) => [outcome, after[index]] as const).filter(([legacy]) => !looksLikeError(legacy));
    expect(successes.length).toBeGreaterThan(0);
    for (const [legacy, migrated] of successes) {
      expect(migrated.isError, label(legacy)).toBe(false);
      expect(migrated.text, label(legacy)).toBe(legacy.text);
    }
  });

  it('marks every error path with isError: true and keeps its words', () => {
    const failures = before.map((outcome, index) => [outcome, after[index]] as const).filter(([legacy]) => looksLikeError(legacy));
    expect(failures.length).toBeGreaterThan(0);
    for (const [legacy, migrated] of failures) {
      expect(migrated.isError, label(legacy)).toBe(true);
      const text = legacy.text ?? '';
      if (!legacy.isError && text.trimStart().startsWith('{')) {
        // A `{ "error": … }` JSON payload becomes its message (the one change by design).
        const message = (JSON.parse(text) as { error: string }).error;
        expect(migrated.text, label(legacy)).toBe(message);
      } else {
        // Any other error text stays exactly as it was: errorTextResult adds no "Error: ".
        expect(migrated.text, label(legacy)).toBe(text);
      }
    }
  });
});

