/**
 * Recordings (`--record before.json`, read by `--compare before.json`): the plan as it was written
 * (`${var}` templates included, so a replay resolves them against its own results), the masking
 * rules, the tools the server listed, and every call's masked outcome.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { ProbeError } from './errors.js';
import { problemsError, readSourceFile, schemaProblems } from './file-format.js';
import type { MaskSpec } from './mask.js';
import type { Noise } from './noise.js';
import type { CallRecord, Json, JsonObject, Outcome, ProbeReport, ServerIdentity, Step } from './types.js';

export const RECORDING_FORMAT = 'mcp-result-kit/probe-recording@1';

/** Two starts of the server, lines as kinds (cli/probe/noise.ts). Model 1 made each call twice in one start. */
export const NOISE_MODEL = 2;

export interface RecordedTool {
  name: string;
  readOnly: boolean;
  destructive: boolean;
  outputSchema: boolean;
}

export interface RecordedCall extends Step {
  /** The arguments sent, templates resolved (masked). */
  sent: JsonObject;
  outcome: Outcome;
  /** The judge's kinds for this call when it was recorded, for people reading the file. */
  kinds: string[];
  /** What differed between the two starts the calls were made against: ignored by `--compare`. */
  noise?: Noise;
}

export interface Recording {
  format: typeof RECORDING_FORMAT;
  kit: string;
  server: ServerIdentity;
  tools: RecordedTool[];
  vars: Record<string, Json>;
  mask: MaskSpec[];
  errorPatterns: string[];
  /** The calls were made against two starts of the server, so `noise` holds what varies between runs of the same build. */
  noiseBaseline?: boolean;
  /** The noise model the calls' `noise` follows; a recording of another model is read without its noise. */
  noiseModel?: number;
  calls: RecordedCall[];
}

const OUTCOME_SCHEMA = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { enum: ['result', 'protocol-error', 'timeout', 'crash', 'not-run'] },
  },
  allOf: [
    { if: { properties: { type: { const: 'result' } } }, then: { required: ['result'] } },
    { if: { properties: { type: { const: 'protocol-error' } } }, then: { required: ['code', 'message'], properties: { code: { type: 'number' }, message: { type: 'string' } } } },
    { if: { properties: { type: { const: 'timeout' } } }, then: { required: ['timeoutMs'], properties: { timeoutMs: { type: 'number' } } } },
    { if: { properties: { type: { enum: ['crash'] } } }, then: { required: ['message'], properties: { message: { type: 'string' } } } },
    { if: { properties: { type: { enum: ['not-run'] } } }, then: { required: ['reason'], properties: { reason: { type: 'string' } } } },
  ],
};

export const RECORDING_SCHEMA = {
  type: 'object',
  required: ['format', 'server', 'tools', 'calls'],
  properties: {
    format: { const: RECORDING_FORMAT },
    kit: { type: 'string' },
    server: { type: 'object', required: ['name', 'version', 'transport', 'target'] },
    tools: { type: 'array', items: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
    vars: { type: 'object' },
    mask: { type: 'array', items: { type: 'object' } },
    errorPatterns: { type: 'array', items: { type: 'string' } },
    noiseBaseline: { type: 'boolean' },
    noiseModel: { type: 'number' },
    calls: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'tool', 'arguments', 'phase', 'source', 'outcome'],
        properties: {
          id: { type: 'string' },
          name: { type: 'string' },
          tool: { type: 'string' },
          arguments: { type: 'object' },
          phase: { enum: ['setup', 'call'] },
          source: { enum: ['scenario', 'generated', 'invalid'] },
          expect: { enum: ['success', 'error'] },
          capture: { type: 'object', additionalProperties: { type: 'string' } },
          outcome: OUTCOME_SCHEMA,
          noise: { type: 'object' },
        },
      },
    },
  },
};

function stepOf(call: CallRecord): Step {
  const { id, name, tool, arguments: args, phase, source, expect, capture, note } = call.step;
  return { id, ...(name !== undefined ? { name } : {}), tool, arguments: args, phase, source, ...(expect ? { expect } : {}), ...(capture ? { capture } : {}), ...(note ? { note } : {}) };
}

export function buildRecording(report: ProbeReport, tools: readonly RecordedTool[], context: { vars: Record<string, Json>; mask: MaskSpec[]; errorPatterns: string[]; noiseBaseline: boolean }): Recording {
  return {
    format: RECORDING_FORMAT,
    kit: report.version,
    server: report.server,
    tools: [...tools],
    vars: context.vars,
    mask: context.mask,
    errorPatterns: context.errorPatterns,
    noiseBaseline: context.noiseBaseline,
    ...(context.noiseBaseline ? { noiseModel: NOISE_MODEL } : {}),
    calls: report.calls.map((call) => ({ ...stepOf(call), sent: call.sent, outcome: call.outcome, kinds: call.findings.map((finding) => finding.kind), ...(call.noise ? { noise: call.noise } : {}) })),
  };
}

/** Writes the recording atomically (folders created); a failure is a ProbeError naming the file. */
export async function writeRecording(file: string, recording: Recording): Promise<void> {
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, `${JSON.stringify(recording, null, 2)}\n`);
  } catch (error) {
    throw new ProbeError(`cannot write the recording ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}

/** Reads and checks a recording; a ProbeError with the position of every bad entry when it is not one. */
export function readRecording(file: string, cwd: string): Recording {
  const absolute = path.resolve(cwd, file);
  const source = readSourceFile(absolute, 'recording', file);
  const value = source.value;
  const format = (value as { format?: unknown } | null)?.format;
  if (typeof format === 'string' && format !== RECORDING_FORMAT && format.startsWith('mcp-result-kit/probe-recording@')) {
    throw new ProbeError(`the recording ${file} is in format ${format}, which this version of the kit does not read (it reads ${RECORDING_FORMAT}); record it again`);
  }
  const problems = schemaProblems(RECORDING_SCHEMA, value);
  if (problems.length > 0) throw problemsError('recording (made by probe --record?)', source, problems);
  const recording = value as Recording;
  if (recording.noiseBaseline && recording.noiseModel !== NOISE_MODEL) {
    // An earlier kit's noise means something else: read the calls, not their noise.
    return { ...recording, noiseBaseline: false, calls: recording.calls.map(({ noise: _noise, ...call }) => call), vars: recording.vars ?? {}, mask: recording.mask ?? [], errorPatterns: recording.errorPatterns ?? [] };
  }
  return { ...recording, vars: recording.vars ?? {}, mask: recording.mask ?? [], errorPatterns: recording.errorPatterns ?? [] };
}
