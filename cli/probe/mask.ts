/**
 * Masking: volatile values (timestamps, ids, temp paths, PIDs, durations) are replaced by
 * placeholders before a result is recorded or compared, so that two runs of an unchanged server
 * compare equal. Users add rules of their own: a regular expression for text, or a property name
 * whose value is volatile wherever it appears.
 */
import os from 'node:os';
import { realpathSync } from 'node:fs';
import type { Json, Outcome } from './types.js';

/** A text rule: every match of `pattern` (global) becomes `replacement` (`$1` refers to a group). */
export interface TextMask {
  name: string;
  pattern: RegExp;
  replacement: string;
}

/** A property rule: the value of every property named `key` becomes `replacement`, in objects and in JSON text. */
export interface KeyMask {
  key: string;
  replacement: string;
}

export interface MaskRules {
  text: TextMask[];
  keys: KeyMask[];
}

/** A user's rule as written in a scenario file or a recording. */
export type MaskSpec = { pattern: string; flags?: string; replacement?: string } | { key: string; replacement?: string };

export const DEFAULT_REPLACEMENT = '<masked>';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The system temp folder as the probe sees it and as the server may print it (resolved through symlinks, as on macOS). */
function tempRoots(): string[] {
  const roots = new Set(['/tmp', os.tmpdir()]);
  try {
    roots.add(realpathSync(os.tmpdir()));
  } catch {
    // A temp folder that does not resolve is still masked by its name.
  }
  return [...roots].filter((root) => root.length > 1).sort((a, b) => b.length - a.length);
}

/** The rules every run applies, in order (a timestamp is masked before its digits could look like an epoch). */
export function defaultTextMasks(): TextMask[] {
  const temp = tempRoots().map(escapeRegExp).join('|');
  return [
    {
      name: 'iso-timestamp',
      pattern: /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?(?![\d:])/g,
      replacement: '<timestamp>',
    },
    {
      name: 'http-date',
      pattern: /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT\b/g,
      replacement: '<timestamp>',
    },
    { name: 'epoch-ms', pattern: /\b1[5-9]\d{11}\b/g, replacement: '<epoch-ms>' },
    { name: 'uuid', pattern: /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, replacement: '<uuid>' },
    { name: 'hex-id', pattern: /\b[0-9a-f]{24,}\b/gi, replacement: '<hex-id>' },
    { name: 'temp-path', pattern: new RegExp(`(?<![\\w.])(?:${temp}|/var/folders/[^\\s/]+/[^\\s/]+/T)(?=[/\\\\])[^\\s"'\`<>)\\],;]*`, 'g'), replacement: '<tmp>' },
    { name: 'pid', pattern: /\b(pid\W{0,3})\d+\b/gi, replacement: '$1<pid>' },
    { name: 'elapsed', pattern: /\b((?:took|elapsed|duration|after)\W{0,3})\d+(?:\.\d+)?\s?(?:ms|milliseconds|s|sec|secs|seconds)\b/gi, replacement: '$1<duration>' },
  ];
}

/** A user rule from its written form; a bad regular expression is an error naming it. */
export function compileMask(spec: MaskSpec, index: number): TextMask | KeyMask {
  if ('key' in spec) return { key: spec.key, replacement: spec.replacement ?? DEFAULT_REPLACEMENT };
  const flags = spec.flags ?? '';
  try {
    return { name: `mask[${index}]`, pattern: new RegExp(spec.pattern, flags.includes('g') ? flags : `${flags}g`), replacement: spec.replacement ?? DEFAULT_REPLACEMENT };
  } catch (error) {
    throw new Error(`mask[${index}]: ${spec.pattern} is not a valid regular expression (${(error as Error).message})`, { cause: error });
  }
}

/** The default rules followed by the user's. */
export function maskRules(specs: readonly MaskSpec[] = []): MaskRules {
  const rules: MaskRules = { text: defaultTextMasks(), keys: [] };
  specs.forEach((spec, index) => {
    const rule = compileMask(spec, index);
    if ('key' in rule) rules.keys.push(rule);
    else rules.text.push(rule);
  });
  return rules;
}

/** `"key": <value>` in JSON text, the value a string, number, boolean or null. */
function keyPattern(key: string): RegExp {
  return new RegExp(`("${escapeRegExp(key)}"\\s*:\\s*)(?:"(?:[^"\\\\]|\\\\.)*"|-?\\d[\\d.eE+-]*|true|false|null)`, 'g');
}

/** A string with every rule applied. */
export function maskText(text: string, rules: MaskRules): string {
  let masked = text;
  for (const rule of rules.keys) if (masked.includes(`"${rule.key}"`)) masked = masked.replace(keyPattern(rule.key), `$1${JSON.stringify(rule.replacement)}`);
  for (const rule of rules.text) masked = masked.replace(rule.pattern, rule.replacement);
  return masked;
}

/**
 * A millisecond timestamp as a JSON number (`"firstUsed": 1795732077186` in structuredContent) is
 * masked as it is in text: the same rule, applied to the number's digits.
 */
function maskNumber(value: number, rules: MaskRules): Json {
  if (!Number.isSafeInteger(value)) return value;
  const rule = rules.text.find((candidate) => candidate.name === 'epoch-ms');
  const digits = String(value);
  return rule && digits.replace(rule.pattern, rule.replacement) === rule.replacement ? rule.replacement : value;
}

/** A JSON value with every string masked, millisecond timestamps too, and every masked property's value replaced. A new value; the input is not changed. */
export function maskValue(value: Json, rules: MaskRules): Json {
  if (typeof value === 'string') return maskText(value, rules);
  if (typeof value === 'number') return maskNumber(value, rules);
  if (Array.isArray(value)) return value.map((item) => maskValue(item, rules));
  if (value !== null && typeof value === 'object') {
    const masked: { [key: string]: Json } = {};
    for (const [key, item] of Object.entries(value)) {
      const keyRule = rules.keys.find((rule) => rule.key === key);
      masked[key] = keyRule ? keyRule.replacement : maskValue(item, rules);
    }
    return masked;
  }
  return value;
}

/** An outcome with its result and messages masked. */
export function maskOutcome(outcome: Outcome, rules: MaskRules): Outcome {
  switch (outcome.type) {
    case 'result':
      return { type: 'result', result: maskValue(outcome.result, rules) };
    case 'protocol-error':
      return { ...outcome, message: maskText(outcome.message, rules), ...(outcome.data !== undefined ? { data: maskValue(outcome.data, rules) } : {}) };
    case 'crash':
      return { type: 'crash', message: maskText(outcome.message, rules) };
    case 'not-run':
      return { type: 'not-run', reason: maskText(outcome.reason, rules) };
    case 'timeout':
      return outcome;
  }
}
