/**
 * A replayed call against its recording. After a migration, errors gaining isError and JSON
 * gaining structuredContent are what should change; a success whose text changed, a call that
 * now fails, a new protocol error or crash are regressions. Both sides are masked alike first.
 */
import { isDeepStrictEqual } from 'node:util';
import { judge, outcomeFailed, sdkRefusal } from './judge.js';
import { excerpt, isObject, viewResult, type ResultView } from './result-view.js';
import type { Comparison, ComparisonStatus, Outcome, ProbeFinding, Step, ToolChanges } from './types.js';

export interface CompareContext {
  errorPatterns?: readonly RegExp[];
}

/** Which statuses are regressions: the only ones that make a comparison fail. */
export const REGRESSIONS: ReadonlySet<ComparisonStatus> = new Set<ComparisonStatus>([
  'text-changed',
  'content-changed',
  'structured-content-changed',
  'lost-structured-content',
  'lost-is-error',
  'now-fails',
  'new-protocol-error',
  'new-crash',
  'new-timeout',
  'not-run',
  'now-refused-by-sdk',
]);

const comparison = (status: ComparisonStatus, detail?: string): Comparison => ({ status, regression: REGRESSIONS.has(status), ...(detail ? { detail } : {}) });

/** The first line where two texts differ, as `"old" → "new"`. */
export function firstDifference(before: string, after: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  for (let line = 0; line < Math.max(a.length, b.length); line++) {
    if (a[line] !== b[line]) return `line ${line + 1}: ${excerpt(a[line] ?? '')} → ${excerpt(b[line] ?? '')}`;
  }
  return 'whitespace differs';
}

/** A JSON value in a line of its own, cut at 80 characters. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The first place two JSON values differ, as `at config.memory.heapTotal: "79.52 MB" → "80.02 MB"`
 * (`gained`/`lost` for a property one side lacks): a long structuredContent's change in one line.
 */
export function firstJsonDifference(before: unknown, after: unknown, at = ''): string | undefined {
  if (isDeepStrictEqual(before, after)) return undefined;
  const where = at === '' ? '' : ` at ${at}`;
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const path = at === '' ? key : `${at}.${key}`;
      if (!(key in after)) return `lost ${path}: ${shown(before[key])}`;
      if (!(key in before)) return `gained ${path}: ${shown(after[key])}`;
      const inner = firstJsonDifference(before[key], after[key], path);
      if (inner) return inner;
    }
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    for (const [index, item] of before.entries()) {
      const inner = firstJsonDifference(item, after[index], at === '' ? String(index) : `${at}.${index}`);
      if (inner) return inner;
    }
  }
  return `${where.trim()}${where ? ': ' : ''}${shown(before)} → ${shown(after)}`;
}

function describe(outcome: Outcome): string {
  switch (outcome.type) {
    case 'protocol-error':
      return `protocol error ${outcome.code}: ${outcome.message.slice(0, 120)}`;
    case 'timeout':
      return `no answer within ${outcome.timeoutMs} ms`;
    case 'crash':
      return outcome.message.split('\n')[0];
    case 'not-run':
      return outcome.reason;
    case 'result':
      return excerpt(viewResult(outcome.result).text);
  }
}

function compareResults(step: Step, before: ResultView, after: ResultView, beforeOutcome: Outcome, context: CompareContext): Comparison {
  // Failure wording without isError (what a migration marks) counts as a failure before.
  const beforeFailed = outcomeFailed(beforeOutcome, judge({ ...step, phase: 'call', expect: undefined }, beforeOutcome, { errorPatterns: context.errorPatterns }));
  if (!before.isError && after.isError) {
    return beforeFailed ? comparison('gained-is-error', after.text !== before.text ? `text ${firstDifference(before.text, after.text)}` : undefined) : comparison('now-fails', `now an error: ${excerpt(after.text)}`);
  }
  if (before.isError && !after.isError) return comparison('lost-is-error', `now a success: ${excerpt(after.text)}`);
  // A raw string that is now a result, or an empty result that now says something: fixed, not changed.
  if (before.shape !== 'result' && after.shape === 'result' && before.text === after.text) return comparison('now-answers', 'was a raw string, now a CallToolResult with the same text');
  if (before.texts.length === 0 && after.texts.length > 0) {
    const was = before.otherContent.some((item) => isObject(item) && item.type === 'text') ? 'a text item whose text is not a string' : 'an empty result';
    return comparison('now-answers', `was ${was}, now ${excerpt(after.text)}`);
  }
  if (after.text !== before.text) {
    return before.isError || beforeFailed ? comparison('error-text-changed', firstDifference(before.text, after.text)) : comparison('text-changed', firstDifference(before.text, after.text));
  }
  if (!isDeepStrictEqual(before.otherContent, after.otherContent)) return comparison('content-changed', 'the non-text content items differ');
  if (before.structuredContent === undefined && after.structuredContent !== undefined) return comparison('gained-structured-content');
  if (before.structuredContent !== undefined && after.structuredContent === undefined) return comparison('lost-structured-content');
  if (!isDeepStrictEqual(before.structuredContent, after.structuredContent)) return comparison(before.isError ? 'error-text-changed' : 'structured-content-changed', `structuredContent ${firstJsonDifference(before.structuredContent, after.structuredContent)}`);
  return comparison('same');
}

