import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** One problem `check` found; ruleId is null for a file that does not parse. */
export interface CheckFinding {
  file: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  ruleId: string | null;
  severity: 'error' | 'warning';
  message: string;
}

export interface RuleInfo {
  id: string;
  description: string;
  helpUri?: string;
}

/** `--format json`: an array of `{ file, line, column, ruleId, message }`. */
export function findingsJson(findings: readonly CheckFinding[]): { file: string; line: number; column: number; ruleId: string | null; message: string }[] {
  return findings.map(({ file, line, column, ruleId, message }) => ({ file, line, column, ruleId, message }));
}

/** Text output: findings grouped by file, then a count per rule. */
export function findingsText(findings: readonly CheckFinding[], filesChecked: number): string {
  if (findings.length === 0) return `No problems found in ${filesChecked} file${filesChecked === 1 ? '' : 's'}.\n`;
  const lines: string[] = [];
  const byFile = new Map<string, CheckFinding[]>();
  for (const finding of findings) {
    const items = byFile.get(finding.file);
    if (items) items.push(finding);
    else byFile.set(finding.file, [finding]);
  }
  for (const [file, items] of byFile) {
    lines.push(file);
    const width = Math.max(...items.map((item) => `${item.line}:${item.column}`.length));
    for (const item of items) lines.push(`  ${`${item.line}:${item.column}`.padEnd(width)}  ${item.ruleId ?? 'parse-error'}  ${item.message}`);
    lines.push('');
  }
  const counts = new Map<string, number>();
  for (const finding of findings) counts.set(finding.ruleId ?? 'parse-error', (counts.get(finding.ruleId ?? 'parse-error') ?? 0) + 1);
  lines.push(`${findings.length} problem${findings.length === 1 ? '' : 's'} in ${byFile.size} of ${filesChecked} file${filesChecked === 1 ? '' : 's'}:`);
  const width = Math.max(...[...counts.keys()].map((id) => id.length));
  for (const [ruleId, count] of [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) lines.push(`  ${ruleId.padEnd(width)}  ${count}`);
  return `${lines.join('\n')}\n`;
}

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

/**
 * SARIF 2.1.0 for code-scanning uploads: the active rules (with helpUri from each rule's
 * meta.docs.url) and one result per finding. Files that do not parse become tool execution
 * notifications, since they belong to no rule.
 */
export function findingsSarif(findings: readonly CheckFinding[], rules: readonly RuleInfo[], tool: { name: string; version: string; informationUri?: string }, cwd: string): object {
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const location = (finding: CheckFinding) => ({
    physicalLocation: {
      artifactLocation: { uri: finding.file.split(path.sep).join('/'), uriBaseId: '%SRCROOT%' },
      region: {
        startLine: finding.line,
        startColumn: finding.column,
        ...(finding.endLine !== undefined ? { endLine: finding.endLine } : {}),
        ...(finding.endColumn !== undefined ? { endColumn: finding.endColumn } : {}),
      },
    },
  });
  const root = pathToFileURL(cwd).href;
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
            rules: rules.map((rule) => ({
              id: rule.id,
              shortDescription: { text: rule.description },
              ...(rule.helpUri ? { helpUri: rule.helpUri } : {}),
              defaultConfiguration: { level: 'error' },
            })),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: root.endsWith('/') ? root : `${root}/` } },
        invocations: [
          {
            executionSuccessful: true,
            toolExecutionNotifications: findings
              .filter((finding) => finding.ruleId === null)
              .map((finding) => ({ level: 'error', message: { text: finding.message }, locations: [location(finding)] })),
          },
        ],
        results: findings
          .filter((finding) => finding.ruleId !== null)
          .map((finding) => ({
            ruleId: finding.ruleId,
            ...(ruleIndex.has(finding.ruleId!) ? { ruleIndex: ruleIndex.get(finding.ruleId!) } : {}),
            level: finding.severity === 'error' ? 'error' : 'warning',
            message: { text: finding.message },
            locations: [location(finding)],
          })),
      },
    ],
  };
}
