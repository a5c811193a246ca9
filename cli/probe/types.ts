/**
 * The probe's vocabulary: what it calls (steps), what came back (outcomes), what it thinks of it
 * (findings) and how a replay differs from a recording (comparisons).
 */

import type { Noise } from './noise.js';

/** A JSON value as it travels over the protocol. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** What the server lists for a tool (tools/list), as far as the probe uses it. */
export interface ToolInfo {
  name: string;
  description?: string;
  inputSchema?: JsonObject;
  outputSchema?: JsonObject;
  annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean; idempotentHint?: boolean; openWorldHint?: boolean; title?: string };
}

/** Where a step came from. `invalid` is the generated call with deliberately invalid arguments. */
export type StepSource = 'scenario' | 'generated' | 'invalid';

/** `setup` steps run first, must succeed, and are neither judged nor compared. */
export type StepPhase = 'setup' | 'call';

/** What a step expects: a successful result, or a failure (an isError result or a protocol error). */
export type Expectation = 'success' | 'error';

/** One planned tool call. `arguments` may hold `${var}` templates, resolved just before the call. */
export interface Step {
  /** Unique in the plan: the scenario's `name`, else `<tool>#<n>`; generated calls `<tool>` and `<tool> (invalid)`. */
  id: string;
  /** The scenario's own name, which later steps can refer to as `${name.text}`. */
  name?: string;
  tool: string;
  arguments: JsonObject;
  phase: StepPhase;
  source: StepSource;
  expect?: Expectation;
  /** Variables taken from the result's text by regular expression: `{ incident: 'INC-\\d+' }`. */
  capture?: Record<string, string>;
  /** Why the generated arguments may not be valid (a pattern the generator could not satisfy). */
  note?: string;
}

/** A tool left out of the plan, and why. */
export interface SkippedTool {
  tool: string;
  reason: string;
}

export interface Plan {
  steps: Step[];
  skipped: SkippedTool[];
}

/** What came back for one call. `result` is the raw JSON-RPC result, before any SDK parsing. */
export type Outcome =
  | { type: 'result'; result: Json }
  | { type: 'protocol-error'; code: number; message: string; data?: Json }
  | { type: 'timeout'; timeoutMs: number }
  | { type: 'crash'; message: string }
  | { type: 'not-run'; reason: string };

/** The judge's kinds. The first group are the lint's site kinds (same names, same rules); the rest only a run shows. */
export type ProbeKind =
  | 'string'
  | 'error-string'
  | 'bare-object'
  | 'error-object'
  | 'json-text-content'
  | 'error-content'
  | 'error-json'
  | 'structured-not-object'
  | 'structured-without-text'
  | 'missing-structured-content'
  | 'invalid-structured-content'
  | 'empty-content'
  | 'protocol-error'
  | 'timeout'
  | 'crash'
  | 'stdout-noise'
  | 'invalid-arguments-accepted'
  | 'unexpected-outcome';

export interface ProbeFinding {
  kind: ProbeKind;
  severity: 'error' | 'warning';
  message: string;
}

/** How a replayed call compares with its recording. */
export type ComparisonStatus =
  | 'same'
  | 'gained-is-error'
  | 'gained-structured-content'
  | 'now-answers'
  | 'error-text-changed'
  | 'text-changed'
  | 'content-changed'
  | 'structured-content-changed'
  | 'lost-structured-content'
  | 'lost-is-error'
  | 'now-fails'
  | 'new-protocol-error'
  | 'new-crash'
  | 'new-timeout'
  | 'not-run'
  | 'not-recorded'
  | 'sdk-refusal-fixed'
  | 'now-refused-by-sdk';

export interface Comparison {
  status: ComparisonStatus;
  regression: boolean;
  /** What changed, for people: the first differing line, the new error. */
  detail?: string;
  /** Every change of the call, one line each (isError, text, structuredContent, other content). */
  changes?: string[];
  /** Places that differed only where the recording's two runs differed (noise), and were ignored. */
  noiseMasked?: number;
}

/** One call as run: the step, its resolved arguments, the outcome and the verdicts. */
export interface CallRecord {
  step: Step;
  /** The arguments actually sent (templates resolved), masked. */
  sent: JsonObject;
  /** The outcome, masked. */
  outcome: Outcome;
  durationMs: number;
  findings: ProbeFinding[];
  comparison?: Comparison;
  /** What differed between the two starts of the server (`--record`'s noise baseline). */
  noise?: Noise;
}

export interface ServerIdentity {
  name: string;
  version: string;
  /** `stdio` or `http`. */
  transport: 'stdio' | 'http';
  /** The command line or the URL, for people. */
  target: string;
}

/** Tools that appeared or vanished between the recording and this run. */
export interface ToolChanges {
  added: string[];
  removed: string[];
}

/** How much of a comparison the recording's noise baseline masked. */
export interface NoiseSummary {
  /** The recording was made with the noise baseline (the calls made against two starts of the server). */
  baseline: boolean;
  /** Places ignored as noise, over all calls. */
  masked: number;
  /** Calls with at least one place ignored. */
  calls: number;
}

export interface ProbeReport {
  version: string;
  server: ServerIdentity;
  tools: string[];
  calls: CallRecord[];
  skipped: SkippedTool[];
  /** Problems of the run itself that belong to no call (stdout noise during start-up). */
  runFindings: ProbeFinding[];
  comparison?: { file: string; tools: ToolChanges; noise: NoiseSummary };
  /** The file holding the server's stderr (stdio only). */
  logFile?: string;
  elapsedMs: number;
  dry: boolean;
}
