/**
 * The judge: what is wrong with one call's outcome, in the lint's kinds as far as a runtime value
 * shows them. The words that make text read as a failure or as JSON are the analyzer's
 * (src/analyze/words.ts), so `probe` and `check` judge text alike.
 */
import { isErrorPayload, looksLikeErrorText, looksLikeJsonText } from '../../src/analyze/words.js';
import { FAILURE_WORDING_KINDS } from './kinds.js';
import { excerpt, isObject, viewResult, type ResultView } from './result-view.js';
import { SchemaCompileError, validate } from './schema.js';
import type { Json, JsonObject, Outcome, ProbeFinding, ProbeKind, Step, ToolInfo } from './types.js';

export interface JudgeContext {
  /** The tool as the server listed it (for its outputSchema); undefined when it is not listed. */
  tool?: ToolInfo;
  /** The user's own failure patterns (`--error-pattern`), tested against the whole text. */
  errorPatterns?: readonly RegExp[];
}

const error = (kind: ProbeKind, message: string): ProbeFinding => ({ kind, severity: 'error', message });
const warning = (kind: ProbeKind, message: string): ProbeFinding => ({ kind, severity: 'warning', message });

/** The SDK's server (1.2x and later) answers a handler's non-result with this protocol error. */
const INVALID_RESULT = /Invalid tools\/call result/i;
const SDK_OUTPUT_REFUSED = /Output validation error/i;

