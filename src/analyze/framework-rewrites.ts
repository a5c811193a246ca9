import type * as TS from 'typescript';
import { ts } from '../typescript.js';
import { MCP_FRAMEWORK_RELEASES } from './frameworks.js';
import { errorResponseHook, successResponseHook } from './mcp-framework-hooks.js';
import { atLeast, formatRelease, mcpFrameworkReleaseOf, type FrameworkRelease } from './framework-version.js';
import { getPropertyValue, prefersDoubleQuotes, withoutParentheses } from './syntax.js';
import type { Rewrite, SiteKind } from './types.js';

/**
 * Rewrites of mcp-framework sites in the framework's own terms (its `MCPTool.toolCall`, read at
 * every release: see MCP_FRAMEWORK_RELEASES), instead of the kit's helpers, which it would
 * JSON-encode:
 *
 * - text (a string, JSON text, a `{ content }` literal) → the content items themselves,
 *   `[{ type: 'text', text }]`, which every 0.2 release sends on as the result's content: the model
 *   reads the text the code builds, once, where it read it JSON-encoded;
 * - JSON text of an object literal, in a tool with an `outputSchemaShape` (0.2.20 and later) → the
 *   object itself, which the framework sends as the same compact JSON text and as structuredContent;
 * - failure text returned outside any `try` (0.2.19 and later) → `throw new Error(text)`: the
 *   framework sends the message as the text of an isError result; from 0.2.8 to 0.2.18 the same,
 *   with the tool class overriding the framework's createErrorResponse hook to send it so
 *   (mcp-framework-hooks.ts);
 * - a plain object (0.2.8 to 0.2.19) → the class's createSuccessResponse override that also sends
 *   it as structuredContent.
 *
 * Everything else is left for review with the reason and what to do.
 */

export interface FrameworkSite {
  kind: SiteKind;
  node: TS.Node;
  fn: TS.SignatureDeclaration;
  hasOutputSchema: boolean;
  sourceFile: TS.SourceFile;
  /** The `mcpFrameworkVersion` option, when set. */
  explicitVersion: string | undefined;
}

/** `notASite`: the value already reaches clients as it should (the class sends objects as structuredContent). */
export type FrameworkRewrite = { rewrite: Rewrite } | { reviewReason: string } | { notASite: true };

const ERROR_KINDS: ReadonlySet<SiteKind> = new Set(['error-string', 'error-json', 'error-object', 'error-content']);

export function mcpFrameworkRewrite(site: FrameworkSite): FrameworkRewrite {
  const release = mcpFrameworkReleaseOf(site.sourceFile.fileName, site.explicitVersion);
  const named = release ? `mcp-framework ${formatRelease(release.version)}` : 'mcp-framework';
  if (site.kind === 'bare-object') return objectRewrite(site, named, release);
  if (release && !atLeast(release.version, MCP_FRAMEWORK_RELEASES.contentItems)) {
    return { reviewReason: `${named} JSON-encodes content items too (it sends an array of them as the content from ${formatRelease(MCP_FRAMEWORK_RELEASES.contentItems)}); upgrade mcp-framework, then migrate` };
  }
  const annotation = declaredExecuteType(site.fn);
  if (annotation && !isOpenType(annotation)) {
    return { reviewReason: `execute is declared to return ${annotation.getText(annotation.getSourceFile())}, which the rewrite in mcp-framework's terms would not fit; declare Promise<unknown> (MCPTool's own type), then migrate` };
  }
  if (ERROR_KINDS.has(site.kind)) return errorRewrite(site, named, release);
  const text = textOf(site);
  if (text === null) return { reviewReason: `${named} JSON-encodes whatever execute returns, and this value is more than one text (other fields, or items the framework would drop); return its content items ([{ type: 'text', text }]) yourself` };
  if (!returnedFrom(site.node, site.fn, true)) return { reviewReason: `${named} would JSON-encode this text; the value is not returned where it is built, so return [{ type: 'text', text }] where it is` };
  const data = structuredData(site, release);
  if (data) return { rewrite: { edit: replace(site.node, data.getText(site.sourceFile), site.sourceFile), helpers: [] } };
  if (site.hasOutputSchema && release && atLeast(release.version, MCP_FRAMEWORK_RELEASES.outputSchema)) {
    // Clients reject a result without structuredContent from a tool that declares an output schema.
    return { reviewReason: `the tool declares an outputSchemaShape, so clients expect structuredContent, which ${named} adds only to a returned object; return the data object itself (its text becomes compact JSON)` };
  }
  return { rewrite: { edit: replace(site.node, contentItems(text, site.sourceFile), site.sourceFile), helpers: [] } };
}

