// `migrate` on servers of the shapes that broke builds or words before (issue 20), through the
// built binary on temporary projects: the migration adds no type error (`--verify`, then tsc), and
// every rewritten result says byte for byte what it said before. The migrated servers are compiled
// and called through the SDK Client over InMemoryTransport; FastMCP accepts the original strings,
// so there the same calls are made before and after and compared, elsewhere against the texts the
// original code builds, written out here.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTemporaries, cli, copyFixture, gitCommitAll, linkModules, ROOT, tempDir } from './helpers.js';

afterAll(cleanupTemporaries);

const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const SLOW = 240_000;

interface Called {
  text: string[];
  isError: boolean;
  structuredContent?: unknown;
}

/** Anything with `connect(transport)`: McpServer, Server, FastMCP. */
interface Connectable {
  connect(transport: Transport): Promise<unknown>;
}

/** A project from fixtures/migrate-e2e/<name>, installed the npm way or the pnpm way, committed. */
function project(name: string, layout: 'npm' | 'pnpm', dependencies: Record<string, string>): string {
  const dir = tempDir(`mrk-texts-${name}-`);
  copyFixture(`migrate-e2e/${name}`, dir);
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module', dependencies }, null, 2));
  if (layout === 'npm') linkModules(dir, { kit: true });
  else pnpmLayout(dir, Object.keys(dependencies));
  gitCommitAll(dir);
  return dir;
}

/**
 * pnpm's layout: each package under node_modules/.pnpm/<name>@<version>/node_modules/<name>, and
 * only the project's direct dependencies linked at the top. The SDK that FastMCP depends on is
 * there for FastMCP, not for the project's own imports.
 */
function pnpmLayout(dir: string, direct: string[]): void {
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules, { recursive: true });
  for (const name of direct) {
    const version = (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    const stored = path.join(modules, '.pnpm', `${name.replace('/', '+')}@${version}`, 'node_modules', name);
    mkdirSync(path.dirname(stored), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules', name), stored, 'dir');
    const top = path.join(modules, name);
    mkdirSync(path.dirname(top), { recursive: true });
    symlinkSync(path.relative(path.dirname(top), stored), top, 'dir');
  }
  writeFileSync(path.join(dir, 'pnpm-lock.yaml'), "lockfileVersion: '9.0'\n");
}

function tsc(dir: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [TSC, '-p', dir, ...args], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

/** Compiles the project into `outDir` and imports `module` from there. */
async function build<T>(dir: string, outDir: string, module: string): Promise<T> {
  const compiled = tsc(dir, ['--outDir', path.join(dir, outDir)]);
  expect(compiled.output).toBe('');
  return (await import(pathToFileURL(path.join(dir, outDir, module)).href)) as T;
}

async function connect(server: Connectable): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'texts-test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<Called> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text?: string }[];
  expect(content.every((item) => item.type === 'text')).toBe(true);
  return { text: content.map((item) => item.text ?? ''), isError: result.isError === true, ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}) };
}

/** `migrate --dry-run`, then `migrate --verify`: both succeed, and the project still typechecks. */
function migrateVerified(dir: string, args: string[] = []): { dryRun: string; verify: string } {
  const dryRun = cli(['migrate', '--dry-run', ...args, 'src'], dir);
  expect(dryRun.status, dryRun.stderr).toBe(1);
  const verify = cli(['migrate', '--verify', ...args, 'src'], dir);
  expect(verify.stderr).not.toMatch(/mcp-result-kit: (?!note|warning)/);
  expect(verify.stdout).toContain('Verify: no new TypeScript errors.');
  expect(verify.status).toBe(0);
  expect(tsc(dir, ['--noEmit'])).toEqual({ status: 0, output: '' });
  return { dryRun: dryRun.stdout, verify: verify.stdout };
}

