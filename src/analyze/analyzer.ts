import type * as TS from 'typescript';
import { ts } from '../typescript.js';
import { findHandlers, LocalDeclarations, resolveFunction, useChecker, type CheckerSource } from './handlers.js';
import { resolveHandlerOptions, type HandlerOptions, type ResolvedHandlerOptions } from './options.js';
import {
  enclosingCatch,
  errorShape,
  isInside,
  getProperty,
  getPropertyValue,
  isFunctionLike,
  isJsonStringifyCall,
  isStringSyntax,
  leadingText,
  lineAndColumn,
  looksLikeErrorText,
  mentionsIdentifier,
  propertyName,
  stringLiteralText,
  unwrap,
} from './syntax.js';
import { STRING_RESULT_KINDS, type Analysis, type Finding, type Framework, type HandlerStyle, type HelperName, type ReturnTypeChange, type Rewrite, type SiteKind, type ToolHandler } from './types.js';

export interface AnalyzeOptions {
  handlerOptions?: HandlerOptions | ResolvedHandlerOptions;
  /** With a checker, string-typed expressions and cross-file handlers are found too. A function is called on first need. */
  checker?: CheckerSource;
  /**
   * Handlers found by analyzing other files (a dispatcher in a.ts calling a function of b.ts);
   * see groupDispatchTargets. Those in this file are analyzed as handlers here.
   */
  extraHandlers?: readonly ToolHandler[];
  /**
   * Follow calls into functions of other files and report those as external handlers (the
   * codemod, which can edit every file). Off for lint, which reports in the file it is linting:
   * there a string-typed call is a site of its own.
   */
  followExternal?: boolean;
}

interface SiteContext {
  handler: ToolHandler;
  toolName: string | null;
  framework: Framework;
  style: HandlerStyle;
  hasOutputSchema: boolean;
  fn: TS.SignatureDeclaration;
}

// Callback-taking methods whose callbacks do not produce the tool result.
const NON_RESULT_CALLBACK_METHODS = new Set([
  'map', 'flatMap', 'filter', 'reduce', 'reduceRight', 'forEach', 'find', 'findIndex', 'findLast', 'some', 'every', 'sort',
  'then', 'catch', 'finally', 'replace', 'replaceAll', 'join', 'addEventListener', 'on', 'once',
]);

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
  return new FileAnalyzer(sourceFile, handlerOptions, options.checker, options.extraHandlers ?? [], options.followExternal ?? false).run();
}

/**
 * A cheap text test that rules a file out before any walk: every built-in registration style
 * names "tool"/"Tool" somewhere. Files configured to hold handlers by name or shape always pass.
 */
function mayContainHandlers(text: string, options: ResolvedHandlerOptions): boolean {
  if (options.handlerPatterns.length > 0 || options.handlerProperties.size > 0 || options.handlerClasses) return true;
  if (text.includes('tool') || text.includes('Tool')) return true;
  for (const method of options.registrationMethods) if (text.includes(method)) return true;
  return false;
}

/**
 * The handlers that these analyses (made with `followExternal`) dispatch into other files, by the
 * file that holds them: analyze each such file again with its list as `extraHandlers`.
 */
