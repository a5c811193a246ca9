// Shared helpers for the probe's tests: run the built binary with a safety net, the fixture
// servers, an in-memory Io, the official SARIF schema and a small XML well-formedness check.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import type { Io } from '../../cli/io.js';
import { BIN, FIXTURES, type CliRun } from '../cli/helpers.js';

export const SERVERS = path.join(FIXTURES, 'probe', 'servers');
export const server = (name: string) => path.join(SERVERS, `${name}.mjs`);

/**
 * Runs `mcp-result-kit probe …` through the built binary. The probe bounds its own run with the
 * timeouts each test passes; the spawn timeout is only a net so that a regression fails the test
 * instead of hanging the suite.
 */
export function probeCli(args: string[], cwd: string, env: Record<string, string | undefined> = {}): CliRun & { killed: boolean } {
  const result = spawnSync(process.execPath, [BIN, 'probe', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, CI: '', ...env },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 180_000,
    killSignal: 'SIGKILL',
  });
  if (result.error && (result.error as NodeJS.ErrnoException).code !== 'ETIMEDOUT') throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr, killed: result.signal === 'SIGKILL' };
}

export function fakeIo(overrides: Partial<Io> = {}): Io & { out: string[]; err: string[]; stdoutText(): string; stderrText(): string } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    cwd: process.cwd(),
    env: {},
    stdout: (text) => void out.push(text),
    stderr: (text) => void err.push(text),
    stdoutIsTTY: false,
    stderrIsTTY: false,
    columns: 80,
    out,
    err,
    stdoutText: () => out.join(''),
    stderrText: () => err.join(''),
    ...overrides,
  };
}

// The official SARIF 2.1.0 schema (draft-04), as @microsoft/jest-sarif ships it.
const require = createRequire(import.meta.url);
const sarifSchema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as object;
// unicodeRegExp off: the schema's language-tag pattern is not valid with the u flag.
const ajv = new AjvDraft04.default({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats.default(ajv);
export const validateSarif = ajv.compile(sarifSchema);

/**
 * Throws unless `xml` is well-formed enough for a JUnit reader: one root, every element closed in
 * order, attribute values quoted with no raw `<` or `&`, text with no raw `<` or bare `&`.
 */
export function assertWellFormedXml(xml: string): void {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  let roots = 0;
  const token = /<(\/?)([A-Za-z][\w.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  for (const match of body.matchAll(token)) {
    const [, closing, name, attributes, selfClosing, text, stray] = match;
    if (stray) throw new Error(`a stray < at ${match.index}: ${body.slice(match.index, match.index + 40)}`);
    if (text !== undefined) {
      if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(text)) throw new Error(`a bare & in text: ${text.slice(0, 40)}`);
      if (stack.length === 0 && text.trim() !== '') throw new Error(`text outside the root: ${text.slice(0, 40)}`);
      continue;
    }
    if (attributes && /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(attributes)) throw new Error(`a bare & in the attributes of <${name}>`);
    if (closing) {
      const open = stack.pop();
      if (open !== name) throw new Error(`</${name}> closes <${open}>`);
    } else if (!selfClosing) {
      if (stack.length === 0) roots++;
      stack.push(name);
    } else if (stack.length === 0) roots++;
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
}