/**
 * A plain object, sent as its JSON text only: from 0.2.8 to 0.2.19 the tool class gains the
 * createSuccessResponse override that adds it as structuredContent (mcp-framework-hooks.ts); from
 * 0.2.20 the framework's own outputSchemaShape does that, which stays the author's to declare.
 */
function objectRewrite(site: FrameworkSite, named: string, release: FrameworkRelease | null): FrameworkRewrite {
  if (!release || !atLeast(release.version, MCP_FRAMEWORK_RELEASES.errorResponseHook) || atLeast(release.version, MCP_FRAMEWORK_RELEASES.outputSchema)) return { reviewReason: structuredAdvice(named, release) };
  const hook = successResponseHook(site.fn, site.sourceFile);
  if ('present' in hook) return { notASite: true };
  if ('reviewReason' in hook) return { reviewReason: `${named} sends this value as JSON text without structuredContent: ${hook.reviewReason}` };
  return { rewrite: { edit: hook.companion, helpers: [] } };
}

/** Why a plain value stays as it is: mcp-framework already sends it as JSON text once. */
function structuredAdvice(named: string, release: FrameworkRelease | null): string {
  const since = formatRelease(MCP_FRAMEWORK_RELEASES.outputSchema);
  if (release && !atLeast(release.version, MCP_FRAMEWORK_RELEASES.outputSchema)) {
    return `${named} sends this value as JSON text (once, as it should) and cannot send structuredContent; from ${since} on, an outputSchemaShape (a zod object) on the tool adds it: upgrade mcp-framework and declare one`;
  }
  return `${named} sends this value as JSON text without structuredContent; declare an outputSchemaShape (a zod object describing it) on the tool, and mcp-framework (${since} and later) sends it as structuredContent too`;
}

function errorRewrite(site: FrameworkSite, named: string, release: FrameworkRelease | null): FrameworkRewrite {
  const since = formatRelease(MCP_FRAMEWORK_RELEASES.thrownIsError);
  const throwsAsIsError = release !== null && atLeast(release.version, MCP_FRAMEWORK_RELEASES.thrownIsError);
  if (!throwsAsIsError && (!release || !atLeast(release.version, MCP_FRAMEWORK_RELEASES.errorResponseHook))) {
    const which = release ? named : 'mcp-framework (no installed copy or package.json says which release)';
    return {
      reviewReason: `${which} sends a thrown Error as a content item of type "error", which MCP clients reject, and sets isError on nothing else; from ${since} on a thrown Error becomes an isError result with its message as the text: upgrade mcp-framework, then migrate (until then, return [{ type: 'text', text }] so the text is at least not JSON-encoded)`,
    };
  }
  const message = errorMessage(site);
  if (message === null) return { reviewReason: `${named} turns a thrown Error into an isError result, but this result holds more than one text; throw new Error(text) with the text the model should read` };
  const statement = returnStatementOf(site.node, site.fn);
  if (!statement) return { reviewReason: `${named} turns a thrown Error into an isError result; this failure is not returned where it is built (or is one branch of an expression), so throw new Error(text) there yourself` };
  const trap = catchingTry(statement, site.fn);
  if (trap) {
    const line = site.sourceFile.getLineAndCharacterOfPosition(trap.getStart(site.sourceFile)).line + 1;
    return { reviewReason: `${named} turns a thrown Error into an isError result, but a throw here would be caught by the try at line ${line} first; throw after the try, or rethrow there` };
  }
  const hook = throwsAsIsError ? null : errorResponseHook(site.fn, site.sourceFile);
  if (hook && 'reviewReason' in hook) return { reviewReason: `${named} sends a thrown Error as a content item of type "error", which MCP clients reject: ${hook.reviewReason}` };
  const expression = statement.expression!;
  return {
    rewrite: {
      edit: { start: statement.getStart(site.sourceFile), end: expression.getEnd(), text: `throw new Error(${message})` },
      helpers: [],
      ...(hook && 'companion' in hook ? { companions: [hook.companion] } : {}),
    },
  };
}

