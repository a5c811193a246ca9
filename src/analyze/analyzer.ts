import path from 'node:path';
import type * as TS from 'typescript';
import { ts } from '../typescript.js';
import { LocalDeclarations, type CheckerSource } from './declarations.js';
import { byStrength, findHandlers } from './discovery/index.js';
import { constantText } from './discovery/resolve.js';
import { ValueFlow } from './flow/origins.js';
import { mcpFrameworkRewrite } from './framework-rewrites.js';
import { FRAMEWORK_BEHAVIOUR, frameworkBehaviourIn } from './frameworks.js';
import type { SourceProject } from './flow/project.js';
import { resolveHandlerOptions, type HandlerOptions, type ResolvedHandlerOptions } from './options.js';
import { passThroughTypeChanges } from './pass-through-types.js';
import { returnTypeChanges } from './return-types.js';
import { isNullish, Rewriter } from './rewrites.js';
import { handlerTargets } from './discovery/targets.js';
import { fateOf, type FateScope } from './flow/fates.js';
import { builderShape, classifyBuilderCall } from './sites/builders.js';
import { classifyCall, followDispatch } from './sites/calls.js';
import { classifyContentItems } from './sites/content-items.js';
import { classifyObject } from './sites/objects.js';
import { Predicates, returnExpressions } from './sites/predicates.js';
import type { SiteContext, SiteScope } from './sites/scope.js';
import { classifyString } from './sites/strings.js';
import { enclosingFunction, getPropertyValue, isConstDeclaration, isFunctionLike, isInside, lineAndColumn, resultGuardedBranch, unwrap, withoutParentheses } from './syntax.js';
import { declaredShapeOfCall } from './sites/declared.js';
import { STRING_RESULT_KINDS, type Analysis, type Finding, type ReturnTypeChange, type Rewrite, type SiteKind, type ToolHandler } from './types.js';

export interface AnalyzeOptions {
  handlerOptions?: HandlerOptions | ResolvedHandlerOptions;
  /** With a checker, string-typed expressions and cross-file handlers are found too. A function is called on first need. */
  checker?: CheckerSource;
  /**
   * Handlers found by analyzing other files (a dispatcher in a.ts calling a function of b.ts);
   * see ProjectAnalysis. Those in this file are analyzed as handlers here.
   */
  extraHandlers?: readonly ToolHandler[];
  /**
   * Follow calls into functions of other files and report those as external handlers (the
   * codemod, which can edit every file). Off for lint, which reports in the file it is linting:
   * there a string-typed call is a site of its own.
   */
  followExternal?: boolean;
  /** The project's other files, read without type information: imports are followed into them. */
  project?: SourceProject;
  /**
   * Functions found by shape whose value the server's own code takes apart before anything
   * reaches the SDK (see ProjectAnalysis): not handlers, whatever they look like.
   */
  ignoredHandlers?: readonly ToolHandler[];
  /** Registry entries the project showed to be tools, with the framework their value reaches (see ProjectAnalysis). */
  confirmedHandlers?: readonly ToolHandler[];
  /**
   * Functions whose returns must keep their shape (`functionKey` → why): the project's own code
   * also reads their value as data, or a transport that cannot be rewritten serialises it. A result
   * there would break that caller, so their sites are for review. Keyed by the returning function
   * or by the handler it belongs to.
   */
  heldBack?: ReadonlyMap<string, string>;
}

const NOTHING_HELD_BACK: ReadonlyMap<string, string> = new Map();

// Only resolved options carry a cache key; raw HandlerOptions never have one.
function isResolved(options: HandlerOptions | ResolvedHandlerOptions | undefined): options is ResolvedHandlerOptions {
  return options !== undefined && 'key' in options;
}

/** Analyzes one file: finds its tool handlers and classifies every return site. */
export function analyzeSourceFile(sourceFile: TS.SourceFile, options: AnalyzeOptions = {}): Analysis {
  const handlerOptions = isResolved(options.handlerOptions) ? options.handlerOptions : resolveHandlerOptions(options.handlerOptions);
  if (!mayContainHandlers(sourceFile.text, handlerOptions) && !options.extraHandlers?.length) {
    return { fileName: sourceFile.fileName, handlers: [], findings: [], returnTypeChanges: [], external: [] };
  }
  return new FileAnalyzer(sourceFile, handlerOptions, options.checker, options.extraHandlers ?? [], options.followExternal ?? false, options.project, options.ignoredHandlers ?? [], options.confirmedHandlers ?? [], options.heldBack ?? NOTHING_HELD_BACK).run();
}

