// Scenario files (JSON and YAML) and `${var}` substitution: good files read as steps, every bad entry
// is reported with its file, line, column and path.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadScenario } from '../../cli/probe/scenario.js';
import { captureValues, resolveArguments, Scope } from '../../cli/probe/substitute.js';
import type { Outcome } from '../../cli/probe/types.js';
import { cleanupTemporaries, tempDir } from '../cli/helpers.js';

afterAll(cleanupTemporaries);

function scenarioFile(name: string, text: string): { dir: string; file: string } {
  const dir = tempDir('mrk-scenario-');
  writeFileSync(path.join(dir, name), text);
  return { dir, file: name };
}

function problems(name: string, text: string): string {
  const { dir, file } = scenarioFile(name, text);
  try {
    loadScenario(file, dir);
  } catch (error) {
    expect((error as Error).name).toBe('ProbeError');
    return (error as Error).message;
  }
  throw new Error('the scenario was accepted');
}

describe('scenario files', () => {
  it('reads the YAML form with vars, setup, calls, masks and error patterns', () => {
    const { dir, file } = scenarioFile(
      'probe.yaml',
      [
        'vars: { station: KSEA }',
        'setup:',
        '  - name: opened',
        '    tool: open_incident',
        '    arguments: { title: Probe, stationId: "${station}" }',
        '    capture: { incident: "INC-\\\\d+" }',
        'calls:',
        '  - tool: get_station',
        '    arguments: { id: "${station}" }',
        '  - tool: get_station',
        '    expect: error',
        '  - name: resolve',
        '    tool: resolve_incident',
        '    arguments: { id: "${incident}", note: "${opened.text}" }',
        'mask:',
        '  - { pattern: "req-[0-9a-f]+", replacement: "<request>" }',
        '  - { key: etag }',
        'errorPatterns: ["offline$"]',
      ].join('\n'),
    );
    const scenario = loadScenario(file, dir);
    expect(scenario.vars).toEqual({ station: 'KSEA' });
    expect(scenario.steps.map((step) => [step.id, step.phase, step.tool])).toEqual([
      ['opened', 'setup', 'open_incident'],
      ['get_station#1', 'call', 'get_station'],
      ['get_station#2', 'call', 'get_station'],
      ['resolve', 'call', 'resolve_incident'],
    ]);
    expect(scenario.steps[0].capture).toEqual({ incident: 'INC-\\d+' });
    expect(scenario.steps[2]).toMatchObject({ arguments: {}, expect: 'error', source: 'scenario' });
    expect(scenario.mask).toEqual([{ pattern: 'req-[0-9a-f]+', replacement: '<request>' }, { key: 'etag' }]);
    expect(scenario.errorPatterns).toEqual(['offline$']);
  });

  it('reads a bare JSON list as the calls', () => {
    const { dir, file } = scenarioFile('calls.json', JSON.stringify([{ tool: 'a', arguments: { n: 1 } }, { tool: 'a' }, { tool: 'b', name: 'bee' }]));
    expect(loadScenario(file, dir).steps.map((step) => step.id)).toEqual(['a#1', 'a#2', 'bee']);
  });

  it.each([
    ['a YAML syntax error', 'p.yaml', 'calls:\n  - tool: a\n    arguments: { id: "x"\n', /^the scenario file does not parse:\n {2}p\.yaml:\d+:\d+: Flow map/],
    ['a JSON syntax error', 'p.json', '[{"tool": "a",}, ]\n{', /^the scenario file does not parse:\n {2}p\.json:\d+:\d+: /],
    ['a duplicate key', 'p.yaml', 'calls:\n  - tool: a\n    tool: b\n', /p\.yaml:3:5: Map keys must be unique/],
    ['no calls', 'p.yaml', 'vars: { a: 1 }\n', /p\.yaml:1:1: \(top level\): missing 'calls'/],
    ['a scalar file', 'p.yaml', 'just text\n', /\(top level\): must be a list of calls, or an object with calls/],
    ['a misspelt key', 'p.yaml', 'calls:\n  - tool: a\n  - tool: b\n    argument: { id: 1 }\n', /p\.yaml:4:5: calls\[1\]: unknown key 'argument' \(allowed: name, tool, arguments, expect, capture\)/],
    ['a step without a tool', 'p.yaml', 'calls:\n  - arguments: {}\n', /p\.yaml:2:5: calls\[0\]: missing 'tool'/],
    ['arguments that are not an object', 'p.yaml', 'calls:\n  - tool: a\n    arguments: [1, 2]\n', /p\.yaml:3:16: calls\[0\]\.arguments: must be object/],
    ['a bad expect', 'p.yaml', 'calls:\n  - tool: a\n    expect: fail\n', /p\.yaml:3:13: calls\[0\]\.expect: must be one of "success", "error"/],
    ['a bad name', 'p.yaml', 'calls:\n  - tool: a\n    name: 2nd call\n', /calls\[0\]\.name: must be a name of letters, digits, _ and -/],
    ['a bad mask', 'p.yaml', 'calls: [{ tool: a }]\nmask:\n  - { regex: "x" }\n', /p\.yaml:3:5: mask\[0\]: must be \{ pattern, flags\?, replacement\? \} or \{ key, replacement\? \}/],
    ['a bad mask regex', 'p.yaml', 'calls: [{ tool: a }]\nmask:\n  - { pattern: "([a-z" }\n', /mask\[0\]\.pattern: not a valid regular expression/],
    ['a bad capture regex', 'p.yaml', 'calls:\n  - tool: a\n    capture: { id: "(" }\n', /p\.yaml:3:\d+: calls\[0\]\.capture\.id: not a valid regular expression/],
    ['a bad error pattern', 'p.yaml', 'calls: [{ tool: a }]\nerrorPatterns: ["[x"]\n', /errorPatterns\[0\]: not a valid regular expression/],
    ['an undefined variable', 'p.yaml', 'calls:\n  - tool: a\n    arguments: { id: "${nope}" }\n', /p\.yaml:3:\d+: calls\[0\]\.arguments\.id: \$\{nope\} is not defined: no var, capture or earlier step is called nope/],
    ['a reference to a later step', 'p.yaml', 'calls:\n  - tool: a\n    arguments: { x: "${later.text}" }\n  - tool: b\n    name: later\n', /calls\[0\]\.arguments\.x: \$\{later\.text\} is not defined/],
    ['a path into a var', 'p.yaml', 'vars: { a: 1 }\ncalls:\n  - tool: t\n    arguments: { x: "${a.b}" }\n', /\(a var or capture has no properties\)/],
    ['a name used twice', 'p.yaml', 'calls:\n  - { tool: a, name: one }\n  - { tool: b, name: one }\n', /calls\[1\]\.name: the name one is already used/],
  ])('reports %s with its position', (_name, file, text, expected) => {
    expect(problems(file, text)).toMatch(expected);
  });

  it('reports every problem, not only the first', () => {
    const message = problems('p.yaml', 'calls:\n  - tool: a\n    expect: x\n  - arguments: {}\n');
    expect(message).toMatch(/^the scenario file has 2 problems:/);
    expect(message).toMatch(/calls\[0\]\.expect/);
    expect(message).toMatch(/calls\[1\]: missing 'tool'/);
  });

  it('names a file that cannot be read', () => {
    expect(() => loadScenario('missing.yaml', tempDir())).toThrow(/cannot read the scenario file missing\.yaml: ENOENT/);
  });
});

