/**
 * `-f sarif`: SARIF 2.1.0 with one result per finding and per regression, located at the tool by
 * name (a logical location: a running server has no source lines to point at). Kinds the lint
 * knows are reported under the lint's rule ids, with the rule's documentation, so a code-scanning
 * view groups `probe` and `check` alerts together.
 */
import { createHash } from 'node:crypto';
import { FINGERPRINT_KEY, SARIF_SCHEMA } from '../../findings.js';
import { ruleHelp } from '../../rule-help.js';
import { KIND_INFO, ruleIdOf } from '../kinds.js';
import { STATUS_WORDS } from '../summary.js';
import type { ProbeKind, ProbeReport } from '../types.js';

export const REPOSITORY_URL = 'https://github.com/mcp-result-kit/mcp-result-kit';
const REGRESSION_RULE = 'mcp-result-kit/probe/regression';

interface SarifRule {
  id: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  helpUri: string;
  help: { text: string; markdown?: string };
  defaultConfiguration: { level: 'error' | 'warning' };
}

function ruleFor(kind: ProbeKind | 'regression', version: string): SarifRule {
  if (kind === 'regression') {
    const text = 'A replayed call differs from its recording in a way a migration must not cause: a success whose text changed, a call that now fails, a new protocol error or crash, a removed tool.';
    return { id: REGRESSION_RULE, shortDescription: { text }, fullDescription: { text }, helpUri: `${REPOSITORY_URL}/blob/v${version}/docs/probe.md#compare`, help: { text }, defaultConfiguration: { level: 'error' } };
  }
  const info = KIND_INFO[kind];
  if (info.rule) {
    const help = ruleHelp(info.rule);
    const helpUri = `${REPOSITORY_URL}/blob/v${version}/docs/rules/${info.rule}.md`;
    return {
      id: ruleIdOf(kind),
      shortDescription: { text: info.description },
      fullDescription: { text: help.fullDescription ?? info.description },
      helpUri,
      help: { text: `${help.fullDescription ?? info.description} See ${helpUri}`, ...(help.markdown ? { markdown: help.markdown } : {}) },
      defaultConfiguration: { level: 'error' },
    };
  }
  const helpUri = `${REPOSITORY_URL}/blob/v${version}/docs/probe.md#kinds`;
  return {
    id: ruleIdOf(kind),
    shortDescription: { text: info.description },
    fullDescription: { text: info.description },
    helpUri,
    help: { text: `${info.description} See ${helpUri}` },
    defaultConfiguration: { level: kind === 'invalid-arguments-accepted' ? 'warning' : 'error' },
  };
}

const fingerprint = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex').slice(0, 32);

export function probeSarif(report: ProbeReport): object {
  const rules: SarifRule[] = [];
  const index = new Map<string, number>();
  const ruleIndex = (kind: ProbeKind | 'regression') => {
    const rule = ruleFor(kind, report.version);
    if (!index.has(rule.id)) {
      index.set(rule.id, rules.length);
      // Several kinds share a lint rule; the first one's description stands for it.
      rules.push(rule);
    }
    return { ruleId: rule.id, ruleIndex: index.get(rule.id)! };
  };
  const at = (name: string, kind: 'function' | 'module') => [{ logicalLocations: [{ name, fullyQualifiedName: kind === 'function' ? `${report.server.name}/${name}` : name, kind }] }];
  const results: object[] = [];
  for (const finding of report.runFindings) {
    results.push({ ...ruleIndex(finding.kind), level: finding.severity, message: { text: finding.message }, locations: at(report.server.name, 'module'), partialFingerprints: { [FINGERPRINT_KEY]: fingerprint(finding.kind, report.server.name) } });
  }
  for (const call of report.calls) {
    for (const finding of call.findings) {
      results.push({
        ...ruleIndex(finding.kind),
        level: finding.severity,
        message: { text: `${call.step.id}: ${finding.message}` },
        locations: at(call.step.tool, 'function'),
        partialFingerprints: { [FINGERPRINT_KEY]: fingerprint(finding.kind, call.step.tool, call.step.id) },
        properties: { call: call.step.id, kind: finding.kind, arguments: call.sent },
      });
    }
    if (call.comparison?.regression) {
      results.push({
        ...ruleIndex('regression'),
        level: 'error',
        message: { text: `${call.step.id}: ${STATUS_WORDS[call.comparison.status]}${call.comparison.detail ? `: ${call.comparison.detail}` : ''}` },
        locations: at(call.step.tool, 'function'),
        partialFingerprints: { [FINGERPRINT_KEY]: fingerprint('regression', call.step.tool, call.step.id) },
        properties: { call: call.step.id, status: call.comparison.status, arguments: call.sent },
      });
    }
  }
  for (const tool of report.comparison?.tools.removed ?? []) {
    results.push({ ...ruleIndex('regression'), level: 'error', message: { text: `${tool}: the tool was removed` }, locations: at(tool, 'function'), partialFingerprints: { [FINGERPRINT_KEY]: fingerprint('removed', tool) } });
  }
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'mcp-result-kit', version: report.version, informationUri: REPOSITORY_URL, rules } },
        invocations: [{ executionSuccessful: true }],
        results,
      },
    ],
  };
}