/** The "Text the model reads differently" lines of a migrate summary. */
function textChanges(summary: string): string[] {
  const lines = summary.split('\n');
  const start = lines.findIndex((line) => line.startsWith('Text the model reads differently'));
  if (start === -1) return [];
  const end = lines.findIndex((line, index) => index > start && line.trim() === '');
  return lines.slice(start + 1, end === -1 ? undefined : end).map((line) => line.trim());
}

/** `file:line  kind` for the line of the fixture file holding each needle, as the summary lists sites. */
function linesOf(fixture: string, file: string, needles: string[], kind: string): string[] {
  const text = readFileSync(path.join(ROOT, 'fixtures/migrate-e2e', fixture, file), 'utf8');
  return needles.map((needle) => {
    expect(text).toContain(needle);
    return `${file}:${text.slice(0, text.indexOf(needle)).split('\n').length}  ${kind}`;
  });
}

const success = (text: string, structuredContent?: unknown): Called => ({ text: [text], isError: false, ...(structuredContent === undefined ? {} : { structuredContent }) });
const failure = (text: string, structuredContent: unknown): Called => ({ text: [text], isError: true, structuredContent });

describe('a FastMCP server installed with pnpm (its SDK is not a direct dependency)', () => {
  const CALLS: [string, Record<string, unknown>][] = [
    ['get_setting', { key: 'region' }],
    ['get_setting', { key: 'broken' }],
    ['set_setting', { key: 'region', value: 'us-east-1' }],
    ['set_setting', { key: 'retention', value: '1d' }],
    ['describe_setting', { key: 'region' }],
    ['describe_setting', { key: 'gone' }],
    ['list_settings', {}],
    ['list_settings', { prefix: 'zzz' }],
    ['reset_setting', { key: 'region' }],
    ['reset_setting', { key: 'nope' }],
    ['reset_setting', { key: 'retention' }],
  ];

  it(
    'migrates without a type error, imports nothing it cannot resolve, and every text stays the same',
    async () => {
      const dir = project('fastmcp-pnpm', 'pnpm', { fastmcp: '^4.20.0', zod: '^4.0.0', 'mcp-result-kit': '^0.1.0' });
      // The SDK is FastMCP's dependency: the project itself cannot import it.
      expect(spawnSync(process.execPath, ['-e', "import('@modelcontextprotocol/sdk/types.js').then(() => process.exit(0), () => process.exit(3))"], { cwd: dir }).status).toBe(3);
      type Module = { createServer(): Connectable };
      const before = await connect((await build<Module>(dir, 'build-before', 'server.js')).createServer());
      const original: Called[] = [];
      for (const [name, args] of CALLS) original.push(await call(before, name, args));

      const { dryRun } = migrateVerified(dir);
      expect(textChanges(dryRun)).toEqual(linesOf('fastmcp-pnpm', 'src/server.ts', ['JSON.stringify({ error:', 'JSON.stringify({ success: false'], 'error-json'));
      const server = readFileSync(path.join(dir, 'src/server.ts'), 'utf8');
      const list = readFileSync(path.join(dir, 'src/list.ts'), 'utf8');
      for (const text of [server, list]) expect(text).not.toContain('@modelcontextprotocol/sdk');
      expect(server).toContain("import { errorTextResult, jsonResult, successResult, type ToolResult } from 'mcp-result-kit';");
      // Both annotated executes return results now, and say so.
      expect(server).toContain('execute: async ({ key }): Promise<ToolResult> => {');
      expect(server).toContain('execute: async ({ key, value }): Promise<ToolResult> => {\n      let result: ToolResult;');
      expect(list).toContain("import { successResult, type ToolResult } from 'mcp-result-kit';");
      expect(list).toContain('export async function listSettings(args: { prefix?: string }): Promise<ToolResult> {');

      const after = await connect((await build<Module>(dir, 'build', 'server.js')).createServer());
      const migrated: Called[] = [];
      for (const [name, args] of CALLS) migrated.push(await call(after, name, args));
      const byCall = CALLS.map(([name, args], index) => ({ call: `${name} ${JSON.stringify(args)}`, original: original[index], migrated: migrated[index] }));
      const texts = (entries: typeof byCall) => entries.map((entry) => [entry.call, entry.migrated.text]);

      // Successes and error text: the very same words (FastMCP wrapped the strings itself).
      const kept = byCall.filter((entry) => !entry.call.startsWith('reset_setting {"key":"nope"') && !entry.call.startsWith('reset_setting {"key":"retention"'));
      expect(texts(kept)).toEqual(kept.map((entry) => [entry.call, entry.original.text]));
      expect(texts(kept)).toEqual([
        ['get_setting {"key":"region"}', ['{\n  "key": "region",\n  "value": "eu-west-1",\n  "locked": false\n}']],
        ['get_setting {"key":"broken"}', ['Error getting configuration for broken: the settings backend timed out']],
        ['set_setting {"key":"region","value":"us-east-1"}', ['Set region to us-east-1']],
        ['set_setting {"key":"retention","value":"1d"}', ['Failed to set retention: retention is locked']],
        ['describe_setting {"key":"region"}', ['region is editable']],
        ['describe_setting {"key":"gone"}', ['error: no setting named gone']],
        ['list_settings {}', ['region = us-east-1\nretention = 30d (locked)']],
        ['list_settings {"prefix":"zzz"}', ['error: nothing matches zzz']],
        ['reset_setting {"key":"region"}', ['{"reset":"region"}']],
      ]);
      // Failures are marked now; nothing else is.
      expect(byCall.filter((entry) => entry.migrated.isError).map((entry) => entry.call)).toEqual([
        'get_setting {"key":"broken"}',
        'set_setting {"key":"retention","value":"1d"}',
        'describe_setting {"key":"gone"}',
        'reset_setting {"key":"nope"}',
        'reset_setting {"key":"retention"}',
      ]);
      expect(byCall.every((entry) => !entry.original.isError)).toBe(true);
      // A JSON error payload becomes its message, the payload structuredContent (as the summary said).
      expect(original[9].text).toEqual(['{"error":"unknown setting nope","key":"nope"}']);
      expect(migrated[9]).toEqual(failure('unknown setting nope', { error: 'unknown setting nope', key: 'nope' }));
      expect(original[10].text).toEqual(['{"success":false,"message":"retention is locked","key":"retention"}']);
      expect(migrated[10]).toEqual(failure('retention is locked', { error: 'retention is locked', success: false, key: 'retention' }));
    },
    SLOW,
  );
});