export function groupDispatchTargets(analyses: Iterable<Analysis>): Map<string, ToolHandler[]> {
  const targets = new Map<string, ToolHandler[]>();
  for (const analysis of analyses) {
    for (const handler of analysis.external) {
      const fileName = handler.fn.getSourceFile().fileName;
      targets.set(fileName, [...(targets.get(fileName) ?? []), handler]);
    }
  }
  return targets;
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

class FileAnalyzer {
  private readonly locals: LocalDeclarations;
  private readonly findings: Finding[] = [];
  private readonly visitedFunctions = new Set<TS.Node>();
  private readonly reportedNodes = new Set<TS.Node>();
  private readonly stringCallCache = new Map<TS.Node, boolean>();
  private handlerFunctions = new Set<TS.Node>();
  private readonly external: ToolHandler[] = [];
  private readonly variableTypeChanges: ReturnTypeChange[] = [];
  /** `{ … } as const` must be replaced whole: `successResult(x) as const` does not compile. */
  private readonly rangeOverride = new Map<TS.Node, TS.Node>();
  /** Per function: did a string-like return stay as it is? Then its `string` return type must stay too. */
  private readonly unrewrittenStringReturn = new Set<TS.SignatureDeclaration>();

  constructor(
    private readonly sourceFile: TS.SourceFile,
    private readonly options: ResolvedHandlerOptions,
    private readonly checker: CheckerSource | undefined,
    private readonly extraHandlers: readonly ToolHandler[],
    private readonly followExternal: boolean,
  ) {
    this.locals = new LocalDeclarations(sourceFile);
  }

  run(): Analysis {
    const handlers = findHandlers(this.sourceFile, this.options, this.locals, this.checker);
    for (const extra of this.extraHandlers) {
      const fn = sameNodeIn(this.sourceFile, extra.fn);
      if (fn && isFunctionLike(fn) && !handlers.some((handler) => handler.fn === fn)) handlers.push({ ...extra, fn });
    }
    this.handlerFunctions = new Set(handlers.map((handler) => handler.fn));
    for (const handler of handlers) {
      this.collectSites(handler.fn, {
        handler,
        toolName: handler.toolName,
        framework: handler.framework,
        style: handler.style,
        hasOutputSchema: handler.hasOutputSchema,
        fn: handler.fn,
      });
    }
    this.findings.sort((a, b) => a.start - b.start);
    return { fileName: this.sourceFile.fileName, handlers, findings: this.findings, returnTypeChanges: this.returnTypeChanges(), external: this.external };
  }

  // ---- walking return sites -------------------------------------------------------------

  private collectSites(fn: TS.SignatureDeclaration, context: SiteContext): void {
    if (this.visitedFunctions.has(fn)) return;
    this.visitedFunctions.add(fn);
    // A declaration in another file (checker mode) is analyzed there, as a handler of this tool.
    if (fn.getSourceFile() !== this.sourceFile) {
      const sourceFile = fn.getSourceFile();
      if (!sourceFile.isDeclarationFile) {
        this.external.push({ fn, style: 'followed', framework: context.framework, toolName: context.toolName, hasOutputSchema: context.hasOutputSchema, line: lineAndColumn(sourceFile, fn.getStart(sourceFile)).line });
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
  }

  /** The tool a return belongs to in a low-level dispatcher: `case 'x':` or `if (name === 'x')`. */
  private toolNameAt(node: TS.Node, boundary: TS.Node): string | null {
    let child: TS.Node = node;
    for (let current = node.parent; current && current !== boundary; child = current, current = current.parent) {
      if (ts.isCaseClause(current)) {
        const name = stringLiteralText(current.expression);
        if (name !== null) return name;
      }
      if (ts.isIfStatement(current) && current.thenStatement === child) {
        const name = comparedToolName(current.expression);
        if (name !== null) return name;
      }
    }
    return null;
  }

  private classify(returned: TS.Expression, context: SiteContext): void {
    let expression = returned;
    while (ts.isParenthesizedExpression(expression)) expression = expression.expression;
    if (ts.isAsExpression(expression) && ts.isTypeReferenceNode(expression.type) && ts.isIdentifier(expression.type.typeName) && expression.type.typeName.text === 'const') {
      this.rangeOverride.set(unwrap(expression), expression);
    }
    // `async () => ({ … })`: the parentheses only keep the braces from reading as a block; a call needs none.
    if (returned !== expression && ts.isObjectLiteralExpression(unwrap(expression)) && !this.rangeOverride.has(unwrap(expression))) {
      this.rangeOverride.set(unwrap(expression), returned);
    }
    if (ts.isConditionalExpression(expression)) {
      this.classify(expression.whenTrue, context);
      this.classify(expression.whenFalse, context);
      return;
    }
    const inner = unwrap(expression);
    if (ts.isObjectLiteralExpression(inner)) {
      this.classifyObject(inner, context);
      return;
    }
    if (ts.isArrayLiteralExpression(inner)) {
      if (context.framework === 'sdk') {
        this.report('bare-object', inner, context, this.wrap(inner, 'jsonResult'));
      }
      return;
    }
    if (ts.isCallExpression(inner)) {
      if (this.classifyCall(inner, expression, context)) return;
    }
    if (ts.isIdentifier(inner) && this.classifyAssignedVariable(inner, context)) return;
    if (this.isString(expression)) {
      this.classifyString(expression, context);
      return;
    }
  }

  /**
   * `let result; switch (name) { case 'a': result = …; break; } return result;`: each assignment
   * is the tool's result, so each is a site. Only when the variable is assigned and returned and
   * nothing else, so that changing what it holds cannot break another use.
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
        else if (!(ts.isReturnStatement(parent) && parent.expression === node)) otherUse = true;
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
    if (declaration.type && declaration.type.kind === ts.SyntaxKind.StringKeyword && assignments.every((assignment) => this.findings.some((finding) => finding.rewrite && finding.start === assignment.right.getStart(this.sourceFile)))) {
      this.variableTypeChanges.push({ fn: context.fn, edit: this.replace(declaration.type, 'CallToolResult') });
    }
    return true;
  }

  /** Does the call pass the handler's own parameters (or what was destructured from them)? */
  private forwardsHandlerInput(call: TS.CallExpression, context: SiteContext): boolean {
    // The tool handler's parameters, or those of the function a dispatch was followed into.
    const parameters = new Set<TS.Node>([...context.handler.fn.parameters, ...context.fn.parameters]);
    const fromParameter = (expression: TS.Expression, depth: number): boolean => {
      let root: TS.Expression = unwrap(expression);
      while (ts.isPropertyAccessExpression(root) || ts.isElementAccessExpression(root) || ts.isCallExpression(root)) root = unwrap(root.expression);
      if (!ts.isIdentifier(root)) return false;
      const declaration = this.locals.declarationOf(root);
      if (!declaration) return false;
      if (ts.isParameter(declaration)) return parameters.has(declaration);
      return depth < 2 && ts.isVariableDeclaration(declaration) && declaration.initializer !== undefined && fromParameter(declaration.initializer, depth + 1);
    };
    return call.arguments.some((argument) => fromParameter(argument, 0));
  }

  /** Returns true when the call was fully handled. */
  private classifyCall(call: TS.CallExpression, site: TS.Expression, context: SiteContext): boolean {
    const calleeName = ts.isIdentifier(call.expression)
      ? call.expression.text
      : ts.isPropertyAccessExpression(call.expression)
        ? call.expression.name.text
        : null;
    if (calleeName !== null && this.options.resultHelpers.has(calleeName)) {
      if (context.hasOutputSchema && calleeName === 'successResult' && call.arguments.length < 2) {
        this.report('missing-structured-content', site, context, null, 'the tool declares an outputSchema; pass the data as successResult(display, data)');
      }
      return true;
    }
    if (isJsonStringifyCall(call)) {
      this.classifyJsonStringify(call, site, context);
      return true;
    }
    // `return withConnection(async (db) => …)`: the callback's returns are the tool's returns.
    const callbacks = call.arguments.filter((argument): argument is TS.ArrowFunction | TS.FunctionExpression => ts.isArrowFunction(argument) || ts.isFunctionExpression(argument));
    if (callbacks.length > 0 && !(calleeName !== null && ts.isPropertyAccessExpression(call.expression) && NON_RESULT_CALLBACK_METHODS.has(calleeName))) {
      for (const callback of callbacks) this.collectSites(callback, context);
      return true;
    }
    // `return handlers[name](args)` over a same-file map of tool functions.
    if (ts.isElementAccessExpression(call.expression) && ts.isIdentifier(call.expression.expression)) {
      const table = this.locals.objectFor(call.expression.expression);
      if (table) {
        for (const property of table.properties) {
          if (ts.isSpreadAssignment(property)) continue;
          const value = ts.isPropertyAssignment(property) ? property.initializer : ts.isMethodDeclaration(property) ? property : ts.isShorthandPropertyAssignment(property) ? property.name : undefined;
          const fn = value ? resolveFunction(value, this.locals, this.checker) : undefined;
          if (fn) this.collectSites(fn, { ...context, style: 'followed', toolName: propertyName(property.name) });
        }
        return true;
      }
    }
    if (ts.isIdentifier(call.expression)) {
      const callee = resolveFunction(call.expression, this.locals, this.checker);
      // Into another file only for a dispatch (`handleX(args)` forwarding the handler's input): a
      // shared utility such as `now(): Promise<string>` is wrapped where it is called instead.
      if (callee && callee.getSourceFile() !== this.sourceFile && !(this.followExternal && this.forwardsHandlerInput(call, context))) return false;
      if (callee && !this.handlerFunctions.has(callee)) {
        if (this.isStringHelper(callee)) return false; // the call site is a plain string site
        this.collectSites(callee, { ...context, style: 'followed' });
        return true;
      }
      if (callee) return true; // another handler: classified on its own
    }
    return false;
  }

  private classifyString(site: TS.Expression, context: SiteContext): void {
    const error = this.isErrorLike(site, context);
    if (!error && context.framework === 'fastmcp') {
      // FastMCP turns a returned string into a text result itself.
      this.unrewrittenStringReturn.add(context.fn);
      return;
    }
    if (error) {
      this.report('error-string', site, context, { edit: this.replace(site, `errorResult(${this.messageText(site)})`), helpers: ['errorResult'] });
    } else {
      this.report('string', site, context, this.wrap(site, 'successResult'));
    }
  }

  private classifyJsonStringify(call: TS.CallExpression, site: TS.Expression, context: SiteContext): void {
    const [value, replacer, indent] = call.arguments;
    if (!value) return;
    const payload = unwrap(value);
    if (ts.isObjectLiteralExpression(payload)) {
      const shape = errorShape(payload);
      if (shape) {
        const rewrite = this.errorPayloadRewrite(site, payload, shape.message, shape.messageProperty);
        this.report('error-json', site, context, rewrite, rewrite ? undefined : 'the error payload has no error/message/reason property to use as the message');
        return;
      }
    }
    if (this.usesCaughtError(call, context)) {
      // A JSON payload built from the caught error in a catch block is an error report.
      let rewrite: Rewrite | null;
      if (ts.isObjectLiteralExpression(payload)) {
        const name = ['error', 'message', 'reason', 'msg'].find((key) => {
          const candidate = getPropertyValue(payload, key);
          return candidate !== undefined && !ts.isMethodDeclaration(candidate);
        });
        rewrite = name ? this.errorPayloadRewrite(site, payload, getPropertyValue(payload, name) ?? null, getProperty(payload, name) ?? null) : null;
      } else {
        rewrite = { edit: this.replace(site, `errorResult(${value.getText(this.sourceFile)})`), helpers: ['errorResult'] };
      }
      this.report('error-json', site, context, rewrite, rewrite ? undefined : 'the error payload has no error/message/reason property to use as the message');
      return;
    }
    const rewrite = replacer && !isNullish(replacer) ? null : { edit: this.replace(site, `jsonResult(${value.getText(this.sourceFile)}${indentArgument(indent, this.sourceFile)})`), helpers: ['jsonResult'] as HelperName[] };
    this.report('json-stringify', site, context, rewrite, rewrite ? undefined : 'JSON.stringify uses a replacer; jsonResult cannot reproduce it');
  }

  private classifyObject(object: TS.ObjectLiteralExpression, context: SiteContext): void {
    const content = getPropertyValue(object, 'content');
    const structured = getPropertyValue(object, 'structuredContent');
    const isErrorValue = getPropertyValue(object, 'isError');
    const isErrorTrue = isErrorValue !== undefined && isErrorValue.kind === ts.SyntaxKind.TrueKeyword;
    const isErrorFalseOrAbsent = isErrorValue === undefined || isErrorValue.kind === ts.SyntaxKind.FalseKeyword;
    const otherKeys = object.properties.filter((property) => ts.isSpreadAssignment(property) || !['content', 'structuredContent', 'isError'].includes(propertyName(property.name) ?? ''));

    if (content === undefined || ts.isMethodDeclaration(content)) {
      if (structured !== undefined && !ts.isMethodDeclaration(structured)) {
        const rewrite = otherKeys.length === 0 && isErrorValue === undefined ? this.wrapText(object, 'jsonResult', structured.getText(this.sourceFile)) : null;
        this.report('structured-without-text', object, context, rewrite, rewrite ? undefined : 'the result has other fields; add a text item by hand');
        return;
      }
      // A spread may carry a whole result (`{ ...result, isError: true }`); only data-only spreads are bare.
      const resultKeys = ['isError', '_meta', 'toolResult'];
      const hasSpread = object.properties.some(ts.isSpreadAssignment);
      if (context.framework === 'fastmcp' || resultKeys.some((key) => getProperty(object, key)) || (hasSpread && object.properties.every(ts.isSpreadAssignment))) return;
      const shape = errorShape(object);
      if (shape) {
        const rewrite = this.errorPayloadRewrite(object, object, shape.message, shape.messageProperty);
        this.report('error-object', object, context, rewrite, rewrite ? undefined : 'the error object has no error/message/reason property to use as the message');
        return;
      }
      if (context.framework === 'sdk') this.report('bare-object', object, context, this.wrap(object, 'jsonResult'));
      return;
    }

    const contentArray = unwrap(content);
    if (!ts.isArrayLiteralExpression(contentArray)) {
      if (context.hasOutputSchema && structured === undefined && !isErrorTrue) {
        this.report('missing-structured-content', object, context, null, 'the tool declares an outputSchema but this result has no structuredContent');
      }
      return;
    }
    if (structured !== undefined && !ts.isMethodDeclaration(structured)) {
      if (isNotObjectValue(structured) || (this.checker && !ts.isObjectLiteralExpression(unwrap(structured)) && isNotObjectType(useChecker(this.checker).getTypeAtLocation(structured)))) {
        this.report('structured-not-object', structured, context, null, 'structuredContent must be a JSON object; wrap the value, e.g. { items: [...] }');
        return;
      }
      if (contentArray.elements.length === 0) {
        const rewrite = otherKeys.length === 0 && isErrorValue === undefined ? this.wrapText(object, 'jsonResult', structured.getText(this.sourceFile)) : null;
        this.report('structured-without-text', object, context, rewrite, rewrite ? undefined : 'the result has other fields; add a text item by hand');
        return;
      }
      const firstText = firstTextValue(contentArray);
      if (firstText && isErrorValue === undefined && this.isErrorLike(firstText, context)) {
        this.report('error-content', object, context, this.addIsError(object));
      }
      return;
    }
    const text = singleTextItem(contentArray);
    const onlyContent = otherKeys.length === 0;
    if (text) {
      const wrapped = transportWrapperValue(text);
      if (wrapped) {
        const rewrite = onlyContent && isErrorValue === undefined && wrapped.indentIsTwo
          ? this.wrapText(object, 'toCallToolResult', wrapped.value.getText(this.sourceFile))
          : null;
        this.report('transport-wrapper', object, context, rewrite, rewrite ? undefined : 'the wrapper has other fields or a non-default indent; use toCallToolResult(result) by hand');
        return;
      }
      if (isJsonStringifyCall(text)) {
        const call = unwrap(text) as TS.CallExpression;
        const [value, replacer, indent] = call.arguments;
        const payload = value ? unwrap(value) : undefined;
        const shape = payload && ts.isObjectLiteralExpression(payload) ? errorShape(payload) : null;
        if (shape && payload && ts.isObjectLiteralExpression(payload) && !isErrorTrue) {
          const rewrite = onlyContent && isErrorFalseOrAbsent ? this.errorPayloadRewrite(object, payload, shape.message, shape.messageProperty) : this.addIsError(object);
          this.report('error-content', object, context, rewrite);
          return;
        }
        if (isErrorTrue || !value) return;
        const rewrite = onlyContent && isErrorFalseOrAbsent && !(replacer && !isNullish(replacer))
          ? this.wrapText(object, 'jsonResult', `${value.getText(this.sourceFile)}${indentArgument(indent, this.sourceFile)}`)
          : null;
        this.report('json-text-content', object, context, rewrite, rewrite ? undefined : 'the result has other fields or a replacer; add structuredContent by hand');
        return;
      }
      if (isErrorValue === undefined && this.isErrorLike(text, context)) {
        const rewrite = onlyContent ? { edit: this.replace(object, `errorResult(${this.messageText(text)})`), helpers: ['errorResult'] as HelperName[] } : this.addIsError(object);
        this.report('error-content', object, context, rewrite);
        return;
      }
      if (context.hasOutputSchema && !isErrorTrue) {
        this.report('missing-structured-content', object, context, null, 'the tool declares an outputSchema but this result has no structuredContent');
        return;
      }
      if (onlyContent && isErrorFalseOrAbsent) {
        this.report('hand-built-result', object, context, this.wrapText(object, 'successResult', text.getText(this.sourceFile)));
        return;
      }
      if (onlyContent && isErrorTrue) {
        const lead = leadingText(text);
        if (lead !== null && lead.startsWith('Error: ')) {
          this.report('hand-built-result', object, context, { edit: this.replace(object, `errorResult(${this.messageText(text)})`), helpers: ['errorResult'] });
        }
      }
      return;
    }
    // Several items, images or annotations: keep the literal; only a missing isError is added.
    const firstText = firstTextValue(contentArray);
    if (firstText && isErrorValue === undefined && this.isErrorLike(firstText, context)) {
      this.report('error-content', object, context, this.addIsError(object));
      return;
    }
    if (!isErrorTrue && textValues(contentArray).some((value) => isJsonStringifyCall(value))) {
      this.report('json-text-content', object, context, null, 'JSON.stringify in one of several content items; move the data to structuredContent by hand');
      return;
    }
    if (context.hasOutputSchema && !isErrorTrue) {
      this.report('missing-structured-content', object, context, null, 'the tool declares an outputSchema but this result has no structuredContent');
    }
  }

  // ---- predicates -------------------------------------------------------------------------

  private isErrorLike(expression: TS.Expression, context: SiteContext, depth = 0): boolean {
    const lead = leadingText(expression);
    if (lead !== null && looksLikeErrorText(lead)) return true;
    if (this.usesCaughtError(expression, context)) return true;
    // `const message = \`Failed: ${e}\`; return message;` is the same error, one step removed.
    const inner = unwrap(expression);
    if (depth < 2 && ts.isIdentifier(inner)) {
      const declaration = this.locals.variableFor(inner);
      if (declaration?.initializer && isInside(declaration, context.fn)) return this.isErrorLike(declaration.initializer, context, depth + 1);
    }
    return false;
  }

  /** Inside `catch (e)` and built from `e`. */
  private usesCaughtError(expression: TS.Expression, context: SiteContext): boolean {
    const catchClause = enclosingCatch(expression, context.fn);
    const variable = catchClause?.variableDeclaration?.name;
    return variable !== undefined && ts.isIdentifier(variable) && mentionsIdentifier(expression, variable.text);
  }

  private isString(expression: TS.Expression): boolean {
    if (isStringSyntax(expression, (id) => this.isStringIdentifier(id), (call) => this.isStringCall(call))) return true;
    if (!this.checker) return false;
    const type = useChecker(this.checker).getTypeAtLocation(expression);
    return isStringType(type);
  }

  private isStringIdentifier(identifier: TS.Identifier, depth = 0): boolean {
    if (depth > 4) return false;
    // Syntax first: a local `let report = '…'` or `: string` needs no checker.
    const declaration = this.locals.variableFor(identifier);
    if (declaration?.type?.kind === ts.SyntaxKind.StringKeyword) return true;
    if (declaration?.initializer && isStringSyntax(declaration.initializer, (id) => id.text !== identifier.text && this.isStringIdentifier(id, depth + 1), (call) => this.isStringCall(call))) return true;
    if (this.checker) return isStringType(useChecker(this.checker).getTypeAtLocation(identifier));
    return false;
  }

  /** A same-file function that returns strings only: `formatVolume(v)`, `asText(x)`. */
  private isStringCall(call: TS.CallExpression): boolean {
    if (!ts.isIdentifier(call.expression)) return false;
    const callee = this.locals.functionFor(call.expression);
    return callee !== undefined && this.returnsOnlyStrings(callee);
  }

  private returnsOnlyStrings(fn: TS.SignatureDeclaration): boolean {
    const cached = this.stringCallCache.get(fn);
    if (cached !== undefined) return cached;
    this.stringCallCache.set(fn, false); // recursion guard
    let result: boolean;
    if (fn.type) {
      result = fn.type.kind === ts.SyntaxKind.StringKeyword || isPromiseOfString(fn.type);
    } else {
      const returns = returnExpressions(fn);
      result = returns.length > 0 && returns.every((expression) => isStringSyntax(expression, (id) => this.isStringIdentifier(id), (call) => this.isStringCall(call)));
    }
    this.stringCallCache.set(fn, result);
    return result;
  }

  /** A formatting helper (sync, strings only, no error paths): wrap its call, do not rewrite inside it. */
  private isStringHelper(fn: TS.SignatureDeclaration): boolean {
    const isAsync = ts.canHaveModifiers(fn) && (ts.getModifiers(fn) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword);
    if (isAsync || !this.returnsOnlyStrings(fn)) return false;
    let hasTry = false;
    const body = (fn as TS.FunctionLikeDeclaration).body;
    const visit = (node: TS.Node): void => {
      if (hasTry || isFunctionLike(node)) return;
      if (ts.isTryStatement(node)) hasTry = true;
      else ts.forEachChild(node, visit);
    };
    if (body) ts.forEachChild(body, visit);
    if (hasTry) return false;
    return !returnExpressions(fn).some((expression) => {
      const lead = leadingText(expression);
      return lead !== null && looksLikeErrorText(lead);
    });
  }

  // ---- rewrites ---------------------------------------------------------------------------

  private replace(node: TS.Node, text: string): { start: number; end: number; text: string } {
    const target = this.rangeOverride.get(node) ?? node;
    return { start: target.getStart(this.sourceFile), end: target.getEnd(), text };
  }

  private wrap(node: TS.Node, helper: HelperName): Rewrite {
    return this.wrapText(node, helper, node.getText(this.sourceFile));
  }

  private wrapText(node: TS.Node, helper: HelperName, argumentsText: string): Rewrite {
    return { edit: this.replace(node, `${helper}(${argumentsText})`), helpers: [helper] };
  }

  /** The message argument for errorResult: the same text minus a leading "Error:" (errorResult adds it back). */
  private messageText(expression: TS.Expression): string {
    let node = expression;
    while (ts.isParenthesizedExpression(node)) node = node.expression;
    const raw = node.getText(this.sourceFile);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      return stripErrorPrefix(raw) ?? raw;
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      // The leftmost operand of a concatenation chain holds the prefix: ((('Error: x' + a) + b) + c).
      let leftmost: TS.Expression = node;
      while (ts.isBinaryExpression(leftmost) && leftmost.operatorToken.kind === ts.SyntaxKind.PlusToken) leftmost = leftmost.left;
      if (!ts.isStringLiteral(leftmost) && !ts.isNoSubstitutionTemplateLiteral(leftmost) && !ts.isTemplateExpression(leftmost)) return raw;
      const offset = leftmost.getStart(this.sourceFile) - node.getStart(this.sourceFile);
      const literalRaw = leftmost.getText(this.sourceFile);
      const stripped = stripErrorPrefix(literalRaw);
      if (stripped === null) return raw;
      const parent = leftmost.parent;
      // 'Error: ' + message  →  message, when nothing else follows the literal.
      if (stripped.length === 2 && parent === node && ts.isBinaryExpression(node)) return node.right.getText(this.sourceFile);
      // 'Error: ' + 'disk ' + rest  →  'disk ' + rest: dropping '' + is safe when a string follows.
      if (stripped.length === 2 && ts.isBinaryExpression(parent) && isStringSyntax(parent.right, () => false, () => false)) {
        const rightOffset = parent.right.getStart(this.sourceFile) - node.getStart(this.sourceFile);
        return raw.slice(0, offset) + raw.slice(rightOffset);
      }
      return raw.slice(0, offset) + stripped + raw.slice(offset + literalRaw.length);
    }
    return raw;
  }

  private errorPayloadRewrite(site: TS.Node, payload: TS.ObjectLiteralExpression, message: TS.Expression | TS.MethodDeclaration | null, messageProperty: TS.ObjectLiteralElementLike | null): Rewrite | null {
    if (!message || ts.isMethodDeclaration(message)) return null;
    const rest = payload.properties.filter((property) => property !== messageProperty).map((property) => property.getText(this.sourceFile));
    const messageArgument = message.getText(this.sourceFile);
    const extra = rest.length > 0 ? `, { ${rest.join(', ')} }` : '';
    return { edit: this.replace(site, `errorResult(${messageArgument}${extra})`), helpers: ['errorResult'] };
  }

  /** Adds `isError: true` as the literal's last property, in the literal's own layout. */
  private addIsError(object: TS.ObjectLiteralExpression): Rewrite {
    const properties = object.properties;
    const last = properties[properties.length - 1];
    const text = this.sourceFile.text;
    if (!last) return { edit: { start: object.getEnd() - 1, end: object.getEnd() - 1, text: ' isError: true ' }, helpers: [] };
    const multiline = text.slice(object.getStart(this.sourceFile), object.getEnd()).includes('\n');
    const lineStart = text.lastIndexOf('\n', last.getStart(this.sourceFile)) + 1;
    const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    if (properties.hasTrailingComma) {
      const comma = text.indexOf(',', last.getEnd());
      const addition = multiline ? `${newline}${indent}isError: true,` : ' isError: true,';
      return { edit: { start: comma + 1, end: comma + 1, text: addition }, helpers: [] };
    }
    const addition = multiline ? `,${newline}${indent}isError: true` : ', isError: true';
    return { edit: { start: last.getEnd(), end: last.getEnd(), text: addition }, helpers: [] };
  }

  private report(kind: SiteKind, node: TS.Node, context: SiteContext, rewrite: Rewrite | null, reviewReason?: string): void {
    if (this.reportedNodes.has(node)) return;
    this.reportedNodes.add(node);
    const start = node.getStart(this.sourceFile);
    const { line, column } = lineAndColumn(this.sourceFile, start);
    if (!rewrite && STRING_RESULT_KINDS.has(kind)) {
      this.unrewrittenStringReturn.add(context.fn);
    }
    this.findings.push({
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
    });
  }

  /** `string` / `Promise<string>` annotations of functions whose string returns were all rewritten. */
  private returnTypeChanges(): ReturnTypeChange[] {
    const changes: ReturnTypeChange[] = [...this.variableTypeChanges];
    const rewrittenIn = new Set<TS.SignatureDeclaration>();
    for (const finding of this.findings) {
      if (finding.rewrite && STRING_RESULT_KINDS.has(finding.kind)) rewrittenIn.add(finding.returningFunction);
    }
    for (const fn of rewrittenIn) {
      if (this.unrewrittenStringReturn.has(fn) || !fn.type) continue;
      // Any string return left unreported (e.g. not classifiable) keeps the string type honest.
      const covered = (expression: TS.Expression): boolean => {
        let node = expression;
        while (ts.isParenthesizedExpression(node)) node = node.expression;
        if (ts.isConditionalExpression(node)) return covered(node.whenTrue) && covered(node.whenFalse);
        const inner = unwrap(node);
        if (ts.isCallExpression(inner)) {
          const name = ts.isIdentifier(inner.expression) ? inner.expression.text : null;
          if (name !== null && this.options.resultHelpers.has(name)) return true;
        }
        return this.findings.some((finding) => finding.rewrite && finding.start <= node.getStart(this.sourceFile) && finding.end >= node.getEnd());
      };
      const leftover = returnExpressions(fn).some((expression) => !covered(expression));
      if (leftover) continue;
      if (fn.type.kind === ts.SyntaxKind.StringKeyword) {
        changes.push({ fn, edit: this.replace(fn.type, 'CallToolResult') });
      } else if (isPromiseOfString(fn.type) && ts.isTypeReferenceNode(fn.type) && fn.type.typeArguments) {
        const argument = fn.type.typeArguments[0];
        changes.push({ fn, edit: this.replace(argument, 'CallToolResult') });
      }
    }
    return changes;
  }
}

// ---- small pure helpers ------------------------------------------------------------------

/** `'Error: x'` → `'x'`, `` `Error:${y}` `` → `` `${y}` ``; null when there is no prefix to drop. */
function stripErrorPrefix(raw: string): string | null {
  const match = /^Error:[ \t]*/.exec(raw.slice(1));
  if (!match) return null;
  return raw[0] + raw.slice(1 + match[0].length);
}

function comparedToolName(condition: TS.Expression): string | null {
  const inner = unwrap(condition);
  if (ts.isBinaryExpression(inner)) {
    const operator = inner.operatorToken.kind;
    if (operator === ts.SyntaxKind.EqualsEqualsEqualsToken || operator === ts.SyntaxKind.EqualsEqualsToken) {
      return stringLiteralText(inner.right) ?? stringLiteralText(inner.left);
    }
  }
  return null;
}

function isNullish(node: TS.Expression): boolean {
  return node.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(node) && node.text === 'undefined');
}

/** The jsonResult options that reproduce JSON.stringify's indent argument (2 is the default). */
function indentArgument(indent: TS.Expression | undefined, sourceFile: TS.SourceFile): string {
  if (!indent || isNullish(indent)) return ', { indent: 0 }';
  if (ts.isNumericLiteral(indent) && indent.text === '2') return '';
  return `, { indent: ${indent.getText(sourceFile)} }`;
}

function isNotObjectValue(node: TS.Expression): boolean {
  const inner = unwrap(node);
  return (
    ts.isArrayLiteralExpression(inner) ||
    ts.isStringLiteral(inner) ||
    ts.isNoSubstitutionTemplateLiteral(inner) ||
    ts.isTemplateExpression(inner) ||
    ts.isNumericLiteral(inner) ||
    inner.kind === ts.SyntaxKind.TrueKeyword ||
    inner.kind === ts.SyntaxKind.FalseKeyword ||
    isJsonStringifyCall(inner)
  );
}

function isTextItem(element: TS.Expression): TS.ObjectLiteralExpression | null {
  const item = unwrap(element);
  if (!ts.isObjectLiteralExpression(item)) return null;
  const type = getPropertyValue(item, 'type');
  if (!type || ts.isMethodDeclaration(type) || stringLiteralText(unwrap(type)) !== 'text') return null;
  return item;
}

/** The `text` of `[{ type: 'text', text }]` with nothing else in the item or the array. */
function singleTextItem(content: TS.ArrayLiteralExpression): TS.Expression | null {
  if (content.elements.length !== 1) return null;
  const item = isTextItem(content.elements[0]);
  if (!item || item.properties.length !== 2) return null;
  const text = getPropertyValue(item, 'text');
  return text && !ts.isMethodDeclaration(text) ? text : null;
}

function textValues(content: TS.ArrayLiteralExpression): TS.Expression[] {
  return content.elements.flatMap((element) => {
    const item = isTextItem(element);
    const text = item ? getPropertyValue(item, 'text') : undefined;
    return text && !ts.isMethodDeclaration(text) ? [text] : [];
  });
}

function isNotObjectType(type: TS.Type): boolean {
  if (type.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.BigIntLike)) return true;
  const symbol = type.getSymbol();
  return symbol !== undefined && (symbol.name === 'Array' || symbol.name === 'ReadonlyArray');
}

