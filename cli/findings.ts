import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import picocolors from 'picocolors';

/** One problem `check` found; ruleId is null for a file that does not parse. */
export interface CheckFinding {
  /** Relative to the cwd, `/`-separated, for people. */
  file: string;
  /** Absolute, for SARIF and fingerprints. */
  absolute: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
  ruleId: string | null;
  severity: 'error' | 'warning';
  message: string;
  /** Accepted by the suppressions file (eslint-suppressions.json): not reported, kept in SARIF as suppressed. */
  suppressed?: boolean;
}

export interface RuleInfo {
  id: string;
  description: string;
  helpUri?: string;
  /** A paragraph on what the rule reports and why (SARIF fullDescription). */
  fullDescription?: string;
  /** The rule's documentation as Markdown (SARIF help.markdown). */
  helpMarkdown?: string;
  level: 'error' | 'warning';
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export interface TextContext {
  filesChecked: number;
  /** Tool handlers recognised in the files checked. */
  handlers: number;
  color: boolean;
  /** Errors the suppressions file accepted, and the file. */
  suppressed?: { count: number; file: string };
  /** Why check fails though nothing new was found (suppressions that no longer occur): the verdict, said first. */
  failure?: string;
}

/** Said instead of an all-clear when nothing was recognised as a tool handler. */
export function noHandlersNote(filesChecked: number): string {
  return [
    `Read ${plural(filesChecked, 'file')}, but no MCP tool handler was recognised, so no tool result was checked.`,
    'If your server registers its tools in a way the kit does not know yet, tell it how (flags, or keys in mcp-result-kit.config.json):',
    '  --handler-pattern <regex>      functions whose name matches are tool handlers, e.g. "^handle[A-Z]"  (handlerPatterns)',
    '  --registration-method <name>   methods that register a tool like server.tool(name, ..., handler)   (registrationMethods)',
    '  --handler-property <name>      the property holding the handler in tool-definition objects         (handlerProperties)',
    '  --handler-classes              classes with a name and an execute method are tools                 (handlerClasses)',
    '',
  ].join('\n');
}

const PARSING_ERROR_PREFIX = /^Parsing error: /;

/**
 * The files that could not be parsed, where and why: ESLint reports each as one fatal message
 * without a rule. Nothing in them was checked, so they are listed apart from the problems found.
 */
function unparsedText(failures: readonly CheckFinding[], pc: ReturnType<typeof picocolors.createColors>): string {
  if (failures.length === 0) return '';
  const count = new Set(failures.map((failure) => failure.file)).size;
  const heading = `✖ ${plural(count, 'file')} could not be parsed and ${count === 1 ? 'was' : 'were'} skipped (nothing in ${count === 1 ? 'it' : 'them'} was checked):`;
  const lines = failures.map((failure) => `  ${failure.file}:${failure.line}:${failure.column}  ${failure.message.replace(PARSING_ERROR_PREFIX, '')}`);
  return `${pc.bold(pc.red(heading))}\n${lines.join('\n')}\n`;
}

/**
 * Text output in the shape of ESLint's `stylish`: findings grouped by file, then the totals and a
 * count per rule. Coloured like stylish when `color` is on. Files that could not be parsed are
 * listed after them, and the counts are of the files that were checked.
 */
export function findingsText(allFindings: readonly CheckFinding[], context: TextContext): string {
  const pc = picocolors.createColors(context.color);
  const failures = allFindings.filter((finding) => finding.ruleId === null);
  const findings = allFindings.filter((finding): finding is CheckFinding & { ruleId: string } => finding.ruleId !== null);
  const unparsed = unparsedText(failures, pc);
  const filesChecked = context.filesChecked - new Set(failures.map((failure) => failure.file)).size;
  const handlersLine = context.handlers === 0 && filesChecked > 0 ? noHandlersNote(filesChecked) : '';
  const suppressedLine = context.suppressed ? `${plural(context.suppressed.count, 'error')} suppressed by ${context.suppressed.file}.\n` : '';
  if (findings.length === 0) {
    if (context.handlers === 0) return `${unparsed}${context.failure ? pc.bold(pc.red(context.failure)) : ''}${(unparsed || context.failure) && handlersLine ? '\n' : ''}${handlersLine}`;
    const checked = failures.length > 0 ? `the ${plural(filesChecked, 'file')} that ${filesChecked === 1 ? 'was' : 'were'} checked` : plural(filesChecked, 'file');
    if (context.failure) return `${unparsed}${pc.bold(pc.red(context.failure))}Otherwise no problems found in ${checked} (${plural(context.handlers, 'tool handler')}).\n${suppressedLine}`;
    return `${unparsed}No problems found in ${checked} (${plural(context.handlers, 'tool handler')}).\n${suppressedLine}`;
  }
  const lines: string[] = [];
  const byFile = new Map<string, typeof findings>();
  for (const finding of findings) {
    const items = byFile.get(finding.file);
    if (items) items.push(finding);
    else byFile.set(finding.file, [finding]);
  }
  for (const [file, items] of byFile) {
    lines.push(pc.underline(file));
    const position = items.map((item) => `${item.line}:${item.column}`);
    const width = Math.max(...position.map((text) => text.length));
    const severityWidth = Math.max(...items.map((item) => item.severity.length));
    const messageWidth = Math.max(...items.map((item) => item.message.length));
    items.forEach((item, index) => {
      const severity = item.severity === 'error' ? pc.red(item.severity.padEnd(severityWidth)) : pc.yellow(item.severity.padEnd(severityWidth));
      lines.push(`  ${pc.dim(position[index].padStart(width))}  ${severity}  ${item.message.padEnd(messageWidth)}  ${pc.dim(item.ruleId)}`);
    });
    lines.push('');
  }
  const errors = findings.filter((finding) => finding.severity === 'error').length;
  const warnings = findings.length - errors;
  const summary = `✖ ${plural(findings.length, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}) in ${byFile.size} of ${plural(filesChecked, 'file')}:`;
  lines.push(errors > 0 ? pc.bold(pc.red(summary)) : pc.bold(pc.yellow(summary)));
  const counts = new Map<string, number>();
  for (const finding of findings) counts.set(finding.ruleId, (counts.get(finding.ruleId) ?? 0) + 1);
  const idWidth = Math.max(...[...counts.keys()].map((id) => id.length));
  for (const [ruleId, count] of [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) lines.push(`  ${ruleId.padEnd(idWidth)}  ${count}`);
  return `${lines.join('\n')}\n${unparsed ? `\n${unparsed}` : ''}${suppressedLine}${context.failure ? pc.bold(pc.red(context.failure)) : ''}${handlersLine ? `\n${handlersLine}` : ''}`;
}

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
/** partialFingerprints key: versioned, so a change of recipe does not collide with old alerts. */
export const FINGERPRINT_KEY = 'mcpResultKit/v1';

export const SUPPRESSED_JUSTIFICATION = 'accepted in the suppressions file (mcp-result-kit check --suppress-all / --suppress-rule)';

export interface SarifContext {
  tool: { name: string; version: string; informationUri?: string };
  /** The folder `%SRCROOT%` stands for: the git root (or the cwd outside git). */
  sourceRoot: string;
  /** The text of a line of a file (1-based), for fingerprints that survive moved lines. */
  sourceLine: (absolute: string, line: number) => string;
}

const toUri = (relative: string) => relative.split(path.sep).map(encodeURIComponent).join('/');

/**
 * SARIF 2.1.0 for code-scanning uploads: the rules with their docs (short and full description,
 * help text and Markdown, helpUri), one result per finding with a location relative to
 * `%SRCROOT%` (the git root, so results line up wherever in a monorepo `check` ran) and a
 * partial fingerprint. Files that do not parse become tool execution notifications.
 */
export function findingsSarif(findings: readonly CheckFinding[], rules: readonly RuleInfo[], context: SarifContext): object {
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const location = (finding: CheckFinding) => ({
    physicalLocation: {
      artifactLocation: { uri: toUri(path.relative(context.sourceRoot, finding.absolute)), uriBaseId: '%SRCROOT%' },
      region: {
        startLine: finding.line,
        startColumn: finding.column,
        ...(finding.endLine !== undefined ? { endLine: finding.endLine } : {}),
        ...(finding.endColumn !== undefined ? { endColumn: finding.endColumn } : {}),
      },
    },
  });
  // Rule, file and the line's text (not its number), plus which occurrence of that triple it is.
  const seen = new Map<string, number>();
  const fingerprint = (finding: CheckFinding) => {
    const base = `${finding.ruleId}\0${path.relative(context.sourceRoot, finding.absolute).split(path.sep).join('/')}\0${context.sourceLine(finding.absolute, finding.line).trim()}`;
    const occurrence = seen.get(base) ?? 0;
    seen.set(base, occurrence + 1);
    return `${createHash('sha256').update(`${base}\0${occurrence}`).digest('hex').slice(0, 32)}:${occurrence + 1}`;
  };
  const root = pathToFileURL(context.sourceRoot).href;
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: context.tool.name,
            version: context.tool.version,
            ...(context.tool.informationUri ? { informationUri: context.tool.informationUri } : {}),
            rules: rules.map((rule) => ({
              id: rule.id,
              shortDescription: { text: rule.description },
              fullDescription: { text: rule.fullDescription ?? rule.description },
              ...(rule.helpUri ? { helpUri: rule.helpUri } : {}),
              help: {
                text: `${rule.fullDescription ?? rule.description}${rule.helpUri ? ` See ${rule.helpUri}` : ''}`,
                markdown: rule.helpMarkdown ?? `${rule.description}${rule.helpUri ? `\n\n[Rule documentation](${rule.helpUri})` : ''}`,
              },
              defaultConfiguration: { level: rule.level },
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
            partialFingerprints: { [FINGERPRINT_KEY]: fingerprint(finding) },
            // Accepted in eslint-suppressions.json: a baseline kept outside the code.
            ...(finding.suppressed ? { suppressions: [{ kind: 'external', status: 'accepted', justification: SUPPRESSED_JUSTIFICATION }] } : {}),
          })),
      },
    ],
  };
}