describe('an SDK server whose error texts start with Error, error:, Failed, and JSON error payloads', () => {
  it(
    'keeps every word of every error',
    async () => {
      const dir = project('sdk-error-texts', 'npm', { '@modelcontextprotocol/sdk': '^1.32.0', zod: '^4.0.0', 'mcp-result-kit': '^0.1.0' });
      const { dryRun } = migrateVerified(dir);
      expect(textChanges(dryRun)).toEqual(linesOf('sdk-error-texts', 'src/server.ts', ['JSON.stringify({ error:', 'JSON.stringify({ success: false'], 'error-json'));
      const client = await connect((await build<{ createServer(): Connectable }>(dir, 'build', 'server.js')).createServer());
      const calls: [string, Record<string, unknown>, Called][] = [
        ['get_config', { bucket: 'photos' }, success('photos: 12 objects')],
        ['get_config', { bucket: 'archive' }, failure('Error getting configuration for archive: the archive tier is frozen', { error: 'Error getting configuration for archive: the archive tier is frozen' })],
        ['size_literal', { bucket: 'nope' }, failure('Error: the bucket does not exist', { error: 'the bucket does not exist' })],
        ['size_literal', { bucket: 'photos' }, success('12')],
        ['size_concat', { bucket: 'archive' }, failure('Error: QuotaError: the archive tier is frozen', { error: 'QuotaError: the archive tier is frozen' })],
        ['size_template', { bucket: 'nope' }, failure('Error:  no bucket nope ', { error: 'no bucket nope' })],
        ['size_caught', { bucket: 'nope' }, failure('no bucket nope', { error: 'no bucket nope' })],
        ['size_string', { bucket: 'archive' }, failure('QuotaError: the archive tier is frozen', { error: 'QuotaError: the archive tier is frozen' })],
        ['delete_bucket', { bucket: 'photos' }, failure('Failed to delete photos: the bucket is not empty', { error: 'Failed to delete photos: the bucket is not empty' })],
        ['delete_bucket', { bucket: 'nope' }, success('error: unknown bucket nope')],
        ['rename_bucket', { from: 'nope', to: 'x' }, failure('no bucket nope', { error: 'no bucket nope', code: 404 })],
        ['rename_bucket', { from: 'photos', to: 'photos' }, failure('photos already exists', { error: 'photos already exists', success: false, from: 'photos', to: 'photos' })],
        ['rename_bucket', { from: 'photos', to: 'media' }, success('{\n  "renamed": "photos",\n  "to": "media"\n}', { renamed: 'photos', to: 'media' })],
      ];
      for (const [name, args, expected] of calls) expect([name, args, await call(client, name, args)]).toEqual([name, args, expected]);
    },
    SLOW,
  );
});