// A registry entry's tell-tale: `handler:` / `execute:` / `run:` / `callback:` in an object.
const REGISTRY_ENTRY = /\b(?:handler|execute|run|callback)\s*:/;

// A file-routed tool's tell-tale (xmcp): it exports its `metadata` or `schema`.
const FILE_ROUTED_EXPORTS = /\bexport\s+const\s+(?:metadata|schema)\b/;

// A result literal's tell-tale: `content: [` (any spacing).
const RESULT_LITERAL = /\bcontent\s*:\s*\[/;

/**
 * A cheap text test that rules a file out before any walk: every built-in registration style
 * names "tool"/"Tool" somewhere, and a function building results writes `content: [`. Files
 * configured to hold handlers by name or shape always pass.
 */
function mayContainHandlers(text: string, options: ResolvedHandlerOptions): boolean {
  if (options.handlerPatterns.length > 0 || options.handlerProperties.size > 0 || options.handlerClasses) return true;
  if (text.includes('tool') || text.includes('Tool') || RESULT_LITERAL.test(text)) return true;
  // Frameworks that find tools by shape (AgentKit actions, xmcp files), and registry entries.
  if (text.includes('CreateAction') || text.includes('xmcp') || REGISTRY_ENTRY.test(text)) return true;
  // A file-routed tool that names neither (`export const metadata = …; export default async function …`).
  if (FILE_ROUTED_EXPORTS.test(text) && text.includes('export default')) return true;
  for (const method of options.registrationMethods) if (text.includes(method)) return true;
  return false;
}

export function functionKey(fn: TS.Node): string {
  return `${path.resolve(fn.getSourceFile().fileName)}:${fn.pos}:${fn.end}`;
}

/** The node of this tree at the same place as `node` (which may come from another parse of the same text). */
function sameNodeIn(sourceFile: TS.SourceFile, node: TS.Node): TS.Node | undefined {
  if (node.getSourceFile() === sourceFile) return node;
  let found: TS.Node | undefined;
  const visit = (child: TS.Node): void => {
    if (found || child.pos > node.pos || child.end < node.end) return;
    if (child.pos === node.pos && child.end === node.end && child.kind === node.kind) {
      found = child;
      return;
    }
    ts.forEachChild(child, visit);
  };
  visit(sourceFile);
  return found;
}

/**
 * One file's analysis: discovery (src/analyze/discovery/) finds the handlers; this walker visits
 * every return of every handler and hands each returned expression to the site family that knows
 * its shape (src/analyze/sites/); rewrites.ts builds the edits.
 */
class FileAnalyzer implements SiteScope {
  readonly locals: LocalDeclarations;
  readonly rewriter: Rewriter;
  readonly predicates: Predicates;
  readonly flow: ValueFlow;
  private readonly findings: Finding[] = [];
  private readonly findingsByStart = new Map<number, Finding>();
  private readonly visitedFunctions = new Set<TS.Node>();
  private readonly reachedAs = new Map<TS.Node, string | null>();
  private readonly sharedFunctions = new Set<TS.Node>();
  private readonly reportedNodes = new Set<TS.Node>();
  private handlerFunctions = new Map<TS.Node, ToolHandler>();
  private readonly external: ToolHandler[] = [];
  private readonly variableTypeChanges: ReturnTypeChange[] = [];
  /** Per function: did a string-like return stay as it is? Then its `string` return type must stay too. */
  private readonly unrewrittenStringReturn = new Set<TS.SignatureDeclaration>();

  constructor(
    readonly sourceFile: TS.SourceFile,
    readonly options: ResolvedHandlerOptions,
    readonly checker: CheckerSource | undefined,
    private readonly extraHandlers: readonly ToolHandler[],
    readonly followExternal: boolean,
    readonly project: SourceProject | undefined,
    private readonly ignoredHandlers: readonly ToolHandler[],
    private readonly confirmedHandlers: readonly ToolHandler[],
    private readonly heldBack: ReadonlyMap<string, string>,
  ) {
    this.locals = new LocalDeclarations(sourceFile);
    this.rewriter = new Rewriter(sourceFile);
    this.flow = new ValueFlow(this);
    this.predicates = new Predicates(this.locals, checker, this.flow, options.errorPatterns);
  }

  run(): Analysis {
    // The project's verdicts name functions by file and place: another parse of the same file
    // (ESLint's), or a function of another file a registry entry here refers to, match alike.
    const ignored = new Set(this.ignoredHandlers.map((handler) => functionKey(handler.fn)));
    const confirmed = new Map(this.confirmedHandlers.map((handler) => [functionKey(handler.fn), handler]));
    const candidates: ToolHandler[] = [];
    const handlers = findHandlers(this.sourceFile, this.options, this.locals, this.checker, this.project).filter((handler) => {
      if (ignored.has(functionKey(handler.fn))) return false;
      if (handler.style !== 'registry') return true;
      const verdict = confirmed.get(functionKey(handler.fn));
      if (verdict === undefined) {
        candidates.push(handler);
        return false;
      }
      handler.framework = verdict.framework;
      if (verdict.transportRewritten) handler.transportRewritten = true;
      if (verdict.dataTextKept) handler.dataTextKept = true;
      return true;
    });
    for (const extra of this.extraHandlers) {
      const fn = sameNodeIn(this.sourceFile, extra.fn);
      const existing = fn ? handlers.find((handler) => handler.fn === fn) : undefined;
      if (existing) {
        // Reached from a registration elsewhere: that registration names the tool.
        existing.toolName ??= extra.toolName;
        // A function found by its shape here and reached from a catch elsewhere builds that failure's result.
        if (extra.reportsFailure && existing.style === 'result-shape') existing.reportsFailure = true;
      } else if (fn && isFunctionLike(fn)) {
        handlers.push({ ...extra, fn });
      }
    }
    this.handlerFunctions = new Map(handlers.map((handler) => [handler.fn, handler]));
    for (const handler of byStrength(handlers)) {
      this.collectSites(handler.fn, { handler, toolName: handler.toolName, framework: handler.framework, style: handler.style, hasOutputSchema: handler.hasOutputSchema, fn: handler.fn, ...(handler.reportsFailure ? { reportsFailure: true } : {}) });
    }
    for (const finding of this.findings) if (this.sharedFunctions.has(finding.returningFunction)) finding.toolName = null;
    this.findings.sort((a, b) => a.start - b.start);
    const direct = [...this.variableTypeChanges, ...returnTypeChanges(this.findings, this.unrewrittenStringReturn, this.options, this.rewriter, this.sourceFile)];
    const changes = [...direct, ...passThroughTypeChanges(direct, this.sourceFile, this.rewriter)];
    return { fileName: this.sourceFile.fileName, handlers, findings: this.findings, returnTypeChanges: changes, external: this.external, candidates };
  }

  private declaredNames: Set<string> | undefined;

  /** Names the file itself declares at the top level (functions, classes, variables): helpers' names must not be among them. */
  private ownDeclarations(): Set<string> {
    if (!this.declaredNames) {
      this.declaredNames = new Set();
      for (const statement of this.sourceFile.statements) {
        if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) this.declaredNames.add(statement.name.text);
        if (ts.isVariableStatement(statement)) {
          for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) this.declaredNames.add(declaration.name.text);
        }
      }
    }
    return this.declaredNames;
  }

  handlerOf(fn: TS.Node): ToolHandler | undefined {
    return this.handlerFunctions.get(fn);
  }

  keepsStringReturn(fn: TS.SignatureDeclaration): void {
    this.unrewrittenStringReturn.add(fn);
  }

  // ---- walking return sites -------------------------------------------------------------

  collectSites(fn: TS.SignatureDeclaration, context: SiteContext): void {
    if (this.visitedFunctions.has(fn)) {
      // Reached again for another tool: a shared builder or wrapper, named after none of them.
      const first = this.reachedAs.get(fn);
      if (first !== undefined && first !== null && context.toolName !== null && first !== context.toolName) this.sharedFunctions.add(fn);
      return;
    }
    this.visitedFunctions.add(fn);
    this.reachedAs.set(fn, context.toolName);
    // A declaration in another file (checker mode) is analyzed there, as a handler of this tool.
    if (fn.getSourceFile() !== this.sourceFile) {
      const sourceFile = fn.getSourceFile();
      if (!sourceFile.isDeclarationFile) {
        this.external.push({
          fn,
          style: 'followed',
          framework: context.framework,
          toolName: context.toolName,
          hasOutputSchema: context.hasOutputSchema,
          line: lineAndColumn(sourceFile, fn.getStart(sourceFile)).line,
          reachedFrom: context.handler.fn,
          ...(context.handler.transportRewritten ? { transportRewritten: true as const } : {}),
          ...(context.handler.dataTextKept ? { dataTextKept: true as const } : {}),
          // Behind a wrapper that serialises the value, what the function returns is the wrapper's to turn into a result.
          ...(context.handler.serialisedBy ? { serialisedBy: context.handler.serialisedBy } : {}),
          ...(context.reportsFailure ? { reportsFailure: true as const } : {}),
        });
      }
      return;
    }
    const body = (fn as TS.FunctionLikeDeclaration).body;
    if (!body) return;
    const functionContext = { ...context, fn };
    if (!ts.isBlock(body)) {
      this.classify(body, functionContext);
      return;
    }
    const visit = (node: TS.Node): void => {
      if (isFunctionLike(node) || ts.isClassLike(node)) return;
      if (ts.isReturnStatement(node) && node.expression) {
        const toolName = functionContext.toolName ?? this.toolNameAt(node, fn);
        this.classify(node.expression, { ...functionContext, toolName });
        return;
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(body, visit);
    this.classifySettledBuilderCalls(body, functionContext);
  }

  /**
   * `return new Promise((resolve) => { … finish(ResponseBuilder.markdown('❌ timed out')) … })`:
   * a result built for a callback to hand on (`resolve`, a local `finish` that calls it) is this
   * function's value all the same. Builder calls passed to a call are followed to where their value
   * goes (src/analyze/flow/fates.ts).
   */
  private classifySettledBuilderCalls(body: TS.Block, context: SiteContext): void {
    const fateScope: FateScope = { isToolHandler: (candidate) => candidate === context.fn, callersOf: () => [], localsOf: () => this.locals };
    const visit = (node: TS.Node): void => {
      if (ts.isCallExpression(node) && node.parent && ts.isCallExpression(node.parent) && node.parent.arguments.includes(node)) {
        const callee = unwrap(node.expression);
        const builder = ts.isIdentifier(callee) || ts.isPropertyAccessExpression(callee) ? handlerTargets(callee, this) : [];
        if (builder.length === 1 && builderShape(builder[0].fn, this) && fateOf(node, fateScope) === 'result') {
          classifyBuilderCall(node, builder[0].fn, node, { ...context, toolName: context.toolName ?? this.toolNameAt(node, context.fn) }, this);
        }
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(body, visit);
  }

  /** The tool a return belongs to in a low-level dispatcher: `case 'x':` / `case TOOLS.x:` or `if (name === 'x')`. */
  private toolNameAt(node: TS.Node, boundary: TS.Node): string | null {
    let child: TS.Node = node;
    for (let current = node.parent; current && current !== boundary; child = current, current = current.parent) {
      if (ts.isCaseClause(current)) {
        const name = constantText(current.expression, this);
        if (name !== null) return name;
      }
      if (ts.isIfStatement(current) && current.thenStatement === child) {
        const name = this.comparedToolName(current.expression);
        if (name !== null) return name;
      }
    }
    return null;
  }

  private comparedToolName(condition: TS.Expression): string | null {
    const inner = unwrap(condition);
    if (ts.isBinaryExpression(inner)) {
      const operator = inner.operatorToken.kind;
      if (operator === ts.SyntaxKind.EqualsEqualsEqualsToken || operator === ts.SyntaxKind.EqualsEqualsToken) {
        return constantText(inner.right, this) ?? constantText(inner.left, this);
      }
    }
    return null;
  }

  classify(returned: TS.Expression, context: SiteContext): void {
    const expression = withoutParentheses(returned);
    if (ts.isAsExpression(expression) && ts.isTypeReferenceNode(expression.type) && ts.isIdentifier(expression.type.typeName) && expression.type.typeName.text === 'const') {
      this.rewriter.overrideRange(unwrap(expression), expression);
    }
    // `async () => ({ … })`: the parentheses only keep the braces from reading as a block; a call needs none.
    if (returned !== expression && ts.isObjectLiteralExpression(unwrap(expression))) {
      this.rewriter.overrideRange(unwrap(expression), returned);
    }
    if (ts.isConditionalExpression(expression)) {
      const passedResult = resultGuardedBranch(expression);
      if (passedResult !== expression.whenTrue) this.classify(expression.whenTrue, context);
      if (passedResult !== expression.whenFalse) this.classify(expression.whenFalse, context);
      return;
    }
    const inner = unwrap(expression);
    if (ts.isCallExpression(inner) && this.flow.callNeverReturns(inner)) return;
    if (ts.isObjectLiteralExpression(inner)) {
      classifyObject(inner, context, this);
      return;
    }
    if (ts.isArrayLiteralExpression(inner)) {
      // mcp-framework passes content items (`[{ type: 'text', text }]`) on as the result's content.
      if (FRAMEWORK_BEHAVIOUR[context.framework].encodesEveryValue && isContentItems(inner)) {
        classifyContentItems(inner, context, this);
        return;
      }
      if (FRAMEWORK_BEHAVIOUR[context.framework].plainData === 'site') this.report('bare-object', inner, context, this.rewriter.wrap(inner, 'jsonResult'));
      return;
    }
    if (ts.isCallExpression(inner) && (this.followConvertedDispatch(inner, expression, context) || classifyCall(inner, expression, context, this))) return;
    if (ts.isIdentifier(inner) && (this.classifyAssignedVariable(inner, context) || this.classifyObjectOrigins(inner, expression, context) || this.followCarriedCalls(inner, expression, context) || this.followConvertedDispatch(inner, expression, context))) return;
    if (this.predicates.isString(expression) || FRAMEWORK_BEHAVIOUR[context.framework].returnsStrings) {
      classifyString(expression, context, this);
      return;
    }
    this.classifyDeclaredData(expression, context);
  }

  /**
   * `return await client.listItems(…)` (or through a const): the project function says it returns
   * data (`Promise<ItemCollection>`, an interface without `content`), so the SDK receives data.
   */
  private classifyDeclaredData(expression: TS.Expression, context: SiteContext): void {
    if (FRAMEWORK_BEHAVIOUR[context.framework].plainData !== 'site') return;
    // mcp-framework with an outputSchemaShape sends returned data as structuredContent too, as it does a returned literal.
    if (context.hasOutputSchema && frameworkBehaviourIn(context.framework, this.sourceFile.fileName).structuresPlainData) return;
    let value = unwrap(expression);
    let awaited = ts.isAwaitExpression(withoutParentheses(expression));
    if (ts.isIdentifier(value)) {
      const declaration = this.locals.variableFor(value);
      if (!declaration?.initializer || !isConstDeclaration(declaration) || !isInside(declaration, context.fn)) return;
      awaited = ts.isAwaitExpression(withoutParentheses(declaration.initializer));
      value = unwrap(declaration.initializer);
    }
    if (!ts.isCallExpression(value)) return;
    const fn = this.flow.projectFunction(value);
    const shape = declaredShapeOfCall(value, fn, this);
    const encoded = shape === 'unknown' && FRAMEWORK_BEHAVIOUR[context.framework].encodesEveryValue && !context.hasOutputSchema && !(fn && buildsTextOrContent(fn));
    if (shape !== 'data' && !encoded) return;
    // The value as returned, `await` included: `jsonResult(await client.get(id))`, never the promise.
    const returned = withoutParentheses(expression);
    if (awaited || !(fn && returnsPromise(fn))) {
      this.report('bare-object', expression, context, this.rewriter.wrap(returned, 'jsonResult'));
      return;
    }
    // `async () => api.listBooks()`: the promise's value is the data, so it is awaited inside the helper.
    const rewrite = isAsyncFunction(context.fn) ? this.rewriter.wrapText(returned, 'jsonResult', `await ${this.rewriter.moved(returned, returned)}`) : null;
    this.report('bare-object', expression, context, rewrite, 'the handler returns the promise of the data and is not async; return jsonResult(await …) from an async handler by hand');
  }

  /**
   * `let result; switch (name) { case 'a': result = …; break; } return result;`: each assignment
   * is the tool's result, so each is a site. Only when the variable is assigned and returned, and
   * otherwise only read as a result (`result.isError`), so that changing what it holds cannot
   * break another use.
   */
  private classifyAssignedVariable(identifier: TS.Identifier, context: SiteContext): boolean {
    const body = (context.fn as TS.FunctionLikeDeclaration).body;
    if (!body || !ts.isBlock(body)) return false;
    const name = identifier.text;
    let declaration: TS.VariableDeclaration | undefined;
    const assignments: TS.BinaryExpression[] = [];
    let otherUse = false;
    const visit = (node: TS.Node): void => {
      if (otherUse) return;
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) {
        declaration = node;
        if (node.initializer) visit(node.initializer);
        return;
      }
      if (ts.isIdentifier(node) && node.text === name) {
        const parent = node.parent;
        if (ts.isBinaryExpression(parent) && parent.left === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isExpressionStatement(parent.parent)) assignments.push(parent);
        else if (!(ts.isReturnStatement(parent) && parent.expression === node) && !isResultFieldRead(node)) otherUse = true;
        return;
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(body, visit);
    const list = declaration?.parent;
    const isLet = list !== undefined && ts.isVariableDeclarationList(list) && (list.flags & ts.NodeFlags.Let) !== 0;
    const emptyStart = declaration !== undefined && (!declaration.initializer || isNullish(declaration.initializer));
    if (!declaration || !isLet || !emptyStart || otherUse || assignments.length === 0) return false;
    for (const assignment of assignments) {
      const toolName = context.toolName ?? this.toolNameAt(assignment, context.fn);
      this.classify(assignment.right, { ...context, toolName });
    }
    if (declaration.type && declaration.type.kind === ts.SyntaxKind.StringKeyword && assignments.every((assignment) => this.findingsByStart.get(assignment.right.getStart(this.sourceFile))?.rewrite)) {
      this.variableTypeChanges.push({ fn: context.fn, edit: this.rewriter.replace(declaration.type, 'CallToolResult') });
    }
    return true;
  }

  /**
   * `const response = { content: [...] }; log(response); return response;`: the value was built
   * elsewhere, so the site is where (src/analyze/flow): each object literal the variable may hold,
   * in this function or in a function of this file that built it. A result literal is rewritten
   * where it stands (the helpers keep its `content`, so other reads of the variable still work); a
   * plain data object only when the variable has no other use, else the return is wrapped.
   */
  private classifyObjectOrigins(identifier: TS.Identifier, returned: TS.Expression, context: SiteContext): boolean {
    const origins = this.flow.origins(identifier);
    if (origins.length === 0 || !origins.every((origin) => ts.isObjectLiteralExpression(origin))) return false;
    // `const result = {}; result.content = …`: built field by field; its literal is not the value returned.
    if (receivesFieldWrites(identifier, context.fn, this.locals)) return true;
    const objects = origins as TS.ObjectLiteralExpression[];
    const isResultLiteral = (object: TS.ObjectLiteralExpression) => getPropertyValue(object, 'content') !== undefined || getPropertyValue(object, 'structuredContent') !== undefined;
    const shared = objects.some((object) => !isResultLiteral(object)) && hasOtherUses(identifier, context.fn, this.locals);
    for (const object of objects) {
      if (object.getSourceFile() !== this.sourceFile) continue;
      if (shared && !isResultLiteral(object)) continue;
      const home = enclosingFunction(object);
      classifyObject(object, { ...context, fn: home && home !== context.fn && isFunctionLike(home) ? home : context.fn }, this);
    }
    if (shared && FRAMEWORK_BEHAVIOUR[context.framework].plainData === 'site') this.report('bare-object', returned, context, this.rewriter.wrap(withoutParentheses(returned), 'jsonResult'));
    return true;
  }

  /** `const result = await handler(args); … return result`: the dispatch the variable carries to the return is followed. */
  private followCarriedCalls(identifier: TS.Identifier, returned: TS.Expression, context: SiteContext): boolean {
    const origins = this.flow.origins(identifier);
    if (origins.length === 0 || !origins.every((origin) => ts.isCallExpression(origin) && origin.getSourceFile() === this.sourceFile)) return false;
    let followed = false;
    for (const call of origins as TS.CallExpression[]) if (followDispatch(call, returned, context, this)) followed = true;
    return followed;
  }

  /**
   * `const result = await tool.handler(args); return toResult(result)`, where the server's own
   * converter builds a result from strings and hands anything else back as it is: the value is
   * either the converter's result literal or the dispatched handler's own value, so the dispatch is
   * followed as if it were returned (the handlers' returns are the tool's results).
   */
  private followConvertedDispatch(value: TS.Expression, returned: TS.Expression, context: SiteContext): boolean {
    const origins = this.flow.origins(value);
    const dispatches = origins.filter((origin): origin is TS.CallExpression => ts.isCallExpression(origin) && origin !== value && origin.getSourceFile() === this.sourceFile && isInside(origin, context.fn));
    if (dispatches.length === 0 || dispatches.length === origins.length) return false;
    const isResultLiteral = (origin: TS.Expression): boolean => ts.isObjectLiteralExpression(origin) && getPropertyValue(origin, 'content') !== undefined;
    if (!origins.every((origin) => dispatches.includes(origin as TS.CallExpression) || isResultLiteral(origin))) return false;
    let followed = false;
    for (const call of dispatches) if (followDispatch(call, returned, context, this)) followed = true;
    return followed;
  }

  report(kind: SiteKind, node: TS.Node, context: SiteContext, rewrite: Rewrite | null, reviewReason?: string): void {
    const serialisedBy = context.handler.serialisedBy;
    if (serialisedBy !== undefined) {
      // Behind a wrapper that serialises the result, a string or JSON text is the wrapper's to turn
      // into a result (toCallToolResult does, once the wrapper is migrated): not a site here.
      if (kind === 'string' || kind === 'json-stringify') {
        this.unrewrittenStringReturn.add(context.fn);
        return;
      }
      if (serialisedBy === 'review' && rewrite) {
        rewrite = null;
        reviewReason = 'this handler is passed through a wrapper that serialises its result and cannot be rewritten; migrate the wrapper to toCallToolResult(result) first';
      }
    }
    // Behind a transport that keeps writing data as it did, an object is the transport's to turn into a result.
    if (context.handler.dataTextKept && kind === 'bare-object') return;
    const heldBackBecause = rewrite && this.heldBack.size > 0 && changesShape(kind) ? (this.heldBack.get(functionKey(context.fn)) ?? this.heldBack.get(functionKey(context.handler.fn))) : undefined;
    if (heldBackBecause !== undefined) {
      rewrite = null;
      reviewReason = heldBackBecause;
    }
    const helpersDoNotReach = FRAMEWORK_BEHAVIOUR[context.framework].helpersDoNotReach;
    if (context.framework === 'mcp-framework' && rewrite) {
      // The kit's helpers would arrive JSON-encoded: rewrite in mcp-framework's own terms, or say why not.
      const framework = mcpFrameworkRewrite({ kind, node, fn: context.fn, hasOutputSchema: context.hasOutputSchema, sourceFile: this.sourceFile, explicitVersion: this.options.mcpFrameworkVersion });
      if ('notASite' in framework) return;
      if ('rewrite' in framework) rewrite = framework.rewrite;
      else {
        rewrite = null;
        reviewReason = framework.reviewReason;
      }
    } else if (helpersDoNotReach !== null && rewrite && !context.handler.transportRewritten) {
      // The runtime turns whatever this returns into text (a registry's transport, mcp-framework,
      // AgentKit's MCP extension): a result object here would arrive as text, not as a result.
      rewrite = null;
      reviewReason = helpersDoNotReach;
    }
    const clash = rewrite?.helpers.find((helper) => this.ownDeclarations().has(helper));
    if (rewrite && clash) {
      // The file's own `errorResult` would be called with the kit's arguments (or clash with its import).
      rewrite = null;
      reviewReason = `the file declares its own ${clash}; rename it, then migrate this site`;
    }
    if (this.reportedNodes.has(node)) return;
    this.reportedNodes.add(node);
    const start = node.getStart(this.sourceFile);
    const { line, column } = lineAndColumn(this.sourceFile, start);
    if (!rewrite && STRING_RESULT_KINDS.has(kind)) this.unrewrittenStringReturn.add(context.fn);
    const finding: Finding = {
      kind,
      fileName: this.sourceFile.fileName,
      start,
      end: node.getEnd(),
      line,
      column,
      toolName: context.toolName,
      handlerStyle: context.style,
      framework: context.framework,
      rewrite,
      ...(rewrite ? {} : { reviewReason: reviewReason ?? 'cannot be rewritten safely' }),
      returningFunction: context.fn,
    };
    this.findings.push(finding);
    if (!this.findingsByStart.has(start)) this.findingsByStart.set(start, finding);
  }
}

function isAsyncFunction(fn: TS.SignatureDeclaration): boolean {
  return ts.canHaveModifiers(fn) && (ts.getModifiers(fn) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword);
}

/** An async function, or one declared to return a `Promise<…>`. */
function returnsPromise(fn: TS.SignatureDeclaration): boolean {
  if (isAsyncFunction(fn)) return true;
  const type = fn.type;
  return type !== undefined && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'Promise';
}

const RESULT_FIELDS = ['isError', 'content', 'structuredContent', '_meta'];


/** `x.field = …` or `x[key] = …` to the variable in `fn`. */
function receivesFieldWrites(identifier: TS.Identifier, fn: TS.SignatureDeclaration, locals: LocalDeclarations): boolean {
  const declaration = locals.declarationOf(identifier);
  const body = (fn as TS.FunctionLikeDeclaration).body;
  if (!declaration || !body) return false;
  let found = false;
  const visit = (node: TS.Node): void => {
    if (found) return;
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && (ts.isPropertyAccessExpression(node.left) || ts.isElementAccessExpression(node.left))) {
      const target = node.left.expression;
      if (ts.isIdentifier(target) && target.text === identifier.text && locals.declarationOf(target) === declaration) found = true;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

/** Is the variable read anywhere in `fn` other than being returned or read as a result (`x.isError`)? */
function hasOtherUses(identifier: TS.Identifier, fn: TS.SignatureDeclaration, locals: LocalDeclarations): boolean {
  const declaration = locals.declarationOf(identifier);
  const body = (fn as TS.FunctionLikeDeclaration).body;
  if (!declaration || !body) return true;
  let other = false;
  const visit = (node: TS.Node): void => {
    if (other) return;
    if (ts.isIdentifier(node) && node.text === identifier.text && node !== declaration.name && locals.declarationOf(node) === declaration) {
      const parent = node.parent;
      const returned = ts.isReturnStatement(parent) || (ts.isAwaitExpression(parent) && ts.isReturnStatement(parent.parent));
      if (!returned && !isResultFieldRead(node) && !isAssignmentTarget(node)) other = true;
      return;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return other;
}

/** `result.isError`, `'isError' in result`: code that already treats the variable as a result. */
function isResultFieldRead(identifier: TS.Identifier): boolean {
  const parent = identifier.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === identifier) return RESULT_FIELDS.includes(parent.name.text) && !isAssignmentTarget(parent);
  return ts.isBinaryExpression(parent) && parent.right === identifier && parent.operatorToken.kind === ts.SyntaxKind.InKeyword && ts.isStringLiteral(parent.left) && RESULT_FIELDS.includes(parent.left.text);
}

function isAssignmentTarget(node: TS.Node): boolean {
  const parent = node.parent;
  return ts.isBinaryExpression(parent) && parent.left === node && parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment;
}

/**
 * The function returns a string, content items or a result somewhere (`[{ type: 'text', text }]`,
 * `{ content }`): what it gives is not plain data the framework would encode.
 */
function buildsTextOrContent(fn: TS.SignatureDeclaration): boolean {
  return returnExpressions(fn).some((returned) => {
    const value = unwrap(returned);
    if (ts.isStringLiteralLike(value) || ts.isTemplateExpression(value) || ts.isArrayLiteralExpression(value)) return true;
    return ts.isObjectLiteralExpression(value) && getPropertyValue(value, 'content') !== undefined;
  });
}

/** `[{ type: 'text', text }, { type: 'image', … }]`: every element an item with a `type`. */
function isContentItems(array: TS.ArrayLiteralExpression): boolean {
  return array.elements.length > 0 && array.elements.every((element) => {
    const item = unwrap(element);
    return ts.isObjectLiteralExpression(item) && getPropertyValue(item, 'type') !== undefined;
  });
}

/**
 * A rewrite of this kind changes what the value is (a string or plain data becomes a result
 * object), so code that reads the value as it was would break. A result literal that gains
 * `isError` or moves its JSON to structuredContent keeps its `content` as it was.
 */
export function changesShape(kind: SiteKind): boolean {
  return STRING_RESULT_KINDS.has(kind) || kind === 'bare-object' || kind === 'error-object';
}