describe('substitution', () => {
  const opened: Outcome = { type: 'result', result: { content: [{ type: 'text', text: '{"id":"INC-1004","tags":["a","b"]}' }], structuredContent: { id: 'INC-1004', n: 3 } } };

  it('resolves vars, captures and paths into earlier results, keeping types for whole values', () => {
    const scope = new Scope({ station: 'KSEA', limit: 5 });
    scope.setOutcome('open', opened);
    scope.set('incident', 'INC-1004');
    expect(
      resolveArguments(
        {
          id: '${station}',
          limit: '${limit}',
          n: '${open.structuredContent.n}',
          tag: '${open.json.tags.1}',
          note: 'opened ${open.structuredContent.id} at ${station} (limit ${limit})',
          nested: ['${incident}', { deep: '${open.isError}' }],
          literal: 'costs $${price}',
        },
        scope,
      ),
    ).toEqual({ value: { id: 'KSEA', limit: 5, n: 3, tag: 'b', note: 'opened INC-1004 at KSEA (limit 5)', nested: ['INC-1004', { deep: false }], literal: 'costs ${price}' } });
  });

  it('says which reference has no value', () => {
    const scope = new Scope();
    scope.setOutcome('open', opened);
    scope.setOutcome('broken', { type: 'crash', message: 'x' });
    expect(resolveArguments({ a: '${open.structuredContent.missing}' }, scope)).toEqual({ missing: '${open.structuredContent.missing} has no value (open returned none there)' });
    expect(resolveArguments({ a: 'x ${broken.text}' }, scope)).toEqual({ missing: '${broken.text} has no value (broken ended in a crash)' });
    expect(resolveArguments({ a: '${open.body}' }, scope)).toMatchObject({ missing: expect.stringMatching(/has text, json, structuredContent and isError, not body/) });
    expect(resolveArguments({ a: '${gone}' }, scope)).toMatchObject({ missing: expect.stringMatching(/nothing called gone ran before/) });
  });

  it('captures group 1, else the whole match', () => {
    const result: Outcome = { type: 'result', result: { content: [{ type: 'text', text: '✅ Opened INC-1004 (sev3) for KSEA' }] } };
    expect(captureValues({ whole: 'INC-\\d+', group: 'Opened (INC-\\d+) \\((\\w+)\\)' }, result)).toEqual({ values: { whole: 'INC-1004', group: 'INC-1004' } });
    expect(captureValues({ id: 'ORD-\\d+' }, result)).toEqual({ missing: 'capture id (/ORD-\\d+/) matched nothing in the result text' });
  });
});
