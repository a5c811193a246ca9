import { ESLintUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import type * as TS from 'typescript';
import { packageVersion } from '../src/package-info.js';
import { ts } from '../src/typescript.js';
import { siteSuppressions } from './directives.js';
import { RULE_OF_KIND, type KindsOf, type Preset, type RuleName } from './rule-set.js';
import { suggestionFix } from './suggestions.js';
import { existsSync, readFileSync } from 'node:fs';
import {
  analyzeSourceFile,
  FRAMEWORK_BEHAVIOUR,
  frameworkWording,
  isTestFile,
  listProjectFiles,
  parseLintedText,
  ProjectAnalysis,
  projectRootOf,
  SourceProject,
  resolveHandlerOptions,
  type Analysis,
  type Finding,
  type Framework,
  type HandlerOptions,
  type HelperName,
  type ResolvedHandlerOptions,
  type SiteKind,
} from '../src/analyze/index.js';

export interface KitRuleDocs {
  description: string;
  /** Which preset turns the rule on: `recommended` (and so `strict`) or only `strict` (from rules/rule-set.ts). */
  recommended: Preset;
  requiresTypeChecking?: boolean;
}

export const REPOSITORY_URL = 'https://github.com/mcp-result-kit/mcp-result-kit';

/**
 * Rule docs for the installed version: the docs/rules/ pages at the release tag `v<version>`
 * (the same pages ship in the package's docs/ folder).
 */
export function ruleDocsUrl(name: string, version = packageVersion()): string {
  return `${REPOSITORY_URL}/blob/v${version}/docs/rules/${name}.md`;
}

export const createRule = ESLintUtils.RuleCreator<KitRuleDocs>((name) => ruleDocsUrl(name));

/** The options every rule takes: the shared handler options plus where suggestions import from. */
export interface KitRuleOptions extends HandlerOptions {
  importSource?: string;
}

export const SETTINGS_KEY = 'mcp-result-kit';

const stringArray = (description: string) => ({ type: 'array' as const, items: { type: 'string' as const }, description });

export const ruleOptionsSchema: TSESLint.RuleMetaData<string, KitRuleDocs>['schema'] = [
  {
    type: 'object',
    additionalProperties: false,
    description: 'Which functions are MCP tool handlers, and where suggested helpers are imported from.',
    properties: {
      handlerPatterns: stringArray('Regular expressions for names of functions that are tool handlers, e.g. "^handle[A-Z]".'),
      registrationMethods: stringArray('Extra method names that register a tool like server.tool(name, ..., handler).'),
      handlerProperties: stringArray('Property names that hold the handler in tool-definition objects, e.g. "handler" or "execute".'),
      resultHelpers: stringArray('Names of your own functions that already return a proper CallToolResult, e.g. "ok" and "fail" (successResult, errorResult, errorTextResult, jsonResult and toCallToolResult always count).'),
      handlerClasses: { type: 'boolean', description: 'Treat classes with a name property and an execute method as tool handlers.' },
      toolDefinitions: {
        type: 'boolean',
        description: 'Recognise tool-definition objects ({ name, inputSchema | parameters | schema, execute | handler }) wherever they are written (default true).',
      },
      allowFastmcpStrings: { type: 'boolean', description: 'Keep plain strings returned from FastMCP tools, which FastMCP wraps in a text item itself (default false).' },
      errorPatterns: stringArray('Regular expressions (matched case-insensitively) for result texts that report a failure, added to the built-in words, e.g. "^Échec".'),
      protocolVersion: {
        type: 'string',
        description:
          'MCP protocol version the results are written for, e.g. "2025-11-25" or "2026-07-28" (from 2026-07-28 on any JSON value is valid structuredContent). Default: 2026-07-28 when the nearest package.json depends on @modelcontextprotocol/server 2.x alone, else 2025-11-25.',
      },
      mcpFrameworkVersion: {
        type: 'string',
        description: 'The mcp-framework release the tools run on, e.g. "0.2.22" (thrown Errors become isError results from 0.2.19, outputSchemaShape adds structuredContent from 0.2.20). Default: the installed copy, else package-lock.json, else the lowest release package.json allows.',
      },
      importSource: { type: 'string', description: 'Module that suggestions import the result helpers from, e.g. your local helpers (migrate --local-helpers); default "mcp-result-kit".' },
    },
  },
];

export const defaultRuleOptions: [KitRuleOptions] = [{}];

export type AnyContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

interface AnalyzedFile {
  analysis: Analysis;
  /** The tree the analysis was made on: its nodes are the findings' nodes. */
  sourceFile: TS.SourceFile;
}

const analysisCache = new WeakMap<object, Map<string, AnalyzedFile>>();
const resolvedCache = new Map<string, ResolvedHandlerOptions>();
const resolvedByObject = new WeakMap<object, ResolvedHandlerOptions>();

const mergedCache = new WeakMap<object, WeakMap<object, KitRuleOptions>>();
const NO_SETTINGS = {};
const NO_OPTIONS = {};

/** Rule options over `settings['mcp-result-kit']`; the same objects give the same merged object. */
function mergedOptions(context: AnyContext, options: KitRuleOptions): KitRuleOptions {
  const raw = (context.settings as Record<string, unknown>)[SETTINGS_KEY];
  const settings = typeof raw === 'object' && raw !== null ? raw : NO_SETTINGS;
  let bySettings = mergedCache.get(settings);
  if (!bySettings) {
    bySettings = new WeakMap();
    mergedCache.set(settings, bySettings);
  }
  // Rules without options get a fresh `{}` for every file: key those by one shared object.
  const key = Object.keys(options).length === 0 ? NO_OPTIONS : options;
  let merged = bySettings.get(key);
  if (!merged) {
    merged = { ...(settings as KitRuleOptions), ...options };
    bySettings.set(key, merged);
  }
  return merged;
}

function resolved(options: KitRuleOptions): ResolvedHandlerOptions {
  const known = resolvedByObject.get(options);
  if (known) return known;
  const { importSource: _importSource, ...handlerOptions } = options;
  const key = JSON.stringify(handlerOptions);
  let value = resolvedCache.get(key);
  if (!value) {
    value = resolveHandlerOptions(handlerOptions);
    resolvedCache.set(key, value);
  }
  resolvedByObject.set(options, value);
  return value;
}

interface FileView {
  sourceFile: TS.SourceFile;
  checker: TS.TypeChecker | undefined;
  program: TS.Program | undefined;
}

/** The TypeScript AST the parser already built (no second parse); a fresh parse for other parsers. */
function fileView(context: AnyContext, program: TSESTree.Program): FileView {
  const services = context.sourceCode.parserServices;
  const mapped = services?.esTreeNodeToTSNodeMap?.get(program as never) as TS.Node | undefined;
  if (mapped && ts.isSourceFile(mapped)) {
    const program = services?.program ?? undefined;
    return { sourceFile: mapped, checker: program ? program.getTypeChecker() : undefined, program };
  }
  const fileName = context.filename;
  return { sourceFile: parseLintedText(fileName, context.sourceCode.text), checker: undefined, program: undefined };
}

const viewCache = new WeakMap<object, FileView>();

interface ProjectView {
  project: SourceProject;
  analysis: ProjectAnalysis;
}

const projectsByProgram = new WeakMap<TS.Program, Map<string, ProjectView>>();
const projectsByRoot = new Map<string, ProjectView>();

/**
 * The project a linted file belongs to, analyzed once per lint run: with type information the
 * program's own files; without, the source files under the nearest package.json, or its workspace's root (a file that is
 * not on disk, as in RuleTester, is analyzed on its own). Lint then reports, in the file being
 * linted, the sites of handlers that other files register or dispatch into it, exactly where
 * `migrate` rewrites them.
 */
function projectViewFor(view: FileView, fileName: string, handlerOptions: ResolvedHandlerOptions): ProjectView | undefined {
  if (view.program && view.checker) {
    const program = view.program;
    let byOptions = projectsByProgram.get(program);
    if (!byOptions) {
      byOptions = new Map();
      projectsByProgram.set(program, byOptions);
    }
    let known = byOptions.get(handlerOptions.key);
    if (!known) {
      const project = new SourceProject(program, program.getCompilerOptions());
      const ownFiles = program.getSourceFiles().filter((sourceFile) => !sourceFile.isDeclarationFile && !program.isSourceFileFromExternalLibrary(sourceFile) && !isTestFile(sourceFile.fileName));
      known = { project, analysis: new ProjectAnalysis(ownFiles, { handlerOptions, checker: view.checker, project }) };
      byOptions.set(handlerOptions.key, known);
    }
    return known;
  }
  if (!existsSync(fileName)) return undefined;
  const root = projectRootOf(fileName);
  const cacheKey = `${root}\0${handlerOptions.key}`;
  let known = projectsByRoot.get(cacheKey);
  // A long-lived ESLint (an editor, a test) lints files that changed on disk after the project was
  // analyzed: the analysis is of the old text, so the project is analyzed again.
  if (known && isStale(known, fileName, view.sourceFile.text)) known = undefined;
  if (!known) {
    const project = new SourceProject();
    // The tree ESLint's parser already built for this file: parsed once, analyzed once.
    project.useSourceFile(view.sourceFile);
    const sourceFiles = listProjectFiles(root).flatMap((file) => project.sourceFile(file) ?? []);
    known = { project, analysis: new ProjectAnalysis(sourceFiles, { handlerOptions, project }) };
    projectsByRoot.set(cacheKey, known);
  }
  return known;
}

function isStale(known: ProjectView, fileName: string, lintedText: string): boolean {
  const analyzedText = known.analysis.sourceFileOf(fileName)?.text;
  if (analyzedText === undefined || sameLintedText(analyzedText, lintedText)) return false;
  try {
    return readFileSync(fileName, 'utf8') === lintedText;
  } catch {
    return false;
  }
}

type HandlerCountListener = (fileName: string, handlers: number) => void;
const handlerCountListeners = new Set<HandlerCountListener>();

/**
 * Tells `listener` how many tool handlers each linted file has, so that `mcp-result-kit check`
 * can say when it recognised none (the analyses live here, inside the rules). Returns the
 * function that stops listening.
 */
export function onHandlerCount(listener: HandlerCountListener): () => void {
  handlerCountListeners.add(listener);
  return () => void handlerCountListeners.delete(listener);
}

/** One analysis per file and option set, shared by all the plugin's rules in a lint run. */
export function analysisFor(context: AnyContext, options: KitRuleOptions): { analysis: Analysis; sourceFile: TS.SourceFile; options: KitRuleOptions; compilerOptions: TS.CompilerOptions | undefined } {
  const merged = mergedOptions(context, options);
  const handlerOptions = resolved(merged);
  const program = context.sourceCode.ast;
  let view = viewCache.get(program);
  if (!view) {
    view = fileView(context, program);
    viewCache.set(program, view);
  }
  let byOptions = analysisCache.get(program);
  if (!byOptions) {
    byOptions = new Map();
    analysisCache.set(program, byOptions);
  }
  const cacheKey = `${handlerOptions.key}|${view.checker ? 'typed' : 'syntax'}`;
  let analyzed = byOptions.get(cacheKey);
  if (!analyzed) {
    analyzed = analyzeInProject(view, context.filename, handlerOptions);
    byOptions.set(cacheKey, analyzed);
  }
  const { analysis, sourceFile } = analyzed;
  for (const listener of handlerCountListeners) listener(context.filename, analysis.handlers.length);
  return { analysis, sourceFile, options: merged, compilerOptions: view.program?.getCompilerOptions() };
}

/**
 * ESLint parses a file's text with its `#!` line turned into a `//` comment (same length, so every
 * offset holds): that is still the text the project analyzed from disk.
 */
function sameLintedText(analyzed: string, linted: string): boolean {
  return analyzed === linted || (analyzed.startsWith('#!') && `//${analyzed.slice(2)}` === linted);
}

function analyzeInProject(view: FileView, fileName: string, handlerOptions: ResolvedHandlerOptions): AnalyzedFile {
  const projectView = projectViewFor(view, fileName, handlerOptions);
  // The project has already analyzed this very text (the same tree with type information, the
  // same text without): report that analysis, in the tree it was made on, rather than analyzing
  // the file a second time.
  const projectFile = projectView?.analysis.sourceFileOf(fileName);
  if (projectView && projectFile && (projectFile === view.sourceFile || sameLintedText(projectFile.text, view.sourceFile.text))) {
    const shared = projectView.analysis.analysisOf(fileName);
    if (shared) return { analysis: shared, sourceFile: projectFile };
  }
  const analysis = analyzeSourceFile(view.sourceFile, {
    handlerOptions,
    checker: view.checker,
    project: projectView?.project,
    followExternal: projectView !== undefined,
    extraHandlers: projectView?.analysis.extraHandlersOf(view.sourceFile.fileName),
    ignoredHandlers: projectView?.analysis.ignoredHandlersOf(view.sourceFile.fileName),
    confirmedHandlers: projectView?.analysis.confirmedHandlersOf(view.sourceFile.fileName),
    heldBack: projectView?.analysis.heldBackOf(view.sourceFile.fileName),
  });
  return { analysis, sourceFile: view.sourceFile };
}

export function toolLabel(finding: Finding): string {
  return finding.toolName ? `Tool "${finding.toolName}"` : 'This tool handler';
}

/** The subject of a transport-wrapper message: the wrapper, in the tool it belongs to when that is known. */
export function wrapperLabel(finding: Finding): string {
  return finding.toolName ? `The wrapper in tool "${finding.toolName}"` : 'This wrapper';
}

export interface KindReport<MessageId extends string> {
  messageId: MessageId;
  /** A message that says what this framework does with such a result, where it differs. */
  messageIdByFramework?: Partial<Record<Framework, MessageId>>;
  /**
   * The message for frameworks that handle the value their own way (src/analyze/frameworks.ts
   * words it): its `{{delivery}}` says what the framework does with the value, `{{instead}}` what
   * to return there.
   */
  frameworkMessageId?: MessageId;
  suggestionId: MessageId | null;
  /** The suggestion for a rewrite to another helper than suggestionId names (prose + JSON → successResult). */
  suggestionIdByHelper?: Partial<Record<HelperName, MessageId>>;
  /** The suggestion for a rewrite in the framework's own terms (no helper: `{{rewrite}}` is its text). */
  frameworkSuggestionId?: MessageId;
}

/** The suggestion's message: the helper's, or the framework's own rewrite spelt out. */
function suggestionOf<MessageId extends string>(report: KindReport<MessageId>, finding: Finding): { messageId: MessageId; data: Record<string, string> } | null {
  if (!report.suggestionId || !finding.rewrite) return null;
  if (finding.rewrite.helpers.length === 0 && report.frameworkSuggestionId && FRAMEWORK_BEHAVIOUR[finding.framework].helpersDoNotReach !== null) {
    const text = finding.rewrite.edit.text.replace(/\s+/g, ' ');
    return { messageId: report.frameworkSuggestionId, data: { tool: toolLabel(finding), rewrite: text.length > 80 ? `${text.slice(0, 77)}...` : text } };
  }
  const byHelper = finding.rewrite.helpers.length === 1 ? report.suggestionIdByHelper?.[finding.rewrite.helpers[0]] : undefined;
  return { messageId: byHelper ?? report.suggestionId, data: { tool: toolLabel(finding) } };
}

/** The message and data of a finding: the framework's own wording where the framework table has one. */
function messageOf<MessageId extends string>(report: KindReport<MessageId>, finding: Finding): { messageId: MessageId; data: Record<string, string> } {
  const wording = report.frameworkMessageId ? frameworkWording(finding.framework, finding.kind) : undefined;
  if (wording && report.frameworkMessageId) return { messageId: report.frameworkMessageId, data: { delivery: wording.delivery, instead: wording.instead } };
  return { messageId: report.messageIdByFramework?.[finding.framework] ?? report.messageId, data: {} };
}

/**
 * The body of every rule: report the analyzer's findings of the kinds rules/rule-set.ts gives the
 * rule (`reports` must name exactly those), each with a suggestion built from the finding's own
 * rewrite. Sites under a `mcp-result-kit-ignore` comment are skipped, as `migrate` skips them;
 * ESLint applies its own eslint-disable directives.
 */
export function reportKinds<Rule extends RuleName, MessageId extends string>(
  context: Readonly<TSESLint.RuleContext<MessageId, [KitRuleOptions]>>,
  options: KitRuleOptions,
  rule: Rule,
  reports: Record<KindsOf<Rule>, KindReport<MessageId>>,
  data: (finding: Finding) => Record<string, string> = () => ({}),
): TSESLint.RuleListener {
  const byKind = reports as Partial<Record<SiteKind, KindReport<MessageId>>>;
  return {
    Program(program) {
      const { analysis, sourceFile, options: merged, compilerOptions } = analysisFor(context as unknown as AnyContext, options);
      let suppressions: ReturnType<typeof siteSuppressions> | undefined;
      for (const finding of analysis.findings) {
        const report = byKind[finding.kind];
        if (!report || RULE_OF_KIND[finding.kind] !== rule) continue;
        suppressions ??= siteSuppressions(sourceFile);
        if (suppressions.isIgnored(finding.start, finding.end)) continue;
        const fix = report.suggestionId ? suggestionFix(finding, analysis, sourceFile, merged.importSource, compilerOptions) : null;
        const start = context.sourceCode.getLocFromIndex(finding.start);
        const end = context.sourceCode.getLocFromIndex(finding.end);
        const message = messageOf(report, finding);
        const suggestion = suggestionOf(report, finding);
        context.report({
          node: program,
          loc: { start, end },
          messageId: message.messageId,
          data: { tool: toolLabel(finding), reason: finding.reviewReason ?? '', ...message.data, ...data(finding) },
          suggest: fix && suggestion ? [{ ...suggestion, fix }] : [],
        });
      }
    },
  };
}
