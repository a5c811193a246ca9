// The command line of mcp-code-editor (and of `mcp-result-kit serve`, which forwards to it): every
// flag as a server option, and every bad one as one line with exit 2 before anything starts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommandLine, runCodeEditorCli, type CliIo } from '../src/cli.js';
import { packageVersion } from '../src/package-info.js';

function fakeIo(env: NodeJS.ProcessEnv = {}): CliIo & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    env,
    stdout: (text: string) => void (io.out += text),
    stderr: (text: string) => void (io.err += text),
  };
  return io;
}

describe('parseCommandLine', () => {
  it('turns every flag into a server option', () => {
    const parsed = parseCommandLine([
      '--root', 'content', '--layout', 'entities', '--read-only', '--org', 'acme',
      '--http', '3000', '--host', '0.0.0.0', '--token-file', 'token', '--allowed-host', 'a.internal', '--allowed-host', 'b.internal',
      '--result-format', 'readable', '--search-timeout', '250',
    ]);
    expect(parsed.options).toEqual({
      root: 'content',
      layout: 'entities',
      readOnly: true,
      org: 'acme',
      http: 3000,
      host: '0.0.0.0',
      allowedHosts: ['a.internal', 'b.internal'],
      format: 'readable',
      search: { timeoutMs: 250 },
    });
    expect(parsed.tokenFile).toBe('token');
    expect(parsed.warnings).toEqual([]);
    expect(parseCommandLine(['--db', 'x.db', '--import', 'seed']).options).toEqual({ db: 'x.db', importDir: 'seed' });
    expect(parseCommandLine([]).options).toEqual({});
    expect(parseCommandLine(['--root', 'new', '--create-root']).options).toEqual({ root: 'new', createRoot: true });
  });

  it('takes --postgres with a URL, or bare (the URL from the environment) wherever it stands', () => {
    expect(parseCommandLine(['--postgres', 'postgresql://u@h/db']).postgres).toBe('postgresql://u@h/db');
    expect(parseCommandLine(['--postgres']).postgres).toBe(true);
    expect(parseCommandLine(['--postgres', '--read-only']).postgres).toBe(true);
    expect(parseCommandLine(['--postgres=postgresql://u@h/db']).postgres).toBe('postgresql://u@h/db');
    expect(parseCommandLine(['--root', 'x']).postgres).toBeUndefined();
  });

  it('takes --format as the deprecated spelling of --result-format, with a warning', () => {
    const parsed = parseCommandLine(['--format', 'structured']);
    expect(parsed.options.format).toBe('structured');
    expect(parsed.warnings).toEqual(['--format structured is now --result-format structured']);
    expect(parseCommandLine(['--format', 'both', '--result-format', 'both']).options.format).toBe('both');
  });

  it.each([
    [['--http', 'eighty'], '--http must be a port number (0-65535), got "eighty"'],
    [['--http', '70000'], '--http must be a port number (0-65535), got "70000"'],
    [['--http', '-1'], '--http must be a port number (0-65535), got "-1"'],
    [['--search-timeout', '-5'], '--search-timeout must be a positive number of milliseconds, got "-5"'],
    [['--search-timeout', '-.5'], '--search-timeout must be a positive number of milliseconds, got "-.5"'],
    [['--layout', 'flat'], '--layout must be one of entities, plain, got "flat"'],
    [['--result-format', 'pretty'], '--result-format must be one of readable, structured, both, got "pretty"'],
    [['--format', 'readable', '--result-format', 'both'], '--format readable (deprecated) and --result-format both disagree'],
    [['--search-timeout', '0'], '--search-timeout must be a positive number of milliseconds, got "0"'],
    [['--search-timeout', 'soon'], '--search-timeout must be a positive number of milliseconds, got "soon"'],
    [['--token', 'abc'], "unknown option '--token' (see mcp-code-editor --help)"],
    [['content'], "unexpected argument 'content'. This command does not take positional arguments (see mcp-code-editor --help)"],
    [['--root'], "option '--root <value>' argument missing (see mcp-code-editor --help)"],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(message);
  });
});

