import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, resolveCliOptions, validateConfig } from '../../cli/config.js';
import { cleanupTemporaries, tempDir, usageError, writeTree } from './helpers.js';

afterAll(cleanupTemporaries);

describe('validateConfig', () => {
  it('accepts every documented key', () => {
    const config = {
      handlerPatterns: ['^handle[A-Z]'],
      registrationMethods: ['addTool2'],
      handlerProperties: ['handler'],
      resultHelpers: ['ok', 'fail'],
      handlerClasses: true,
      importSource: '@acme/results',
      localHelpers: 'src/results.ts',
      format: 'readable',
      resultFormat: 'readable',
      preset: 'strict',
      rules: { 'mcp-result-kit/prefer-result-helpers': 'warn', 'mcp-result-kit/no-string-result': 0 },
      include: ['src/**'],
      exclude: ['**/*.test.ts'],
      protocolVersion: '2026-07-28',
      toolDefinitions: false,
      allowFastmcpStrings: true,
    };
    expect(validateConfig(config, 'cfg')).toEqual(config);
    expect(validateConfig({}, 'cfg')).toEqual({});
  });

  it.each([
    [[], /cfg: the configuration must be a JSON object, got an array/],
    ['x', /must be a JSON object, got string "x"/],
    [{ handlerPattern: ['x'] }, /cfg: unknown key "handlerPattern" \(known keys: handlerPatterns,/],
    [{ handlerPatterns: '^handle' }, /"handlerPatterns" must be an array of strings, got string "\^handle"/],
    [{ handlerPatterns: ['ok', 3] }, /"handlerPatterns\[1\]" must be a string, got number 3/],
    [{ handlerPatterns: ['(unclosed'] }, /"handlerPatterns\[0\]" is not a valid regular expression/],
    [{ errorPatterns: ['^ok', '(unclosed'] }, /cfg: "errorPatterns\[1\]" is not a valid regular expression/],
    [{ includeTests: 'yes' }, /"includeTests" must be true or false, got string "yes"/],
    [{ handlerClasses: 'yes' }, /"handlerClasses" must be true or false, got string "yes"/],
    [{ importSource: '' }, /"importSource" must be a non-empty string/],
    [{ localHelpers: 1 }, /"localHelpers" must be a non-empty string, got number 1/],
    [{ format: 'pretty' }, /"format" must be one of readable, structured, both, got string "pretty"/],
    [{ include: [''] }, /"include\[0\]" must not be empty/],
    [{ exclude: ['src/{a,b'] }, /"exclude\[0\]" is not a valid glob/],
    [{ resultHelpers: null }, /"resultHelpers" must be an array of strings, got null/],
    [{ preset: 'all' }, /cfg: "preset" must be one of recommended, strict, got string "all"/],
    [{ rules: ['no-string-result'] }, /cfg: "rules" must be an object of rule ids and severities, got an array/],
    [{ rules: { 'no-string-result': 'off' } }, /cfg "rules": unknown rule "no-string-result" \(known: mcp-result-kit\/no-bare-object-result, /],
    [{ rules: { 'mcp-result-kit/no-string-result': 'warning' } }, /cfg "rules": "mcp-result-kit\/no-string-result" must be one of error, warn, off \(or 2, 1, 0\), got string "warning"/],
    [{ rules: { 'mcp-result-kit/no-string-result': 3 } }, /must be one of error, warn, off \(or 2, 1, 0\), got number 3/],
    [{ protocolVersion: '2026-01-01' }, /^cfg: "protocolVersion" "2026-01-01" is not a released MCP protocol version \(known: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28\)$/],
    [{ protocolVersion: 'latest' }, /^cfg: "protocolVersion" must be a protocol version date in the form YYYY-MM-DD \(2024-11-05, .*\), got "latest"$/],
    [{ protocolVersion: 20260728 }, /^cfg: "protocolVersion" must be a protocol version date \(2024-11-05, .*\), got number$/],
  ])('rejects %j with a message naming the key', (raw, message) => {
    expect(usageError(() => validateConfig(raw, 'cfg'))).toMatch(message);
  });
});

describe('loadConfig', () => {
  it('finds mcp-result-kit.config.json from the cwd upwards', () => {
    const dir = tempDir();
    writeTree(dir, { 'mcp-result-kit.config.json': '{ "handlerPatterns": ["^handle"] }', 'src/deep/x.ts': '' });
    const loaded = loadConfig(path.join(dir, 'src/deep'));
    expect(loaded.source).toBe(path.join(dir, 'mcp-result-kit.config.json'));
    expect(loaded.config).toEqual({ handlerPatterns: ['^handle'] });
    expect(loaded.baseDir).toBe(dir);
  });

  it('reads the "mcp-result-kit" key of package.json, and skips a package.json without it', () => {
    const dir = tempDir();
    writeTree(dir, {
      'package.json': JSON.stringify({ name: 'app', 'mcp-result-kit': { resultHelpers: ['ok'] } }),
      'packages/tool/package.json': JSON.stringify({ name: 'tool' }),
    });
    const loaded = loadConfig(path.join(dir, 'packages/tool'));
    expect(loaded.source).toBe(`${path.join(dir, 'package.json')}#mcp-result-kit`);
    expect(loaded.config).toEqual({ resultHelpers: ['ok'] });
  });

  it('prefers the config file over package.json in the same folder', () => {
    const dir = tempDir();
    writeTree(dir, {
      'package.json': JSON.stringify({ 'mcp-result-kit': { resultHelpers: ['pkg'] } }),
      'mcp-result-kit.config.json': JSON.stringify({ resultHelpers: ['file'] }),
    });
    expect(loadConfig(dir).config).toEqual({ resultHelpers: ['file'] });
  });

  it('validates the package.json section and names it', () => {
    const dir = tempDir();
    writeTree(dir, { 'package.json': JSON.stringify({ 'mcp-result-kit': { bogus: 1 } }) });
    expect(usageError(() => loadConfig(dir))).toMatch(/package\.json "mcp-result-kit": unknown key "bogus"/);
  });

  it('loads --config-file, and reports a missing file or invalid JSON', () => {
    const dir = tempDir();
    writeTree(dir, { 'conf/custom.json': '{ "handlerClasses": true }', 'bad.json': '{ nope', 'pkg/package.json': '{}' });
    expect(loadConfig(dir, 'conf/custom.json').config).toEqual({ handlerClasses: true });
    expect(usageError(() => loadConfig(dir, 'missing.json'))).toBe('config file not found: missing.json');
    expect(usageError(() => loadConfig(dir, 'bad.json'))).toMatch(/bad\.json: invalid JSON/);
    expect(usageError(() => loadConfig(dir, 'pkg/package.json'))).toMatch(/no "mcp-result-kit" key/);
  });

  it('returns an empty config when there is none', () => {
    const dir = tempDir();
    expect(loadConfig(dir)).toEqual({ config: {}, baseDir: dir });
  });
});

describe('resolveCliOptions', () => {
  it('lays the flags over the file', () => {
    const dir = tempDir();
    writeTree(dir, {
      'mcp-result-kit.config.json': JSON.stringify({
        handlerPatterns: ['^file'],
        resultHelpers: ['ok'],
        handlerClasses: true,
        importSource: 'from-file',
        localHelpers: 'lib/results.ts',
        include: ['src/**'],
        exclude: ['**/*.test.ts'],
      }),
      'sub/x.ts': '',
    });
    const fromFile = resolveCliOptions(path.join(dir, 'sub'), {});
    expect(fromFile.handlerOptions).toEqual({ handlerPatterns: ['^file'], resultHelpers: ['ok'], handlerClasses: true });
    expect(fromFile.importSource).toBe('from-file');
    // Paths and globs from the file are relative to the file's folder.
    expect(fromFile.localHelpers).toBe(path.join(dir, 'lib/results.ts'));
    expect(fromFile.include).toEqual([{ pattern: 'src/**', base: dir }]);

    const flags = resolveCliOptions(path.join(dir, 'sub'), {
      handlerPattern: ['^flag'],
      handlerClasses: false,
      importSource: 'from-flag',
      localHelpers: 'h.ts',
      include: ['*.ts'],
    });
    expect(flags.handlerOptions).toEqual({ handlerPatterns: ['^flag'], resultHelpers: ['ok'], handlerClasses: false });
    expect(flags.importSource).toBe('from-flag');
    expect(flags.localHelpers).toBe(path.join(dir, 'sub/h.ts'));
    expect(flags.include).toEqual([{ pattern: '*.ts', base: path.join(dir, 'sub') }]);
    expect(flags.exclude).toEqual([{ pattern: '**/*.test.ts', base: dir }]);
  });

  it('rejects bad flags with one-line messages', () => {
    const dir = tempDir();
    expect(usageError(() => resolveCliOptions(dir, { handlerPattern: ['[a-'] }))).toMatch(/^--handler-pattern "\[a-" is not a valid regular expression/);
    expect(usageError(() => resolveCliOptions(dir, { errorPattern: ['[a-'] }))).toMatch(/^--error-pattern "\[a-" is not a valid regular expression/);
    expect(usageError(() => resolveCliOptions(dir, { resultFormat: 'pretty' }))).toMatch(/^--result-format must be one of readable, structured, both/);
    expect(usageError(() => resolveCliOptions(dir, { preset: 'all' }))).toMatch(/^--preset must be one of recommended, strict, got "all"/);
    expect(usageError(() => resolveCliOptions(dir, { include: ['{a'] }))).toMatch(/^--include "\{a" is not a valid glob/);
    expect(usageError(() => resolveCliOptions(dir, { importSource: ' ' }))).toMatch(/^--import-source must not be empty/);
    expect(usageError(() => resolveCliOptions(dir, { protocolVersion: '2026-7-28' }))).toBe(
      '--protocol-version must be a protocol version date in the form YYYY-MM-DD (2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28), got "2026-7-28"',
    );
  });

  it('passes protocolVersion (the flag over the file), toolDefinitions and allowFastmcpStrings on to the analyzer', () => {
    const dir = tempDir();
    writeTree(dir, { 'mcp-result-kit.config.json': JSON.stringify({ protocolVersion: '2025-06-18', toolDefinitions: false, allowFastmcpStrings: true }) });
    expect(resolveCliOptions(dir, {}).handlerOptions).toEqual({ protocolVersion: '2025-06-18', toolDefinitions: false, allowFastmcpStrings: true });
    expect(resolveCliOptions(dir, { protocolVersion: '2026-07-28' }).handlerOptions.protocolVersion).toBe('2026-07-28');
    expect(resolveCliOptions(tempDir(), {}).handlerOptions).toEqual({});
  });
});

describe('resolveCliOptions: preset, rules and deprecated keys', () => {
  it('reads preset and rules from the file, the flag wins for the preset, and "format" is reported as deprecated', () => {
    const dir = tempDir();
    writeTree(dir, { 'mcp-result-kit.config.json': JSON.stringify({ preset: 'strict', rules: { 'mcp-result-kit/no-string-result': 'warn' }, format: 'readable' }) });
    const options = resolveCliOptions(dir, {});
    expect(options.preset).toBe('strict');
    expect(options.rules).toEqual({ 'no-string-result': 'warn' });
    expect(options.resultFormat).toBe('readable');
    expect(options.deprecations).toEqual([expect.stringContaining('the "format" key is deprecated; call it "resultFormat"')]);
    expect(resolveCliOptions(dir, { preset: 'recommended' }).preset).toBe('recommended');
    expect(resolveCliOptions(tempDir(), {}).preset).toBe('recommended');
  });

  it('refuses "format" and "resultFormat" that disagree', () => {
    const dir = tempDir();
    writeTree(dir, { 'mcp-result-kit.config.json': JSON.stringify({ format: 'readable', resultFormat: 'both' }) });
    expect(usageError(() => resolveCliOptions(dir, {}))).toMatch(/"format" \(deprecated\) and "resultFormat" disagree/);
  });
});
