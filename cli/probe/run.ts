/**
 * One probe run: read the scenario or recording, start the server, plan, call every step in
 * order, judge and mask each outcome, compare with the recording, write the new recording. It
 * prints nothing and sets no exit code: the CLI does (cli/probe/command.ts, bin/).
 */
import { packageVersion } from '../../src/package-info.js';
import { compareOutcomes, compareTools, withClientRefusal } from './compare.js';
import { ProbeError } from './errors.js';
import { makeCalls, noiseFinding } from './calls.js';
import { maskOutcome, maskRules, maskValue, type MaskRules, type MaskSpec } from './mask.js';
import { cancelNoise, noiseBetween } from './noise.js';
import { generatedSteps, joinPlans, scenarioSteps, type PlanOptions } from './plan.js';
import { buildRecording, readRecording, writeRecording, type Recording, type RecordedTool } from './record.js';
import { loadScenario } from './scenario.js';
import { describeTarget, Session, type Target } from './session.js';
import type { CallRecord, Json, Outcome, Plan, ProbeFinding, ProbeReport, ServerIdentity, Step, ToolInfo } from './types.js';

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
  /** With `record`: make the calls against a second start of the server too, and record what differed as noise (default on). */
  noiseBaseline?: boolean;
  /** Called when a wait starts (`starting the server`, `calling x (2/9)`) and with undefined when the last one ended. */
  onWait?: (label: string | undefined) => void;
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
    const steps = recording.calls.map(({ sent: _sent, outcome: _outcome, kinds: _kinds, noise: _noise, ...step }) => step);
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
      throw new ProbeError(`the error pattern ${source} is not a valid regular expression (${(error as Error).message})`);
    }
  });
}

function planFor(source: Source, tools: readonly ToolInfo[], options: ProbeOptions): Plan {
  const written = scenarioSteps(source.steps, tools, { ...options, requireListed: !source.recording, source: source.label });
  const pathRoot = options.pathRoot ?? (options.target.kind === 'stdio' ? options.target.cwd : options.cwd);
  return options.generate ? joinPlans(written, generatedSteps(tools, { ...options, pathRoot })) : written;
}

const recordedTool = (tool: ToolInfo): RecordedTool => ({
  name: tool.name,
  readOnly: tool.annotations?.readOnlyHint === true,
  destructive: tool.annotations?.destructiveHint === true,
  outputSchema: tool.outputSchema !== undefined,
});

interface Run {
  tools: ToolInfo[];
  plan: Plan;
  server: ServerIdentity;
  calls: CallRecord[];
  runFindings: ProbeFinding[];
  session: Session;
}

/** One start of the server: list its tools, make the planned calls (or `steps`, the first start's plan), stop it. */
async function runOnce(options: ProbeOptions, source: Source, rules: MaskRules, errorPatterns: RegExp[], steps?: Step[], why = ''): Promise<Run> {
  options.onWait?.(`starting the server${why ? ` ${why}` : ''} (${describeTarget(options.target)})`);
  const session = await Session.open(options.target, { startupTimeoutMs: options.startupTimeoutMs, graceMs: options.graceMs, cwd: options.cwd }).finally(() => options.onWait?.(undefined));
  const runFindings: ProbeFinding[] = [];
  try {
    const tools = await session.listTools(options.timeoutMs);
    const server = { ...session.serverInfo, transport: options.target.kind, target: describeTarget(options.target) } as const;
    const startNoise = session.takeNoise();
    if (startNoise.length > 0) runFindings.push(noiseFinding(startNoise, 'while starting'));
    const plan = steps ? { steps, skipped: [] } : planFor(source, tools, options);
    const calls = await makeCalls(session, plan.steps, { tools, vars: source.vars, rules, errorPatterns, timeoutMs: options.timeoutMs, dry: options.dry === true, onWait: options.onWait });
    return { tools, plan, server, calls, runFindings, session };
  } finally {
    await session.close();
  }
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

  // The noise baseline: the calls are made again against a second start of the server, and what
  // differs between the two runs is noise. Two starts, not each call twice in one: state the
  // server keeps on disk (usage counters, a call history) grows between starts as it will between
  // the recording and the replay, and in-process counters follow the same sequence in every run.
  const noiseBaseline = options.record !== undefined && options.noiseBaseline !== false && options.dry !== true;
  const first = await runOnce(options, source, rules, errorPatterns);
  const { tools, plan, server, runFindings, session } = first;
  const calls = first.calls;
  if (noiseBaseline) {
    const target = options.target.kind === 'stdio' && session.logFile ? { ...options.target, logFile: session.logFile.replace(/(\.log)?$/, '.second-start.log') } : options.target;
    const second = await runOnce({ ...options, target }, source, rules, errorPatterns, plan.steps, 'again, for the noise baseline');
    const again = new Map(second.calls.map((call) => [call.step.id, call.outcome]));
    for (const call of calls) {
      const other = again.get(call.step.id);
      const noise = call.step.phase === 'call' && other ? noiseBetween(call.outcome as Json, other as Json) : undefined;
      if (noise) call.noise = noise;
    }
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
    const noise = { baseline: recorded.noiseBaseline === true, masked: 0, calls: 0 };
    // Setup steps prepare the calls; they are neither judged nor compared.
    for (const call of calls.filter((candidate) => candidate.step.phase === 'call')) {
      const old = before.get(call.step.id);
      if (!old) {
        call.comparison = { status: 'not-recorded', regression: false };
        continue;
      }
      // What varied between the recording's two runs, then between the replay's: neither is a change.
      const oldOutcome = maskOutcome(old.outcome, rules) as Json;
      const replayed = cancelNoise(old.noise, oldOutcome, call.outcome as Json);
      const recordedSide = cancelNoise(call.noise, replayed.value, oldOutcome);
      call.comparison = withClientRefusal(compareOutcomes(call.step, recordedSide.value as Outcome, replayed.value as Outcome, { errorPatterns }), call.findings, old.kinds ?? []);
      const masked = replayed.masked + recordedSide.masked;
      if (masked > 0) {
        call.comparison.noiseMasked = masked;
        noise.masked += masked;
        noise.calls++;
      }
    }
    report.comparison = { file: options.compare!, tools: compareTools(recorded.tools.map((tool) => tool.name), report.tools), noise };
  }
  if (options.record && !options.dry) {
    // The command line may hold a temp path: masked like everything recorded.
    const recordedReport = { ...report, server: { ...report.server, target: maskValue(report.server.target, rules) as string } };
    await writeRecording(options.record, buildRecording(recordedReport, tools.map(recordedTool), { vars: source.vars, mask: maskSpecs, errorPatterns: errorPatternSources, noiseBaseline }));
  }
  return report;
}