describe('runCodeEditorCli', () => {
  it('prints the help and the version on stdout, exit 0, and starts nothing', async () => {
    const help = fakeIo();
    expect(await runCodeEditorCli(['--help'], { io: help })).toBe(0);
    expect(help.out).toMatch(/^Usage: mcp-code-editor \[options\]\n/);
    for (const flag of ['--db', '--root', '--create-root', '--postgres [url]', '--import', '--layout', '--read-only', '--org', '--http', '--host', '--token-file', '--allowed-host', '--result-format', '--search-timeout']) {
      expect(help.out).toContain(`  ${flag}`);
    }
    expect(help.err).toBe('');
    const alias = fakeIo();
    expect(await runCodeEditorCli(['-h'], { name: 'mcp-result-kit serve', io: alias })).toBe(0);
    expect(alias.out).toMatch(/^Usage: mcp-result-kit serve \[options\]\n/);
    const version = fakeIo();
    expect(await runCodeEditorCli(['--version'], { io: version })).toBe(0);
    expect(version.out).toBe(`${packageVersion()}\n`);
    expect(packageVersion()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('a bad command line: one line on stderr under the command name, exit 2', async () => {
    const io = fakeIo();
    expect(await runCodeEditorCli(['--http', 'eighty'], { name: 'mcp-result-kit serve', io })).toBe(2);
    expect(io.err).toBe('mcp-result-kit serve: --http must be a port number (0-65535), got "eighty"\n');
    expect(io.out).toBe('');
  });

  it('options the server refuses are usage errors too (exit 2); secrets come from the environment it is given', async () => {
    const twoStores = fakeIo();
    expect(await runCodeEditorCli(['--db', 'a.db', '--root', 'r'], { io: twoStores })).toBe(2);
    expect(twoStores.err).toBe('mcp-code-editor: choose one store: --db <file> or --root <dir>, not both\n');
    const barePostgres = fakeIo({});
    expect(await runCodeEditorCli(['--postgres'], { io: barePostgres })).toBe(2);
    expect(barePostgres.err).toBe('mcp-code-editor: --postgres without a URL takes it from MCP_CONTENT_DATABASE_URL, which is not set\n');
    const shortToken = fakeIo({ MCP_CONTENT_TOKEN: 'short' });
    expect(await runCodeEditorCli(['--root', '.', '--http', '0', '--host', '0.0.0.0'], { io: shortToken })).toBe(2);
    expect(shortToken.err).toMatch(/^mcp-code-editor: MCP_CONTENT_TOKEN is 5 characters; use at least 32/);
  });

  it('a --root that does not exist is a usage error naming the path (exit 2), and nothing is created', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-editor-cli-'));
    try {
      const missing = path.join(dir, 'nope');
      const io = fakeIo();
      expect(await runCodeEditorCli(['--root', missing], { io })).toBe(2);
      expect(io.err).toBe(`mcp-code-editor: --root ${missing}: ${missing} does not exist; check the path, or add --create-root to create it\n`);
      expect(fs.existsSync(missing)).toBe(false);
      const relative = fakeIo();
      expect(await runCodeEditorCli(['--root', './nope-relative-27'], { io: relative })).toBe(2);
      expect(relative.err).toBe(
        `mcp-code-editor: --root ./nope-relative-27: ${path.resolve('nope-relative-27')} does not exist; check the path, or add --create-root to create it\n`,
      );
      const underFile = fakeIo();
      fs.writeFileSync(path.join(dir, 'file.txt'), 'x');
      expect(await runCodeEditorCli(['--root', path.join(dir, 'file.txt', 'sub')], { io: underFile })).toBe(2);
      expect(underFile.err).toMatch(/does not exist; check the path/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a --root that is a file is a usage error that says so (exit 2)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-editor-cli-'));
    try {
      const file = path.join(dir, 'notes.txt');
      fs.writeFileSync(file, 'hello\n');
      const io = fakeIo();
      expect(await runCodeEditorCli(['--root', file], { io })).toBe(2);
      expect(io.err).toBe(`mcp-code-editor: --root ${file}: ${file} is a file, not a folder; --root serves a folder\n`);
      expect(fs.readFileSync(file, 'utf8')).toBe('hello\n');
      const create = fakeIo();
      expect(await runCodeEditorCli(['--root', file, '--create-root'], { io: create })).toBe(2);
      expect(create.err).toMatch(/is a file, not a folder/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--create-root only goes with --root', async () => {
    const io = fakeIo();
    expect(await runCodeEditorCli(['--db', 'x.db', '--create-root'], { io })).toBe(2);
    expect(io.err).toBe('mcp-code-editor: --create-root applies to a folder: use it with --root <dir>\n');
  });

  it('a server that cannot start (the command line was right): exit 1', async () => {
    const io = fakeIo();
    expect(await runCodeEditorCli(['--db', '/no/such/folder/x.db'], { io })).toBe(1);
    expect(io.err).toMatch(/^mcp-code-editor: .*\/no\/such\/folder.* does not exist/);
  });
});
