// The suppressions file in ESLint's format and with ESLint's rules (eslint/lib/services/
// suppressions-service.js), restricted to the kit's own rules.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ESLint, Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import {
  applySuppressions,
  baselineCommand,
  loadSuppressions,
  planSuppressions,
  prune,
  saveSuppressions,
  suppress,
  type SuppressedViolations,
} from '../../cli/suppressions.js';
import { cleanupTemporaries, tempDir, usageError, writeTree } from './helpers.js';

afterAll(cleanupTemporaries);

const STRING = 'mcp-result-kit/no-string-result';
const IS_ERROR = 'mcp-result-kit/require-is-error';

function message(ruleId: string | null, line: number, severity: 1 | 2 = 2): Linter.LintMessage {
  return { ruleId, line, column: 1, severity, message: `${ruleId} at ${line}`, ...(ruleId === null ? { fatal: true } : {}) } as Linter.LintMessage;
}

function result(cwd: string, file: string, messages: Linter.LintMessage[]): ESLint.LintResult {
  const errors = messages.filter((item) => item.severity === 2).length;
  return {
    filePath: path.join(cwd, file),
    messages,
    suppressedMessages: [],
    errorCount: errors,
    fatalErrorCount: messages.filter((item) => item.fatal).length,
    warningCount: messages.length - errors,
    fixableErrorCount: 0,
    fixableWarningCount: 0,
    usedDeprecatedRules: [],
  };
}

describe('planSuppressions', () => {
  it('refuses the flag pairs ESLint refuses', () => {
    const cwd = tempDir();
    expect(usageError(() => planSuppressions({ suppressAll: true, suppressRule: [STRING] }, cwd))).toBe('--suppress-all and --suppress-rule cannot be used together');
    expect(usageError(() => planSuppressions({ suppressAll: true, pruneSuppressions: true }, cwd))).toBe('--suppress-all and --prune-suppressions cannot be used together');
    expect(usageError(() => planSuppressions({ suppressRule: [STRING], pruneSuppressions: true }, cwd))).toBe('--suppress-rule and --prune-suppressions cannot be used together');
  });

  it('takes kit rules with or without the namespace, and names the known ones for anything else', () => {
    const cwd = tempDir();
    expect(planSuppressions({ suppressRule: ['no-string-result', STRING, IS_ERROR] }, cwd).suppress).toEqual([STRING, IS_ERROR]);
    expect(usageError(() => planSuppressions({ suppressRule: ['no-console'] }, cwd))).toMatch(
      /^--suppress-rule: unknown rule "no-console"; check suppresses only the kit's rules \(mcp-result-kit\/no-bare-object-result, .*\)$/,
    );
  });

  it('uses eslint-suppressions.json in the cwd, read only when it exists', () => {
    const cwd = tempDir();
    expect(planSuppressions({}, cwd)).toEqual({ file: path.join(cwd, 'eslint-suppressions.json'), suppress: null, prune: false, active: false });
    expect(planSuppressions({ pruneSuppressions: true }, cwd).active).toBe(true);
    writeTree(cwd, { 'eslint-suppressions.json': '{}' });
    expect(planSuppressions({}, cwd).active).toBe(true);
  });

  it('wants a --suppressions-location that exists unless it is about to be written, and a file, not a folder', () => {
    const cwd = tempDir();
    writeTree(cwd, { 'ci/keep': '' });
    expect(usageError(() => planSuppressions({ suppressionsLocation: 'ci/baseline.json' }, cwd))).toBe(
      'the suppressions file ci/baseline.json does not exist; create it with --suppress-all or --suppress-rule <rule>',
    );
    expect(planSuppressions({ suppressionsLocation: 'ci/baseline.json', suppressAll: true }, cwd)).toMatchObject({ file: path.join(cwd, 'ci/baseline.json'), suppress: 'all', active: true });
    expect(usageError(() => planSuppressions({ suppressionsLocation: 'ci', suppressAll: true }, cwd))).toBe(
      `--suppressions-location ci is a folder; name the file, e.g. ${path.join('ci', 'eslint-suppressions.json')}`,
    );
    expect(usageError(() => planSuppressions({ suppressionsLocation: 'new/', suppressAll: true }, cwd))).toMatch(/^--suppressions-location new\/ is a folder/);
  });
});

