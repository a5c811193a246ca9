/**
 * The one table that says which rule reports which site kind, and which preset turns the rule
 * on. The ESLint plugin builds its rules and configs from it; `migrate` rewrites only the kinds
 * whose rule the chosen preset enables, so lint and codemod agree by construction. This module
 * loads nothing of ESLint: the codemod imports it too.
 */
import type { SiteKind } from '../src/analyze/index.js';

/** The plugin's namespace: rule ids are `mcp-result-kit/<rule>`. */
export const PLUGIN_NAME = 'mcp-result-kit';

export type Preset = 'recommended' | 'strict';
export const PRESETS: readonly Preset[] = ['recommended', 'strict'];
export const DEFAULT_PRESET: Preset = 'recommended';

export type Severity = 'error' | 'warn' | 'off';
export const SEVERITIES: readonly Severity[] = ['error', 'warn', 'off'];

/** Which rule reports each site kind. A new kind does not compile until it is given a rule here. */
export const RULE_OF_KIND = {
  string: 'no-string-result',
  'json-stringify': 'no-json-stringify-result',
  'json-text-content': 'no-json-stringify-result',
  'transport-wrapper': 'no-json-stringify-result',
  'error-string': 'require-is-error',
  'error-json': 'require-is-error',
  'error-object': 'require-is-error',
  'error-content': 'require-is-error',
  'structured-not-object': 'valid-structured-content',
  'structured-without-text': 'valid-structured-content',
  'missing-structured-content': 'valid-structured-content',
  'bare-object': 'no-bare-object-result',
  'hand-built-result': 'prefer-result-helpers',
} as const satisfies Record<SiteKind, string>;

/**
 * Which rule reports each finding about a whole tool rather than one return site
 * (src/analyze/output-schema/): a tool without an outputSchema, and a declared outputSchema the
 * tool's results do not fit.
 */
export const RULE_OF_TOOL_FINDING = {
  'missing-output-schema': 'require-output-schema',
  'declared-schema-mismatch': 'valid-structured-content',
} as const;

export const TOOL_RULES = [...new Set(Object.values(RULE_OF_TOOL_FINDING))];

export type RuleName = (typeof RULE_OF_KIND)[SiteKind] | (typeof RULE_OF_TOOL_FINDING)[keyof typeof RULE_OF_TOOL_FINDING];

/** The lowest preset that turns each rule on (`strict` includes everything in `recommended`). */
export const RULE_PRESET: Readonly<Record<RuleName, Preset>> = {
  'no-string-result': 'recommended',
  'no-json-stringify-result': 'recommended',
  'require-is-error': 'recommended',
  'valid-structured-content': 'recommended',
  'no-bare-object-result': 'recommended',
  'prefer-result-helpers': 'strict',
  'require-output-schema': 'strict',
};

export const RULE_NAMES = Object.keys(RULE_PRESET).sort() as RuleName[];

/** The site kinds a rule reports. */
export type KindsOf<Rule extends RuleName> = { [Kind in SiteKind]: (typeof RULE_OF_KIND)[Kind] extends Rule ? Kind : never }[SiteKind];

export function kindsOf(rule: RuleName): SiteKind[] {
  return (Object.keys(RULE_OF_KIND) as SiteKind[]).filter((kind) => RULE_OF_KIND[kind] === rule);
}

export const ruleId = (rule: RuleName): string => `${PLUGIN_NAME}/${rule}`;

export function isRuleName(name: string): name is RuleName {
  return Object.hasOwn(RULE_PRESET, name);
}

/** `error` for every rule the preset includes, `off` for the others. */
export function presetSeverities(preset: Preset): Record<RuleName, Severity> {
  const severities = {} as Record<RuleName, Severity>;
  for (const rule of RULE_NAMES) severities[rule] = preset === 'strict' || RULE_PRESET[rule] === 'recommended' ? 'error' : 'off';
  return severities;
}

/** A preset with per-rule overrides laid over it (keys are rule names, without the namespace). */
export function ruleSeverities(preset: Preset = DEFAULT_PRESET, overrides: Partial<Record<RuleName, Severity>> = {}): Record<RuleName, Severity> {
  return { ...presetSeverities(preset), ...overrides };
}

/** The site kinds whose rule is on: what `check` reports and `migrate` may rewrite. */
export function enabledKinds(severities: Readonly<Record<RuleName, Severity>>): ReadonlySet<SiteKind> {
  return new Set((Object.keys(RULE_OF_KIND) as SiteKind[]).filter((kind) => severities[RULE_OF_KIND[kind]] !== 'off'));
}