/** The text the failure's model reads, as source: the same text as mcp-framework sent before, now an Error's message. */
function errorMessage(site: FrameworkSite): string | null {
  const node = unwrapped(site.node);
  if (site.kind === 'error-object') return ts.isObjectLiteralExpression(node) ? `JSON.stringify(${node.getText(site.sourceFile)})` : null;
  if (site.kind === 'error-content') return singleText(node, site.sourceFile);
  return node.getText(site.sourceFile);
}

/** The source of the content items to return for a text site, or null when it is not one text. */
function textOf(site: FrameworkSite): string | null {
  const node = unwrapped(site.node);
  if (site.kind === 'string' || site.kind === 'json-stringify') return node.getText(site.sourceFile);
  if (!ts.isObjectLiteralExpression(node)) return null;
  return singleText(node, site.sourceFile);
}

/** `{ content: [{ type: 'text', text: T }] }` with nothing else (an `isError: false` aside) → T. */
function singleText(node: TS.Node, sourceFile: TS.SourceFile): string | null {
  if (!ts.isObjectLiteralExpression(node)) return null;
  for (const property of node.properties) {
    const name = property.name && ts.isIdentifier(property.name) ? property.name.text : property.name && ts.isStringLiteral(property.name) ? property.name.text : null;
    if (!ts.isPropertyAssignment(property) || (name !== 'content' && name !== 'isError')) return null;
    if (name === 'isError' && property.initializer.kind !== ts.SyntaxKind.FalseKeyword) return null;
  }
  const content = getPropertyValue(node, 'content');
  if (!content || ts.isMethodDeclaration(content)) return null;
  const items = unwrapped(content);
  if (!ts.isArrayLiteralExpression(items) || items.elements.length !== 1) return null;
  const item = unwrapped(items.elements[0]);
  if (!ts.isObjectLiteralExpression(item) || item.properties.length !== 2) return null;
  const type = getPropertyValue(item, 'type');
  const text = getPropertyValue(item, 'text');
  if (!type || !text || ts.isMethodDeclaration(type) || ts.isMethodDeclaration(text)) return null;
  const typeValue = unwrapped(type);
  if (!ts.isStringLiteralLike(typeValue) || typeValue.text !== 'text') return null;
  return text.getText(sourceFile);
}

/**
 * `JSON.stringify({ … })`, compact, in a tool with an outputSchemaShape on a release that sends a
 * returned object as structuredContent: the object, which the framework encodes into the very same
 * text. Only an object literal without `type` and spreads, so it cannot pass for a content item.
 */
function structuredData(site: FrameworkSite, release: FrameworkRelease | null): TS.Expression | null {
  if (site.kind !== 'json-stringify' || !site.hasOutputSchema || !release || !atLeast(release.version, MCP_FRAMEWORK_RELEASES.outputSchema)) return null;
  const call = unwrapped(site.node);
  if (!ts.isCallExpression(call) || call.arguments.length !== 1 || call.expression.getText(site.sourceFile) !== 'JSON.stringify') return null;
  const value = withoutParentheses(call.arguments[0]);
  if (!ts.isObjectLiteralExpression(value)) return null;
  const plain = value.properties.every((property) => !ts.isSpreadAssignment(property) && !(property.name && ts.isIdentifier(property.name) && property.name.text === 'type'));
  return plain ? value : null;
}

