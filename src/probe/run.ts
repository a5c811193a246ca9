/**
 * One probe run: read the scenario or recording, start the server, plan, call every step in
 * order, judge and mask each outcome, compare with the recording, write the new recording. It
 * prints nothing and sets no exit code: the CLI does (src/probe/command.ts, bin/).
 */
import { packageVersion } from '../package-info.js';
import { compareOutcomes, compareTools } from './compare.js';
import { ProbeError } from './errors.js';
import { judge } from './judge.js';
import { maskOutcome, maskRules, maskValue, type MaskSpec } from './mask.js';
import { callLabel, generatedSteps, joinPlans, scenarioSteps, type PlanOptions } from './plan.js';
import { buildRecording, readRecording, writeRecording, type Recording, type RecordedTool } from './record.js';
import { excerpt, viewResult } from './result-view.js';
import { loadScenario } from './scenario.js';
import { describeTarget, Session, type Target } from './session.js';
import { captureValues, resolveArguments, Scope } from './substitute.js';
import type { CallRecord, Json, JsonObject, Outcome, Plan, ProbeFinding, ProbeReport, Step, ToolInfo } from './types.js';

export interface ProbeOptions extends PlanOptions {
  target: Target;
  cwd: string;
  scenario?: string;
  generate?: boolean;
  /** A recording to replay and compare with. */
  compare?: string;
  /** Where to write this run's recording. */
  record?: string;
  dry?: boolean;
  timeoutMs: number;
  startupTimeoutMs: number;
  /** How long the server may take to exit at the end before it is killed. */
  graceMs?: number;
  mask?: MaskSpec[];
  errorPatterns?: string[];
  /** Called before each call (`done` calls so far) and once at the end. */
  onProgress?: (done: number, total: number, step?: Step) => void;
}

/** What was read before the server started: the steps, and the rules they came with. */
interface Source {
  steps: Step[];
  vars: Record<string, Json>;
  mask: MaskSpec[];
  errorPatterns: string[];
  recording?: Recording;
  label: string;
}

function readSource(options: ProbeOptions): Source {
  if (options.compare && (options.scenario || options.generate)) {
    throw new ProbeError('--compare replays the calls of its recording; give --scenario or --generate when recording, not with --compare');
  }
  if (options.compare) {
    const recording = readRecording(options.compare, options.cwd);
    const steps = recording.calls.map(({ sent: _sent, outcome: _outcome, kinds: _kinds, ...step }) => step);
    return { steps, vars: recording.vars, mask: recording.mask, errorPatterns: recording.errorPatterns, recording, label: `the recording ${options.compare}` };
  }
  if (!options.scenario && !options.generate) throw new ProbeError('nothing to call: give --scenario <file>, --generate, or --compare <recording>');
  if (options.scenario) {
    const scenario = loadScenario(options.scenario, options.cwd);
    return { steps: scenario.steps, vars: scenario.vars, mask: scenario.mask, errorPatterns: scenario.errorPatterns, label: `the scenario ${options.scenario}` };
  }
  return { steps: [], vars: {}, mask: [], errorPatterns: [], label: '--generate' };
}

function compilePatterns(sources: readonly string[]): RegExp[] {
  return sources.map((source) => {
    try {
      return new RegExp(source, 'u');
    } catch (error) {
      throw new ProbeError(`--error-pattern ${source} is not a valid regular expression (${(error as Error).message})`);
    }
  });
}

function planFor(source: Source, tools: readonly ToolInfo[], options: ProbeOptions): Plan {
  const written = scenarioSteps(source.steps, tools, { ...options, requireListed: !source.recording, source: source.label });
  return options.generate ? joinPlans(written, generatedSteps(tools, options)) : written;
}

const recordedTool = (tool: ToolInfo): RecordedTool => ({
  name: tool.name,
  readOnly: tool.annotations?.readOnlyHint === true,
  destructive: tool.annotations?.destructiveHint === true,
  outputSchema: tool.outputSchema !== undefined,
});