describe('loadSuppressions and saveSuppressions', () => {
  it('write what ESLint writes: sorted keys, two spaces, no final newline', () => {
    const file = path.join(tempDir(), 'eslint-suppressions.json');
    saveSuppressions(file, { 'src/b.ts': { [STRING]: { count: 1 } }, 'src/a.ts': { [STRING]: { count: 2 }, [IS_ERROR]: { count: 1 } } });
    expect(readFileSync(file, 'utf8')).toBe(
      '{\n  "src/a.ts": {\n    "mcp-result-kit/no-string-result": {\n      "count": 2\n    },\n    "mcp-result-kit/require-is-error": {\n      "count": 1\n    }\n  },\n  "src/b.ts": {\n    "mcp-result-kit/no-string-result": {\n      "count": 1\n    }\n  }\n}',
    );
    expect(loadSuppressions(file, 'x')).toEqual({ 'src/a.ts': { [STRING]: { count: 2 }, [IS_ERROR]: { count: 1 } }, 'src/b.ts': { [STRING]: { count: 1 } } });
  });

  it('read a missing file as empty, and name what is wrong in a malformed one', () => {
    const dir = tempDir();
    expect(loadSuppressions(path.join(dir, 'none.json'), 'none.json')).toEqual({});
    const bad = (text: string) => {
      writeFileSync(path.join(dir, 's.json'), text);
      return usageError(() => loadSuppressions(path.join(dir, 's.json'), 's.json'));
    };
    expect(bad('{ nope')).toMatch(/^s\.json: invalid JSON \(.*\); fix it, or delete it and run check --suppress-all again$/);
    expect(bad('[]')).toBe('s.json: must be a JSON object of files, got an array');
    expect(bad('{ "a.ts": 1 }')).toBe('s.json: "a.ts" must be an object of rule ids, got number 1');
    expect(bad('{ "a.ts": { "r": { "count": 0 } } }')).toBe('s.json: "a.ts" → "r" must be { "count": <a whole number above 0> }, got an object');
    expect(bad('{ "a.ts": { "r": 2 } }')).toBe('s.json: "a.ts" → "r" must be { "count": <a whole number above 0> }, got number 2');
  });
});

describe('suppress', () => {
  const cwd = '/project';
  const results = [
    result(cwd, 'src/a.ts', [message(STRING, 1), message(STRING, 2), message(IS_ERROR, 3), message(IS_ERROR, 4, 1), message(null, 5)]),
    result(cwd, 'src/clean.ts', []),
  ];

  it('--suppress-all: every file and kit rule with errors, at today’s count (warnings and parse errors do not count)', () => {
    expect(suppress({}, results, cwd, 'all')).toEqual({ 'src/a.ts': { [STRING]: { count: 2 }, [IS_ERROR]: { count: 1 } } });
  });

  it('--suppress-rule: only that rule, over what the file held; other plugins’ entries are kept', () => {
    const before: SuppressedViolations = { 'src/a.ts': { [IS_ERROR]: { count: 5 }, 'no-console': { count: 3 } }, 'src/gone.ts': { [STRING]: { count: 1 } } };
    expect(suppress(before, results, cwd, [STRING])).toEqual({
      'src/a.ts': { [IS_ERROR]: { count: 5 }, 'no-console': { count: 3 }, [STRING]: { count: 2 } },
      'src/gone.ts': { [STRING]: { count: 1 } },
    });
    expect(before['src/a.ts'][STRING]).toBeUndefined();
  });
});