function contentItems(text: string, sourceFile: TS.SourceFile): string {
  const quote = prefersDoubleQuotes(sourceFile) ? '"' : "'";
  return `[{ type: ${quote}text${quote}, text: ${text} }]`;
}

function replace(node: TS.Node, text: string, sourceFile: TS.SourceFile): Rewrite['edit'] {
  return { start: node.getStart(sourceFile), end: node.getEnd(), text };
}

function unwrapped(node: TS.Node): TS.Node {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current)) current = current.expression;
  return current;
}

/**
 * The return type `execute` must fit: its own annotation, else that of an `execute` declared by a
 * base class in the same file (`abstract execute(input): Promise<string>`), which an override's
 * inferred type must match.
 */
function declaredExecuteType(fn: TS.SignatureDeclaration): TS.TypeNode | undefined {
  if (fn.type) return fn.type;
  let owner: TS.ClassLikeDeclaration | undefined = ts.isClassLike(fn.parent) ? fn.parent : undefined;
  for (let depth = 0; depth < 4 && owner; depth++) {
    const base = owner.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
    if (!base || !ts.isIdentifier(base)) return undefined;
    const name = base.text;
    owner = fn.getSourceFile().statements.find((statement): statement is TS.ClassDeclaration => ts.isClassDeclaration(statement) && statement.name?.text === name);
    const execute = owner?.members.find((member): member is TS.MethodDeclaration => ts.isMethodDeclaration(member) && member.name.getText() === 'execute');
    if (execute?.type) return execute.type;
  }
  return undefined;
}

/** `unknown`, `any`, `Promise<unknown>`, `Promise<any>`: MCPTool's own type, which any value fits. */
function isOpenType(type: TS.TypeNode): boolean {
  if (type.kind === ts.SyntaxKind.UnknownKeyword || type.kind === ts.SyntaxKind.AnyKeyword) return true;
  return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'Promise' && type.typeArguments?.length === 1 && isOpenType(type.typeArguments[0]);
}

/**
 * The value of `node` is what `fn` returns: the expression of one of its return statements (or its
 * concise body), through parentheses, type assertions and, unless `strict` is false, `?:` branches.
 */
function returnedFrom(node: TS.Node, fn: TS.SignatureDeclaration, throughBranches: boolean): boolean {
  let current = node;
  for (;;) {
    const parent = current.parent;
    if (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent) || (ts.isAwaitExpression(parent) && parent.expression === current)) current = parent;
    else if (throughBranches && ts.isConditionalExpression(parent) && parent.condition !== current) current = parent;
    else if (ts.isReturnStatement(parent)) return enclosingFunctionOf(parent) === fn;
    else return ts.isArrowFunction(parent) && parent === fn && parent.body === current;
  }
}

function returnStatementOf(node: TS.Node, fn: TS.SignatureDeclaration): TS.ReturnStatement | null {
  if (!returnedFrom(node, fn, false)) return null;
  let current = node.parent;
  while (!ts.isReturnStatement(current)) {
    if (ts.isArrowFunction(current)) return null;
    current = current.parent;
  }
  return current;
}

function enclosingFunctionOf(node: TS.Node): TS.Node | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isArrowFunction(current) || ts.isFunctionExpression(current) || ts.isFunctionDeclaration(current) || ts.isMethodDeclaration(current)) return current;
  }
  return undefined;
}

/** A `try` in `fn` that would catch a throw from `statement` (in its block, with a catch) or override it (a finally). */
function catchingTry(statement: TS.Statement, fn: TS.SignatureDeclaration): TS.TryStatement | null {
  let child: TS.Node = statement;
  for (let current = statement.parent; current && current !== fn; child = current, current = current.parent) {
    if (!ts.isTryStatement(current)) continue;
    if (current.finallyBlock) return current;
    if (current.tryBlock === child && current.catchClause) return current;
  }
  return null;
}
