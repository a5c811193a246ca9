/**
 * Making the planned calls, one at a time, in order: `${var}` resolved from earlier results, each
 * outcome judged and masked. The judging and masking of a call are done while the server works on
 * the next one (the next request is already sent), so the probe's own work overlaps the server's
 * instead of adding to every call's time.
 */
import { ProbeError } from './errors.js';
import { judge } from './judge.js';
import { maskOutcome, maskValue, type MaskRules } from './mask.js';
import { callLabel } from './plan.js';
import { excerpt, viewResult } from './result-view.js';
import type { Session } from './session.js';
import { captureValues, resolveArguments, Scope } from './substitute.js';
import type { CallRecord, Json, JsonObject, Outcome, ProbeFinding, Step, ToolInfo } from './types.js';

export interface CallContext {
  tools: readonly ToolInfo[];
  vars: Record<string, Json>;
  rules: MaskRules;
  errorPatterns: readonly RegExp[];
  timeoutMs: number;
  dry: boolean;
  /** A wait starts (a label naming the call) or ends (undefined). */
  onWait?: (label: string | undefined) => void;
}

export function noiseFinding(lines: readonly { text: string }[], when: string): ProbeFinding {
  const more = lines.length > 1 ? ` (and ${lines.length - 1} more line${lines.length > 2 ? 's' : ''})` : '';
  return { kind: 'stdout-noise', severity: 'error', message: `the server wrote to stdout outside the protocol ${when}: ${excerpt(lines[0].text)}${more}; stdout carries the protocol, log to stderr` };
}

function setupFailure(outcome: Outcome): string | undefined {
  if (outcome.type === 'result') {
    const view = viewResult(outcome.result);
    return view.isError ? `it returned an error: ${excerpt(view.text)}` : undefined;
  }
  if (outcome.type === 'protocol-error') return `protocol error ${outcome.code}: ${outcome.message}`;
  if (outcome.type === 'timeout') return `no answer within ${outcome.timeoutMs} ms`;
  return outcome.type === 'crash' ? outcome.message : outcome.reason;
}

interface Made {
  step: Step;
  sent: JsonObject;
  outcome: Outcome;
  durationMs: number;
  stdoutNoise: ProbeFinding[];
}

/** Calls every step; a ProbeError when a setup step fails (nothing after it is called). */
export async function makeCalls(session: Session, steps: readonly Step[], context: CallContext): Promise<CallRecord[]> {
  const toolsByName = new Map(context.tools.map((tool) => [tool.name, tool]));
  const scope = new Scope(context.vars);
  const records: CallRecord[] = [];
  const finish = (made: Made) => {
    const findings = [...judge(made.step, made.outcome, { tool: toolsByName.get(made.step.tool), errorPatterns: context.errorPatterns }), ...made.stdoutNoise];
    records.push({ step: made.step, sent: maskValue(made.sent, context.rules) as JsonObject, outcome: maskOutcome(made.outcome, context.rules), durationMs: made.durationMs, findings });
  };
  let unfinished: Made | undefined;
  for (const [index, step] of steps.entries()) {
    if (!context.dry) context.onWait?.(`calling ${callLabel(step)} (${index + 1}/${steps.length})`);
    if (context.dry) {
      records.push({ step, sent: step.arguments, outcome: { type: 'not-run', reason: 'dry run: not called' }, durationMs: 0, findings: [] });
      continue;
    }
    const resolved = resolveArguments(step.arguments, scope);
    const sent = 'missing' in resolved ? step.arguments : resolved.value;
    const begin = performance.now();
    const pending = 'missing' in resolved ? Promise.resolve<Outcome>({ type: 'not-run', reason: `not called: ${resolved.missing}` }) : session.call(step.tool, sent, context.timeoutMs, callLabel(step));
    // The request is on its way: judge the previous call meanwhile.
    if (unfinished) finish(unfinished);
    const outcome = await pending;
    const durationMs = 'missing' in resolved ? 0 : performance.now() - begin;
    const noise = session.takeNoise();
    if (step.name) scope.setOutcome(step.name, outcome);
    if (step.capture && outcome.type === 'result') {
      const captured = captureValues(step.capture, outcome);
      if ('values' in captured) for (const [name, value] of Object.entries(captured.values)) scope.set(name, value);
      else if (step.phase === 'setup') throw new ProbeError(`setup step ${step.id} (${step.tool}): ${captured.missing}; nothing else was called`);
    }
    if (step.phase === 'setup') {
      const failure = setupFailure(outcome);
      if (failure) throw new ProbeError(`setup step ${step.id} (${step.tool}) failed: ${failure}; nothing else was called`);
    }
    unfinished = { step, sent, outcome, durationMs, stdoutNoise: noise.length > 0 ? [noiseFinding(noise, `during ${step.id}`)] : [] };
  }
  if (unfinished) finish(unfinished);
  context.onWait?.(undefined);
  return records;
}
