/**
 * The plan: which calls the probe makes, in order. Scenario (or recorded) steps come as written;
 * `--generate` adds, for every listed tool, one call with arguments built from its inputSchema and
 * one with deliberately invalid arguments. Generated calls are made only to tools that say they
 * are safe to call: annotated `readOnlyHint: true` and not `destructiveHint: true`, unless
 * `--allow-writes`. `--only` / `--skip` select tools by name or glob.
 */
import { minimatch } from 'minimatch';
import { ProbeError } from './errors.js';
import { invalidArguments, validArguments } from './generate.js';
import { pathSamples, withExistingPaths } from './paths.js';
import type { Plan, SkippedTool, Step, ToolInfo } from './types.js';

export interface PlanOptions {
  /** Tool names or globs to call; everything when empty. */
  only?: readonly string[];
  /** Tool names or globs not to call. */
  skip?: readonly string[];
  allowWrites?: boolean;
  /** A folder whose files and folders path-like parameters of generated calls get (the server's --cwd). */
  pathRoot?: string;
}

/** A step as messages name it: `get_station#3 (get_station)`, or just the tool for a generated call. */
export const callLabel = (step: Step): string => (step.id === step.tool ? step.id : `${step.id} (${step.tool})`);

/** Whether `--only` / `--skip` let the probe call this tool. */
export function selected(tool: string, options: PlanOptions): boolean {
  const matches = (patterns: readonly string[] | undefined) => (patterns ?? []).some((pattern) => pattern === tool || minimatch(tool, pattern));
  if ((options.only?.length ?? 0) > 0 && !matches(options.only)) return false;
  return !matches(options.skip);
}

/** Why calling a tool with made-up arguments may change something, or undefined when its annotations say it does not. */
export function writeRisk(tool: ToolInfo): string | undefined {
  if (tool.annotations?.destructiveHint === true) return 'it is annotated destructiveHint: true';
  if (tool.annotations?.readOnlyHint !== true) return 'it is not annotated readOnlyHint: true';
  return undefined;
}

/** Two calls per tool: valid arguments, then invalid ones (when the schema forbids anything). */
export function generatedSteps(tools: readonly ToolInfo[], options: PlanOptions): Plan {
  const steps: Step[] = [];
  const skipped: SkippedTool[] = [];
  const samples = options.pathRoot ? pathSamples(options.pathRoot) : undefined;
  for (const tool of tools) {
    if (!selected(tool.name, options)) continue;
    const risk = writeRisk(tool);
    if (risk && !options.allowWrites) {
      skipped.push({ tool: tool.name, reason: `may write (${risk}); pass --allow-writes to call it with generated arguments` });
      continue;
    }
    const valid = validArguments(tool.inputSchema);
    const args = samples ? withExistingPaths(valid.arguments, tool.inputSchema, tool.name, samples).arguments : valid.arguments;
    steps.push({ id: tool.name, tool: tool.name, arguments: args, phase: 'call', source: 'generated', ...(valid.note ? { note: valid.note } : {}) });
    const invalid = invalidArguments(tool.inputSchema);
    // A schema that accepts anything (no properties, open) has no invalid call to make.
    if (invalid) steps.push({ id: `${tool.name} (invalid)`, tool: tool.name, arguments: invalid.arguments, phase: 'call', source: 'invalid', expect: 'error', note: invalid.note });
  }
  return { steps, skipped };
}

/**
 * Scenario or recorded steps, with the calls to unselected tools left out (setup steps always
 * run). With `requireListed`, a step naming a tool the server does not list stops the probe.
 */
export function scenarioSteps(steps: readonly Step[], tools: readonly ToolInfo[], options: PlanOptions & { requireListed: boolean; source: string }): Plan {
  if (options.requireListed) {
    const listed = new Set(tools.map((tool) => tool.name));
    const unknown = steps.filter((step) => !listed.has(step.tool));
    if (unknown.length > 0) {
      const names = [...new Set(unknown.map((step) => step.tool))];
      throw new ProbeError(
        `${options.source} calls ${names.length === 1 ? 'a tool' : 'tools'} the server does not list: ${unknown.map((step) => `${step.tool} (step ${step.id})`).join(', ')}; it lists: ${[...listed].sort().join(', ') || 'no tools'}`,
      );
    }
  }
  const kept: Step[] = [];
  const skipped = new Map<string, SkippedTool>();
  for (const step of steps) {
    if (step.phase === 'setup' || selected(step.tool, options)) kept.push(step);
    else skipped.set(step.tool, { tool: step.tool, reason: 'left out by --only/--skip' });
  }
  return { steps: kept, skipped: [...skipped.values()] };
}

/** Plans joined in order; ids stay unique (a generated call after a scenario step of the same name gets a suffix). */
export function joinPlans(...plans: Plan[]): Plan {
  const ids = new Set<string>();
  const steps: Step[] = [];
  for (const step of plans.flatMap((plan) => plan.steps)) {
    let id = step.id;
    for (let n = 2; ids.has(id); n++) id = `${step.id} [${n}]`;
    ids.add(id);
    steps.push(id === step.id ? step : { ...step, id });
  }
  return { steps, skipped: plans.flatMap((plan) => plan.skipped) };
}