function noiseFinding(lines: readonly { text: string }[], when: string): ProbeFinding {
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

/** Runs the probe; a ProbeError when it cannot (bad files, a server that does not start, a failed setup step). */
export async function runProbe(options: ProbeOptions): Promise<ProbeReport> {
  const started = performance.now();
  const source = readSource(options);
  const maskSpecs = [...source.mask, ...(options.mask ?? [])];
  let rules;
  try {
    rules = maskRules(maskSpecs);
  } catch (error) {
    throw new ProbeError((error as Error).message);
  }
  const errorPatternSources = [...source.errorPatterns, ...(options.errorPatterns ?? [])];
  const errorPatterns = compilePatterns(errorPatternSources);

  const session = await Session.open(options.target, { startupTimeoutMs: options.startupTimeoutMs, graceMs: options.graceMs, cwd: options.cwd });
  const calls: CallRecord[] = [];
  const runFindings: ProbeFinding[] = [];
  let tools: ToolInfo[] = [];
  let plan: Plan;
  let server;
  try {
    tools = await session.listTools(options.timeoutMs);
    server = { ...session.serverInfo, transport: options.target.kind, target: describeTarget(options.target) } as const;
    const startNoise = session.takeNoise();
    if (startNoise.length > 0) runFindings.push(noiseFinding(startNoise, 'while starting'));
    plan = planFor(source, tools, options);
    const toolsByName = new Map(tools.map((tool) => [tool.name, tool]));
    const scope = new Scope(source.vars);
    const total = plan.steps.length;
    for (const [index, step] of plan.steps.entries()) {
      options.onProgress?.(index, total, step);
      if (options.dry) {
        calls.push({ step, sent: step.arguments, outcome: { type: 'not-run', reason: 'dry run: not called' }, durationMs: 0, findings: [] });
        continue;
      }
      const resolved = resolveArguments(step.arguments, scope);
      let outcome: Outcome;
      let durationMs = 0;
      let sent: JsonObject = step.arguments;
      if ('missing' in resolved) {
        outcome = { type: 'not-run', reason: `not called: ${resolved.missing}` };
      } else {
        sent = resolved.value;
        const begin = performance.now();
        outcome = await session.call(step.tool, sent, options.timeoutMs, callLabel(step));
        durationMs = performance.now() - begin;
      }
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
      const findings = judge(step, outcome, { tool: toolsByName.get(step.tool), errorPatterns });
      const noise = session.takeNoise();
      if (noise.length > 0) findings.push(noiseFinding(noise, `during ${step.id}`));
      calls.push({ step, sent: maskValue(sent, rules) as JsonObject, outcome: maskOutcome(outcome, rules), durationMs, findings });
    }
    options.onProgress?.(total, total);
  } finally {
    await session.close();
  }

  const report: ProbeReport = {
    version: packageVersion(),
    server,
    tools: tools.map((tool) => tool.name),
    calls,
    skipped: plan.skipped,
    runFindings,
    ...(session.logFile ? { logFile: session.logFile } : {}),
    elapsedMs: performance.now() - started,
    dry: options.dry === true,
  };
  if (source.recording && !options.dry) {
    const recorded = source.recording;
    const before = new Map(recorded.calls.map((call) => [call.id, call]));
    for (const call of calls) {
      const old = before.get(call.step.id);
      call.comparison = old
        ? compareOutcomes(call.step, maskOutcome(old.outcome, rules), call.outcome, { errorPatterns })
        : { status: 'not-recorded', regression: false };
    }
    report.comparison = { file: options.compare!, tools: compareTools(recorded.tools.map((tool) => tool.name), report.tools) };
  }
  if (options.record && !options.dry) {
    // The command line may hold a temp path: masked like everything recorded.
    const recordedReport = { ...report, server: { ...report.server, target: maskValue(report.server.target, rules) as string } };
    await writeRecording(options.record, buildRecording(recordedReport, tools.map(recordedTool), { vars: source.vars, mask: maskSpecs, errorPatterns: errorPatternSources }));
  }
  return report;
}