describe('applySuppressions', () => {
  const cwd = '/project';

  it('moves a rule’s errors in a file to suppressedMessages while there are no more than the count, and recounts', () => {
    const results = [result(cwd, 'src/a.ts', [message(STRING, 1), message(IS_ERROR, 2), message(IS_ERROR, 3, 1)])];
    const { results: applied, suppressed, unused } = applySuppressions(results, { 'src/a.ts': { [STRING]: { count: 2 } } }, cwd);
    expect(applied[0].messages.map((item) => item.line)).toEqual([2, 3]);
    expect(applied[0].suppressedMessages).toEqual([{ ...message(STRING, 1), suppressions: [{ kind: 'file', justification: '' }] }]);
    expect(applied[0]).toMatchObject({ errorCount: 1, warningCount: 1, fatalErrorCount: 0 });
    expect(suppressed).toBe(1);
    // One of the two accepted errors no longer occurs.
    expect(unused).toEqual({ 'src/a.ts': { [STRING]: { count: 1 } } });
    expect(results[0].messages).toHaveLength(3);
  });

  it('reports all of a rule’s errors in a file once there are more than the count, as ESLint does', () => {
    const results = [result(cwd, 'src/a.ts', [message(STRING, 1), message(STRING, 2), message(STRING, 3)])];
    const { results: applied, suppressed, unused } = applySuppressions(results, { 'src/a.ts': { [STRING]: { count: 2 } } }, cwd);
    expect(applied[0].messages).toHaveLength(3);
    expect(suppressed).toBe(0);
    expect(unused).toEqual({});
  });

  it('counts only the kit’s rules as unused, in the files checked', () => {
    const results = [result(cwd, 'src/a.ts', [])];
    const suppressions = { 'src/a.ts': { [STRING]: { count: 1 }, 'no-console': { count: 1 } }, 'src/other.ts': { [STRING]: { count: 1 } } };
    expect(applySuppressions(results, suppressions, cwd).unused).toEqual({ 'src/a.ts': { [STRING]: { count: 1 } } });
  });
});

describe('prune', () => {
  it('lowers counts to what still occurs, removes what no longer does and the files that are gone; other plugins’ entries stay', () => {
    const cwd = tempDir();
    writeTree(cwd, { 'src/a.ts': '', 'src/b.ts': '' });
    const results = [result(cwd, 'src/a.ts', [message(STRING, 1)]), result(cwd, 'src/b.ts', [])];
    const before: SuppressedViolations = {
      'src/a.ts': { [STRING]: { count: 3 }, [IS_ERROR]: { count: 1 }, 'no-console': { count: 2 } },
      'src/b.ts': { [STRING]: { count: 1 } },
      'src/gone.ts': { [STRING]: { count: 4 } },
      'src/gone-too.ts': { [STRING]: { count: 1 }, 'no-console': { count: 1 } },
    };
    expect(prune(before, results, cwd)).toEqual({ 'src/a.ts': { [STRING]: { count: 1 }, 'no-console': { count: 2 } }, 'src/gone-too.ts': { 'no-console': { count: 1 } } });
  });
});

describe('baselineCommand', () => {
  it('repeats the options that change what check reports, quoted for a shell', () => {
    expect(baselineCommand([], {})).toBe('npx mcp-result-kit check --suppress-all');
    expect(
      baselineCommand(['src', 'lib tools'], {
        configFile: 'ci/kit.json',
        tsconfig: false,
        preset: 'strict',
        protocolVersion: '2026-07-28',
        include: ['src/**/*.ts'],
        handlerPattern: ['^handle[A-Z]'],
        handlerClasses: false,
      }),
    ).toBe(
      "npx mcp-result-kit check --suppress-all --config-file ci/kit.json --no-tsconfig --preset strict --protocol-version 2026-07-28 --include 'src/**/*.ts' --handler-pattern '^handle[A-Z]' --no-handler-classes src 'lib tools'",
    );
    expect(baselineCommand(['src'], { resultHelper: ["it's"] })).toBe(`npx mcp-result-kit check --suppress-all --result-helper 'it'\\''s' src`);
  });
});