/** Every change between two results, one line each: isError, text, structuredContent, other content. */
export function resultChanges(before: ResultView, after: ResultView): string[] {
  const changes: string[] = [];
  if (before.isError !== after.isError) changes.push(`isError: ${before.isError} → ${after.isError}`);
  if (before.shape !== after.shape) changes.push(`shape: ${before.shape === 'result' ? 'a CallToolResult' : `a raw ${before.shape}`} → ${after.shape === 'result' ? 'a CallToolResult' : `a raw ${after.shape}`}`);
  if (before.text !== after.text) changes.push(`text ${firstDifference(before.text, after.text)}`);
  if (before.structuredContent === undefined && after.structuredContent !== undefined) changes.push(`structuredContent gained: ${excerpt(JSON.stringify(after.structuredContent))}`);
  else if (before.structuredContent !== undefined && after.structuredContent === undefined) changes.push('structuredContent lost');
  else if (!isDeepStrictEqual(before.structuredContent, after.structuredContent)) changes.push(`structuredContent ${firstJsonDifference(before.structuredContent, after.structuredContent)}`);
  if (!isDeepStrictEqual(before.otherContent, after.otherContent)) changes.push('the non-text content items differ');
  return changes;
}

function outcomeChanges(before: Outcome, after: Outcome): string[] {
  if (before.type === 'result' && after.type === 'result') return resultChanges(viewResult(before.result), viewResult(after.result));
  return [`${before.type === 'result' ? 'a result' : before.type}: ${describe(before)} → ${after.type === 'result' ? 'a result' : after.type}: ${describe(after)}`];
}

/** How the outcome of a replayed step compares with the recorded one (both masked). */
export function compareOutcomes(step: Step, before: Outcome, after: Outcome, context: CompareContext = {}): Comparison {
  if (isDeepStrictEqual(before, after)) return comparison('same');
  const found = statusOf(step, before, after, context);
  return found.status === 'same' ? found : { ...found, changes: outcomeChanges(before, after) };
}

function statusOf(step: Step, before: Outcome, after: Outcome, context: CompareContext): Comparison {
  // What the SDK refused is not what the tool answered: its answer getting through is a fix.
  const [refusedBefore, refusedAfter] = [sdkRefusal(before), sdkRefusal(after)];
  if (refusedBefore && refusedAfter) return comparison('same');
  if (refusedBefore && after.type === 'result' && !viewResult(after.result).isError) return comparison('sdk-refusal-fixed', `was refused by the SDK (${refusedBefore}); now a valid result`);
  if (refusedAfter) return comparison('now-refused-by-sdk', `the SDK now refuses the tool's result: ${refusedAfter}`);
  if (after.type === 'not-run') return before.type === 'not-run' ? comparison('same') : comparison('not-run', after.reason);
  if (after.type === 'crash') return before.type === 'crash' ? comparison('same') : comparison('new-crash', describe(after));
  if (after.type === 'timeout') return before.type === 'timeout' ? comparison('same') : comparison('new-timeout', describe(after));
  if (after.type === 'protocol-error') {
    if (before.type === 'protocol-error') return comparison(before.code === after.code ? 'error-text-changed' : 'new-protocol-error', describe(after));
    return comparison('new-protocol-error', describe(after));
  }
  // A result now.
  if (before.type !== 'result') return comparison('now-answers', `before: ${describe(before)}`);
  const beforeView = viewResult(before.result);
  const afterView = viewResult(after.result);
  return compareResults(step, beforeView, afterView, before, context);
}

/** What SDK clients refuse against the listed outputSchema (the judge's kinds). */
const CLIENT_REFUSALS: ReadonlySet<string> = new Set(['invalid-structured-content', 'missing-structured-content']);

/**
 * A replayed result that SDK clients refuse against the tool's listed outputSchema, where the
 * recording's result was not refused, is a regression even when its text is the same: a
 * low-level server does not validate its own results, only the client does (1.x Client.callTool).
 * This is how a migration that declares schemas (`migrate --output-schema --prove`) is held to them.
 */
export function withClientRefusal(comparison: Comparison, findings: readonly ProbeFinding[], recordedKinds: readonly string[]): Comparison {
  if (comparison.regression) return comparison;
  const refusal = findings.find((finding) => finding.severity === 'error' && CLIENT_REFUSALS.has(finding.kind) && !recordedKinds.includes(finding.kind));
  return refusal ? { status: 'now-refused-by-sdk', regression: true, detail: `SDK clients refuse the result: ${refusal.message}` } : comparison;
}

export function compareTools(before: readonly string[], after: readonly string[]): ToolChanges {
  const old = new Set(before);
  const now = new Set(after);
  return { added: after.filter((name) => !old.has(name)).sort(), removed: before.filter((name) => !now.has(name)).sort() };
}