describe("an SDK server with its own result types (`isError?: true`, an inline type requiring isError, one without it)", () => {
  it(
    'typechecks after migration and keeps the texts',
    async () => {
      const dir = project('sdk-narrow-types', 'npm', { '@modelcontextprotocol/sdk': '^1.32.0', zod: '^4.0.0', 'mcp-result-kit': '^0.1.0' });
      migrateVerified(dir);
      const responses = readFileSync(path.join(dir, 'src/responses.ts'), 'utf8');
      expect(responses).toContain('export function dataResponse(data: unknown): ToolResponse {\n  return jsonResult(data);');
      expect(responses).toContain('export function formatRows(rows: Record<string, unknown>[]): ToolResult {\n  return jsonResult(rows, { indent: 0 });');
      expect(responses).toContain('  details: { tool: string; message: string };\n  isError?: boolean;\n} {');
      const client = await connect((await build<{ createServer(): Connectable }>(dir, 'build', 'server.js')).createServer());
      const row = { id: 1, name: 'alpha', size: 3 };
      expect(await call(client, 'get_row', { id: 1 })).toEqual(success(JSON.stringify(row, null, 2), row));
      expect(await call(client, 'get_row', { id: 9 })).toEqual({ text: ['Error: no row 9'], isError: true });
      const rows = [row, { id: 2, name: 'beta', size: 5 }];
      expect(await call(client, 'list_rows', {})).toEqual(success(JSON.stringify(rows), { result: rows }));
      expect(await call(client, 'grow_row', { id: 1, by: 0 })).toEqual({ text: ['Failed to run grow_row: cannot grow by 0'], isError: true });
      expect(await call(client, 'explain_failure', { message: 'disk full' })).toEqual({ text: ['Failed to run explain_failure: disk full'], isError: true });
    },
    SLOW,
  );
});