function firstTextValue(content: TS.ArrayLiteralExpression): TS.Expression | null {
  for (const element of content.elements) {
    const item = isTextItem(element);
    const text = item ? getPropertyValue(item, 'text') : undefined;
    if (text && !ts.isMethodDeclaration(text)) return text;
  }
  return null;
}

/** `typeof r === 'string' ? r : JSON.stringify(r, null, 2)` (either orientation). */
function transportWrapperValue(text: TS.Expression): { value: TS.Expression; indentIsTwo: boolean } | null {
  const conditional = unwrap(text);
  if (!ts.isConditionalExpression(conditional)) return null;
  const test = unwrap(conditional.condition);
  if (!ts.isBinaryExpression(test)) return null;
  const operator = test.operatorToken.kind;
  const equal = operator === ts.SyntaxKind.EqualsEqualsEqualsToken || operator === ts.SyntaxKind.EqualsEqualsToken;
  const notEqual = operator === ts.SyntaxKind.ExclamationEqualsEqualsToken || operator === ts.SyntaxKind.ExclamationEqualsToken;
  if (!equal && !notEqual) return null;
  const typeofSide = ts.isTypeOfExpression(test.left) ? test.left : ts.isTypeOfExpression(test.right) ? test.right : null;
  const literalSide = typeofSide === test.left ? test.right : test.left;
  if (!typeofSide || stringLiteralText(literalSide) !== 'string') return null;
  const subject = unwrap(typeofSide.expression).getText();
  const stringBranch = equal ? conditional.whenTrue : conditional.whenFalse;
  const otherBranch = equal ? conditional.whenFalse : conditional.whenTrue;
  if (unwrap(stringBranch).getText() !== subject || !isJsonStringifyCall(otherBranch)) return null;
  const call = unwrap(otherBranch) as TS.CallExpression;
  if (!call.arguments[0] || unwrap(call.arguments[0]).getText() !== subject) return null;
  const indent = call.arguments[2];
  return { value: unwrap(typeofSide.expression), indentIsTwo: indent !== undefined && ts.isNumericLiteral(indent) && indent.text === '2' && (!call.arguments[1] || isNullish(call.arguments[1])) };
}

function returnExpressions(fn: TS.SignatureDeclaration): TS.Expression[] {
  const body = (fn as TS.FunctionLikeDeclaration).body;
  if (!body) return [];
  if (!ts.isBlock(body)) return [body];
  const found: TS.Expression[] = [];
  const visit = (node: TS.Node): void => {
    if (isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) found.push(node.expression);
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

function isPromiseOfString(type: TS.TypeNode): boolean {
  return (
    ts.isTypeReferenceNode(type) &&
    ts.isIdentifier(type.typeName) &&
    type.typeName.text === 'Promise' &&
    type.typeArguments?.length === 1 &&
    type.typeArguments[0].kind === ts.SyntaxKind.StringKeyword
  );
}

function isStringType(type: TS.Type): boolean {
  if (type.flags & ts.TypeFlags.StringLike) return true;
  if (type.isUnion()) return type.types.length > 0 && type.types.every((member) => (member.flags & ts.TypeFlags.StringLike) !== 0);
  return false;
}
