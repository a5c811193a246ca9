/**
 * Scenario files: the calls to make, in JSON or YAML. Either a list of steps, or an object:
 *
 *   vars:          { station: KSEA }                     constants for ${station}
 *   setup:         [ step, … ]                           run first; must succeed; not judged or compared
 *   calls:         [ step, … ]                           the calls that are judged (and recorded)
 *   mask:          [ { pattern, flags?, replacement? } | { key, replacement? } ]
 *   errorPatterns: [ regex, … ]                          more text that reports a failure
 *
 * A step is `{ name?, tool, arguments?, expect?: success|error, capture?: { var: regex } }`.
 * Every problem is reported with the file, line and column and the path of the bad entry.
 */
import path from 'node:path';
import { problemsError, readSourceFile, regexProblem, schemaProblems, type Problem } from './file-format.js';
import type { MaskSpec } from './mask.js';
import { isObject } from './result-view.js';
import { references } from './substitute.js';
import type { Expectation, Json, JsonObject, Step, StepPhase } from './types.js';

export interface Scenario {
  file: string;
  vars: Record<string, Json>;
  steps: Step[];
  mask: MaskSpec[];
  errorPatterns: string[];
}

const NAME = '^[A-Za-z_][A-Za-z0-9_-]*$';

const STEP_SCHEMA = {
  type: 'object',
  required: ['tool'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', pattern: NAME },
    tool: { type: 'string', minLength: 1 },
    arguments: { type: 'object' },
    expect: { enum: ['success', 'error'] },
    capture: { type: 'object', propertyNames: { pattern: NAME }, additionalProperties: { type: 'string', minLength: 1 } },
  },
};

/** The scenario file's schema (its object form; a bare list is read as `{ calls: list }`). */
export const SCENARIO_SCHEMA = {
  type: 'object',
  required: ['calls'],
  additionalProperties: false,
  properties: {
    vars: { type: 'object', propertyNames: { pattern: NAME } },
    setup: { type: 'array', items: STEP_SCHEMA },
    calls: { type: 'array', items: STEP_SCHEMA },
    mask: {
      type: 'array',
      items: {
        anyOf: [
          { type: 'object', required: ['pattern'], additionalProperties: false, properties: { pattern: { type: 'string', minLength: 1 }, flags: { type: 'string', pattern: '^[imsuy]*$' }, replacement: { type: 'string' } } },
          { type: 'object', required: ['key'], additionalProperties: false, properties: { key: { type: 'string', minLength: 1 }, replacement: { type: 'string' } } },
        ],
      },
    },
    errorPatterns: { type: 'array', items: { type: 'string', minLength: 1 } },
  },
};

interface RawStep {
  name?: string;
  tool: string;
  arguments?: JsonObject;
  expect?: Expectation;
  capture?: Record<string, string>;
}

interface RawScenario {
  vars?: Record<string, Json>;
  setup?: RawStep[];
  calls: RawStep[];
  mask?: MaskSpec[];
  errorPatterns?: string[];
}

/** Names, captures and `${…}` references: each must be known where it is used. */
function semanticProblems(raw: RawScenario): Problem[] {
  const problems: Problem[] = [];
  const values = new Set(Object.keys(raw.vars ?? {}));
  const stepNames = new Set<string>();
  const phases: Array<[StepPhase, RawStep[]]> = [
    ['setup', raw.setup ?? []],
    ['call', raw.calls],
  ];
  for (const [phase, steps] of phases) {
    const key = phase === 'setup' ? 'setup' : 'calls';
    steps.forEach((step, index) => {
      for (const reference of references(step.arguments ?? {})) {
        const known = stepNames.has(reference.root) || (values.has(reference.root) && reference.path.length === 0);
        if (!known) {
          problems.push({
            segments: [key, index, 'arguments', ...reference.where],
            message: `${reference.text} is not defined: no var, capture or earlier step is called ${reference.root}${values.has(reference.root) ? ' (a var or capture has no properties)' : ''}`,
          });
        }
      }
      if (step.name !== undefined) {
        if (stepNames.has(step.name) || values.has(step.name)) problems.push({ segments: [key, index, 'name'], message: `the name ${step.name} is already used` });
        stepNames.add(step.name);
      }
      for (const [name, source] of Object.entries(step.capture ?? {})) {
        const problem = regexProblem(source, [key, index, 'capture', name]);
        if (problem) problems.push(problem);
        if (stepNames.has(name)) problems.push({ segments: [key, index, 'capture', name], message: `the name ${name} is already used by a step` });
        values.add(name);
      }
    });
  }
  (raw.mask ?? []).forEach((spec, index) => {
    if ('pattern' in spec) {
      const problem = regexProblem(spec.pattern, ['mask', index, 'pattern']);
      if (problem) problems.push(problem);
    }
  });
  (raw.errorPatterns ?? []).forEach((source, index) => {
    const problem = regexProblem(source, ['errorPatterns', index]);
    if (problem) problems.push(problem);
  });
  return problems;
}

/** Steps with ids: the name, else `<tool>#<n>` counting each tool's calls from 1. */
export function stepsOf(raw: { setup?: RawStep[]; calls: RawStep[] }): Step[] {
  const counts = new Map<string, number>();
  const make = (step: RawStep, phase: StepPhase): Step => {
    const count = (counts.get(step.tool) ?? 0) + 1;
    counts.set(step.tool, count);
    return {
      id: step.name ?? `${step.tool}#${count}`,
      ...(step.name !== undefined ? { name: step.name } : {}),
      tool: step.tool,
      arguments: step.arguments ?? {},
      phase,
      source: 'scenario',
      ...(step.expect !== undefined ? { expect: step.expect } : {}),
      ...(step.capture !== undefined ? { capture: step.capture } : {}),
    };
  };
  return [...(raw.setup ?? []).map((step) => make(step, 'setup')), ...raw.calls.map((step) => make(step, 'call'))];
}

/** Reads and checks a scenario file; a ProbeError listing every problem with its position when it is wrong. */
export function loadScenario(file: string, cwd: string): Scenario {
  const absolute = path.resolve(cwd, file);
  const source = readSourceFile(absolute, 'scenario file', file);
  const value = source.value;
  const asList = Array.isArray(value);
  const object = asList ? { calls: value } : value;
  // A bare list is `calls`: positions inside it have no `calls` segment in the document.
  const inDocument = (segments: (string | number)[]) => (asList && segments[0] === 'calls' ? segments.slice(1) : segments);
  let problems = isObject(object as Json) || asList ? schemaProblems(SCENARIO_SCHEMA, object) : [{ segments: [], message: 'must be a list of calls, or an object with calls (and vars, setup, mask, errorPatterns)' }];
  if (problems.length === 0) problems = semanticProblems(object as RawScenario);
  if (problems.length > 0) throw problemsError('scenario file', source, problems, inDocument);
  const raw = object as RawScenario;
  return { file: absolute, vars: raw.vars ?? {}, steps: stepsOf(raw), mask: raw.mask ?? [], errorPatterns: raw.errorPatterns ?? [] };
}