function parseJson(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/** Findings about the result's shape and wording. */
function judgeResult(raw: Json, view: ResultView, context: JudgeContext): ProbeFinding[] {
  const patterns = context.errorPatterns ?? [];
  if (view.shape === 'string') {
    return looksLikeErrorText(view.text, patterns)
      ? [error('error-string', `returned a raw string reporting a failure (${excerpt(view.text)}) instead of a result with isError: true`)]
      : [error('string', `returned a raw string (${excerpt(view.text)}) instead of a CallToolResult; SDK clients reject it`)];
  }
  if (view.shape === 'other') {
    if (isErrorPayload(raw)) return [error('error-object', `returned a plain error object (${excerpt(JSON.stringify(raw))}) instead of a result with isError: true`)];
    return [error('bare-object', `returned ${excerpt(JSON.stringify(raw))}, which has no content array; clients show an empty result`)];
  }
  const findings: ProbeFinding[] = [];
  // A handler's value put as the text itself (`text: result`): the SDK's server sends it as it is, its client refuses it.
  const notText = ((raw as { content: Json[] }).content).find((item) => isObject(item) && item.type === 'text' && typeof item.text !== 'string');
  if (notText !== undefined) {
    const value = (notText as JsonObject).text;
    const what = value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
    findings.push(error('bare-object', `a text item carries ${what} (${excerpt(JSON.stringify(value) ?? 'undefined')}) where a string is due: a plain object reached the content array; SDK clients reject the result`));
  }
  if (view.emptyContent && view.structuredContent === undefined) {
    // The SDK's server turns a handler's plain object into `{ content: [] , ...theObject }`.
    const { content: _content, isError: _isError, ...rest } = raw as Record<string, Json>;
    if (isErrorPayload(rest)) findings.push(error('error-object', `returned an empty result carrying ${excerpt(JSON.stringify(rest))}: a plain error object reached the SDK; the model sees nothing and no isError`));
    else findings.push(error('empty-content', 'returned an empty content array: the model sees nothing (a plain object returned by the handler becomes this)'));
    return findings;
  }
  if (view.structuredContent !== undefined && !isObject(view.structuredContent)) {
    findings.push(error('structured-not-object', `structuredContent is ${Array.isArray(view.structuredContent) ? 'an array' : typeof view.structuredContent}, not a JSON object`));
  } else if (view.structuredContent !== undefined && view.texts.length === 0) {
    findings.push(error('structured-without-text', 'structuredContent comes without a text item; clients that read only content see nothing'));
  }
  // The SDK's McpServer (1.2x and later) turns a result that fails its outputSchema into this error.
  if (view.isError && SDK_OUTPUT_REFUSED.test(view.text)) {
    findings.push(error('invalid-structured-content', `the SDK refused the tool's own result: ${excerpt(view.text, 160)}`));
  }
  if (!view.isError) {
    const lead = view.texts[0] ?? '';
    const payloads = view.texts.filter(looksLikeJsonText).map((text) => parseJson(text.trim()));
    if (lead !== '' && looksLikeErrorText(lead, patterns)) {
      findings.push(error('error-content', `the text reports a failure (${excerpt(lead)}) but the result does not set isError: true`));
    } else if (payloads.some(isErrorPayload)) {
      findings.push(error('error-json', `the text is a JSON error payload (${excerpt(view.texts.find(looksLikeJsonText) ?? '')}) but the result does not set isError: true`));
    } else if (payloads.length > 0 && view.structuredContent === undefined) {
      findings.push(error('json-text-content', 'the text is JSON but the result has no structuredContent; clients cannot read the data without parsing text'));
    }
  }
  findings.push(...judgeOutputSchema(view, context));
  return findings;
}

/** The tool's outputSchema against what came back, as the SDK client checks it. */
function judgeOutputSchema(view: ResultView, context: JudgeContext): ProbeFinding[] {
  const schema = context.tool?.outputSchema;
  if (!schema) return [];
  if (view.structuredContent === undefined) {
    return view.isError ? [] : [error('missing-structured-content', 'the tool declares an outputSchema but the result has no structuredContent; SDK clients reject it')];
  }
  if (!isObject(view.structuredContent)) return [];
  try {
    const result = validate(schema, view.structuredContent, 'structuredContent');
    return result.valid ? [] : [error('invalid-structured-content', `structuredContent does not match the outputSchema: ${result.message}`)];
  } catch (problem) {
    if (problem instanceof SchemaCompileError) return [warning('invalid-structured-content', `cannot check structuredContent: the outputSchema does not compile (${problem.message})`)];
    throw problem;
  }
}

/**
 * The SDK's own refusal of what the tool returned, in its words, or undefined: its McpServer
 * answers a result that breaks the tool's outputSchema (or is no CallToolResult at all) with an
 * error of its own, so the tool's real answer never reached the client.
 */
export function sdkRefusal(outcome: Outcome): string | undefined {
  if (outcome.type === 'protocol-error') return INVALID_RESULT.test(outcome.message) || SDK_OUTPUT_REFUSED.test(outcome.message) ? oneLine(outcome.message) : undefined;
  if (outcome.type !== 'result') return undefined;
  const view = viewResult(outcome.result);
  return view.isError && SDK_OUTPUT_REFUSED.test(view.text) ? oneLine(view.text) : undefined;
}

/** Does the outcome say the call failed: isError, a protocol error, or failure wording without isError? */
export function outcomeFailed(outcome: Outcome, findings: readonly ProbeFinding[]): boolean {
  if (outcome.type !== 'result') return outcome.type !== 'not-run';
  return viewResult(outcome.result).isError || findings.some((finding) => FAILURE_WORDING_KINDS.has(finding.kind));
}

/** A protocol error's message on one line, short: the SDK's carry whole zod issue lists. */
function oneLine(message: string, max = 160): string {
  const zodMessage = /"message":\s*"([^"]+)"/.exec(message)?.[1];
  const text = (zodMessage ? `${message.slice(0, message.indexOf(':', message.indexOf('Invalid tools/call result')) + 1)} ${zodMessage}` : message).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function judgeProtocolError(outcome: Extract<Outcome, { type: 'protocol-error' }>, step: Step): ProbeFinding[] {
  const text = `protocol error ${outcome.code} (${oneLine(outcome.message)})`;
  if (INVALID_RESULT.test(outcome.message)) {
    return /received string|expected object, got string/i.test(outcome.message)
      ? [error('string', `the handler returned a raw string, which the SDK refused with a ${text}`)]
      : [error('bare-object', `the handler returned something that is not a CallToolResult, which the SDK refused with a ${text}`)];
  }
  // Bad arguments may be refused with a JSON-RPC error (SDKs before spec 2025-11-25 do).
  if (step.source === 'invalid' || step.expect === 'error') return [];
  return [error('protocol-error', `a ${text} where a result was due; a tool's failure belongs in a result with isError: true`)];
}

/** Every finding about one call. Setup steps are not judged. */
export function judge(step: Step, outcome: Outcome, context: JudgeContext = {}): ProbeFinding[] {
  if (step.phase === 'setup') return [];
  let findings: ProbeFinding[];
  switch (outcome.type) {
    case 'result':
      findings = judgeResult(outcome.result, viewResult(outcome.result), context);
      break;
    case 'protocol-error':
      findings = judgeProtocolError(outcome, step);
      break;
    case 'timeout':
      return [error('timeout', `no answer within ${outcome.timeoutMs} ms (--timeout); the probe cancelled the call`)];
    case 'crash':
      return [error('crash', outcome.message)];
    case 'not-run':
      return [];
  }
  const failed = outcomeFailed(outcome, findings);
  if (step.source === 'invalid' && !failed) {
    findings.push(warning('invalid-arguments-accepted', `answered arguments its inputSchema forbids (${step.note ?? 'invalid arguments'}) with a success`));
  } else if (step.expect === 'success' && failed) {
    findings.push(error('unexpected-outcome', 'expected a success, but the call failed'));
  } else if (step.expect === 'error' && !failed) {
    findings.push(error('unexpected-outcome', 'expected an error, but the call succeeded'));
  }
  return findings;
}
