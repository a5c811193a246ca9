/**
 * The judge's kinds and the lint rules they belong to. Kinds that are site kinds of the analyzer
 * take their rule from rules/rule-set.ts, so `probe`, `check` and `migrate` speak of one problem
 * with one name; the kinds only a running server shows have rules of their own (`probe/<kind>`).
 */
import { RULE_OF_KIND, type RuleName } from '../../rules/rule-set.js';
import type { ProbeKind } from './types.js';

export interface KindInfo {
  /** The lint rule that reports the same problem in source, or null for a kind only a run shows. */
  rule: RuleName | null;
  /** One line: what the kind means. */
  description: string;
}

export const KIND_INFO: Readonly<Record<ProbeKind, KindInfo>> = {
  string: { rule: RULE_OF_KIND.string, description: 'The tool returned a raw string instead of a CallToolResult; the SDK answers with a protocol error or drops it.' },
  'error-string': { rule: RULE_OF_KIND['error-string'], description: 'The tool returned a raw string reporting a failure, without isError.' },
  'bare-object': { rule: RULE_OF_KIND['bare-object'], description: 'The result has no content array: a plain object reached the SDK.' },
  'error-object': { rule: RULE_OF_KIND['error-object'], description: 'A plain error object reached the SDK: the model sees no text and no isError.' },
  'empty-content': { rule: 'no-bare-object-result', description: 'The result has an empty content array: the model sees nothing (what a plain object becomes in the SDK).' },
  'json-text-content': { rule: RULE_OF_KIND['json-text-content'], description: 'The text is JSON but the result has no structuredContent.' },
  'error-content': { rule: RULE_OF_KIND['error-content'], description: 'The text reports a failure but the result does not set isError: true.' },
  'error-json': { rule: RULE_OF_KIND['error-json'], description: 'The text is a JSON error payload but the result does not set isError: true.' },
  'structured-not-object': { rule: RULE_OF_KIND['structured-not-object'], description: 'structuredContent is not a JSON object.' },
  'structured-without-text': { rule: RULE_OF_KIND['structured-without-text'], description: 'structuredContent comes without a text item for clients that read only content.' },
  'missing-structured-content': { rule: RULE_OF_KIND['missing-structured-content'], description: 'The tool declares an outputSchema but the result has no structuredContent.' },
  'invalid-structured-content': { rule: 'valid-structured-content', description: "structuredContent is not valid against the tool's outputSchema." },
  'protocol-error': { rule: null, description: "A JSON-RPC error where a result was due: a tool's failure belongs in a result with isError: true." },
  timeout: { rule: null, description: 'No answer within the per-call timeout.' },
  crash: { rule: null, description: 'The server exited or closed the connection during the call.' },
  'stdout-noise': { rule: null, description: 'The server wrote lines to stdout that are not protocol messages.' },
  'invalid-arguments-accepted': { rule: null, description: 'The tool answered arguments its inputSchema forbids with a success.' },
  'unexpected-outcome': { rule: null, description: "The call did not end as the scenario's expect said (success or error)." },
};

/** The id a finding of this kind is reported under: the lint rule's, else the probe's own. */
export function ruleIdOf(kind: ProbeKind): string {
  const info = KIND_INFO[kind];
  return info.rule ? `mcp-result-kit/${info.rule}` : `mcp-result-kit/probe/${kind}`;
}

/** Kinds that say the call failed, though the result does not set isError. */
export const FAILURE_WORDING_KINDS: ReadonlySet<ProbeKind> = new Set<ProbeKind>(['error-content', 'error-json', 'error-string', 'error-object']);