describe('a low-level Server that also handles resources/read and prompts/get', () => {
  it(
    'rewrites only the tools/call handlers; resources and prompts keep working',
    async () => {
      const dir = project('low-level-resources', 'npm', { '@modelcontextprotocol/sdk': '^1.32.0', 'mcp-result-kit': '^0.1.0' });
      const original = Object.fromEntries(['inline', 'klass', 'setup'].map((name) => [name, readFileSync(path.join(dir, `src/${name}.ts`), 'utf8')]));
      migrateVerified(dir);
      const migrated = Object.fromEntries(['inline', 'klass', 'setup'].map((name) => [name, readFileSync(path.join(dir, `src/${name}.ts`), 'utf8')]));
      // The resource and prompt handlers, their error literals included, are exactly as they were.
      const untouched: [string, string][] = [
        ['inline', "    if (note === undefined) return { content: [{ type: 'text', text: `No note ${id}` }] };\n    return { contents: [{ uri: request.params.uri, mimeType: 'text/plain', text: note }] };"],
        ['inline', "    return { description: 'Summarize the notes', messages: [{ role: 'user', content: { type: 'text', text: [...notes.values()].join('\\n') } }] };"],
        ['klass', "    if (note === undefined) return { content: [{ type: 'text', text: `Failed to read ${id}` }] };\n    return { contents: [{ uri: request.params.uri, text: note }] };"],
        ['klass', "    if (!notes.has(String(request.params.arguments?.id))) return { content: [{ type: 'text', text: 'Error: unknown note' }] };"],
        ['setup', "  if (note === undefined) return { content: [{ type: 'text', text: `Error: no note ${id}` }] };\n  return { contents: [{ uri, mimeType: 'text/plain', text: note }] };"],
        ['setup', 'async function promptFor(name: string) {\n  return { messages:'],
      ];
      for (const [file, text] of untouched) {
        expect(original[file]).toContain(text);
        expect(migrated[file]).toContain(text);
      }
      expect(migrated.inline).toContain('        if (note === undefined) return errorTextResult(`Error: no note ${id}`);');
      expect(migrated.klass).toContain('    return errorTextResult(`Failed: unknown tool ${request.params.name}`);');
      expect(migrated.setup).toContain('    if (note === undefined) return errorTextResult(`Cannot append: no note ${id}`);');

      type Modules = { inline: { createInlineServer(): Connectable }; klass: { NotesServer: new () => { server: Connectable } }; setup: { createSetupServer(): Connectable } };
      const inline = await connect((await build<Modules['inline']>(dir, 'build', 'inline.js')).createInlineServer());
      const klass = await connect(new (await import(pathToFileURL(path.join(dir, 'build/klass.js')).href) as Modules['klass']).NotesServer().server);
      const setup = await connect((await import(pathToFileURL(path.join(dir, 'build/setup.js')).href) as Modules['setup']).createSetupServer());

      expect(await call(inline, 'read_note', { id: 'todo' })).toEqual(success('buy milk'));
      expect(await call(inline, 'read_note', { id: 'nope' })).toEqual(failure('Error: no note nope', { error: 'no note nope' }));
      expect(await call(inline, 'count_notes', {})).toEqual(success('{"count":2}', { count: 2 }));
      expect(await inline.readResource({ uri: 'note:///todo' })).toEqual({ contents: [{ uri: 'note:///todo', mimeType: 'text/plain', text: 'buy milk' }] });
      expect(await inline.getPrompt({ name: 'summarize' })).toEqual({ description: 'Summarize the notes', messages: [{ role: 'user', content: { type: 'text', text: 'buy milk\na kite that flies itself' } }] });

      expect(await call(klass, 'list_notes', {})).toEqual(success('["todo","ideas"]', { result: ['todo', 'ideas'] }));
      expect(await call(klass, 'rename_note', {})).toEqual(failure('Failed: unknown tool rename_note', { error: 'Failed: unknown tool rename_note' }));
      expect(await klass.readResource({ uri: 'note:///ideas' })).toEqual({ contents: [{ uri: 'note:///ideas', text: 'a kite that flies itself' }] });
      expect(await klass.getPrompt({ name: 'rewrite', arguments: { id: 'todo' } })).toEqual({ messages: [{ role: 'user', content: { type: 'text', text: 'Rewrite: buy milk' } }] });

      expect(await call(setup, 'append_note', { id: 'todo', text: 'eggs' })).toEqual(success('Appended to todo'));
      expect(await call(setup, 'append_note', { id: 'nope', text: 'x' })).toEqual(failure('Cannot append: no note nope', { error: 'Cannot append: no note nope' }));
      expect(await setup.readResource({ uri: 'note:///todo' })).toEqual({ contents: [{ uri: 'note:///todo', mimeType: 'text/plain', text: 'buy milk\neggs' }] });
      expect(await setup.getPrompt({ name: 'todo' })).toEqual({ messages: [{ role: 'user', content: { type: 'text', text: 'Explain the note todo' } }] });
    },
    SLOW,
  );
});
