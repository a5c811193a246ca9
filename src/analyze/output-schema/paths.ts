import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { getPropertyValue, isFunctionLike, isJsonStringifyCall, unwrap } from '../syntax.js';
import type { Finding } from '../types.js';

/** What one return of a tool gives the client. */
export type ResultPath =
  /**
   * An error result (`isError: true`, errorResult…). The SDK's server does not validate it, but its
   * client validates any structuredContent it carries (1.x `Client.callTool`), so a schema must
   * also fit that: `{ error, ...extra }` from the kit's error helpers (`extra` its argument), or
   * the literal's own structuredContent.
   */
  | { kind: 'error'; structured?: { errorHelper: true; extra?: TS.Expression } | { errorHelper: false; value: TS.Expression } }
  /**
   * A success result whose structuredContent is `value`, by `via`: jsonResult writes a value that
   * is not an object as `{ result: value }`; successResult's data must be an object.
   */
  | { kind: 'structured'; value: TS.Expression; via: 'jsonResult' | 'successResult' | 'structuredContent' }
  /** A success result with text only: the SDK would fail it against any output schema. */
  | { kind: 'text'; node: TS.Node }
  /** A value this walk cannot see into (`structured`: it is structured content, of a value it cannot read). */
  | { kind: 'unknown'; node: TS.Node; why: string; structured?: true };

/** Does the path give the client structured content (readable or not)? */
export const givesStructuredContent = (path: ResultPath): boolean => path.kind === 'structured' || (path.kind === 'unknown' && path.structured === true);

// A return is followed through this many calls of the project's own functions.
const MAX_CALL_DEPTH = 4;

export interface PathScope {
  sourceFile: TS.SourceFile;
  checker: TS.TypeChecker;
  /** The kit's helper names as the file calls them (`jsonResult`, `successResult`, …). */
  resultHelpers: ReadonlySet<string>;
  /**
   * Findings this run rewrites (migrate in the same run as the output schema): a site that becomes
   * `jsonResult(x)` is a structured path with x's type, one that becomes an error is an error.
   */
  pending: ReadonlyMap<number, Finding>;
  /** The same for another file of the project this run rewrites (a handler the walk follows into). */
  pendingIn?: (sourceFile: TS.SourceFile) => ReadonlyMap<number, Finding>;
}

/** Every return of `fn` as paths; `visited` keeps a recursion from looping. */
export function pathsOfFunction(fn: TS.SignatureDeclaration, scope: PathScope, depth = 0, visited = new Set<TS.Node>()): ResultPath[] {
  if (visited.has(fn)) return [];
  visited.add(fn);
  const body = (fn as TS.FunctionLikeDeclaration).body;
  if (!body) return [{ kind: 'unknown', node: fn, why: 'the handler has no body to read' }];
  if (!ts.isBlock(body)) return pathsOf(body, scope, depth, visited);
  return returnStatements(body).flatMap((statement) => pathsOf(statement.expression!, scope, depth, visited));
}

/** The `return x` statements of a body, not of functions nested in it. */
export function returnStatements(body: TS.Block): TS.ReturnStatement[] {
  const found: TS.ReturnStatement[] = [];
  const visit = (node: TS.Node): void => {
    if (isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) found.push(node);
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

export function pathsOf(expression: TS.Expression, scope: PathScope, depth = 0, visited = new Set<TS.Node>()): ResultPath[] {
  const value = unwrap(expression);
  const pending = pendingAt(value, scope);
  if (pending?.rewrite && pending.end === value.end) return [pendingPath(pending, value, scope.checker)];
  if (ts.isConditionalExpression(value)) return [...pathsOf(value.whenTrue, scope, depth, visited), ...pathsOf(value.whenFalse, scope, depth, visited)];
  if (ts.isObjectLiteralExpression(value)) return [literalPath(value)];
  if (ts.isCallExpression(value)) return callPaths(value, scope, depth, visited);
  if (ts.isIdentifier(value)) {
    const initializer = constInitializer(value, scope.checker);
    if (initializer) return pathsOf(initializer, scope, depth, visited);
    return [{ kind: 'unknown', node: value, why: `${value.text} is not a const this analysis can trace` }];
  }
  if (ts.isStringLiteralLike(value) || ts.isTemplateExpression(value)) return [{ kind: 'text', node: value }];
  return [{ kind: 'unknown', node: value, why: `the returned ${ts.SyntaxKind[value.kind]} cannot be traced` }];
}

/** The rewrite this run makes at `value`, in its own file or another one the walk followed a call into. */
function pendingAt(value: TS.Expression, scope: PathScope): Finding | undefined {
  const sourceFile = value.getSourceFile();
  const pending = sourceFile === scope.sourceFile ? scope.pending : scope.pendingIn?.(sourceFile);
  return pending?.get(value.getStart(sourceFile));
}

/** A site this run rewrites: what it will be after the rewrite. */
function pendingPath(finding: Finding, node: TS.Expression, checker: TS.TypeChecker): ResultPath {
  const helpers = finding.rewrite!.helpers;
  // The rewrite to errorResult/errorTextResult gives `{ error: message, …extra }`: its extra is rarely typed, so an
  // error rewrite with an extra payload counts as `{ error }` plus anything (see schemaOfPaths).
  if (helpers.includes('errorResult') || helpers.includes('errorTextResult')) return { kind: 'error', structured: { errorHelper: true } };
  if (finding.rewrite!.addsIsError) return errorLiteralPath(node);
  if (helpers.includes('jsonResult')) {
    // A bare object becomes jsonResult(object); JSON text becomes jsonResult(the value it was made of).
    if (finding.kind === 'bare-object') return { kind: 'structured', value: node, via: 'jsonResult' };
    const value = stringifiedValue(node, checker);
    return value ? { kind: 'structured', value, via: 'jsonResult' } : { kind: 'unknown', node, why: 'the value whose JSON text the rewrite hands to jsonResult cannot be read', structured: true };
  }
  return { kind: 'text', node };
}

/**
 * The value a `JSON.stringify(value)` inside `node` writes (what the rewrite hands to jsonResult),
 * also through a const that holds the text (`const json = JSON.stringify(x); … text: json`).
 */
function stringifiedValue(node: TS.Node, checker: TS.TypeChecker, steps = 0): TS.Expression | undefined {
  if (ts.isCallExpression(node) && isJsonStringifyCall(node)) return node.arguments[0];
  if (ts.isIdentifier(node) && steps < 4) {
    const initializer = constInitializer(node, checker);
    return initializer && stringifiedValue(unwrap(initializer), checker, steps + 1);
  }
  if (ts.isCallExpression(node)) {
    const argument = stringifyHelperArgument(node, checker);
    if (argument) return argument;
  }
  let found: TS.Expression | undefined;
  node.forEachChild((child) => {
    found ??= stringifiedValue(child, checker, steps);
  });
  return found;
}

/**
 * `formatJson(x)` where the project's `formatJson(data)` returns `JSON.stringify(data, …)`: the
 * argument the text is made of, as the rewrite hands it to jsonResult.
 */
function stringifyHelperArgument(call: TS.CallExpression, checker: TS.TypeChecker): TS.Expression | undefined {
  const callee = unwrap(call.expression);
  const at = ts.isPropertyAccessExpression(callee) ? callee.name : ts.isIdentifier(callee) ? callee : undefined;
  let declaration: TS.Node | undefined = at && checker.getSymbolAtLocation(at)?.valueDeclaration;
  if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer) declaration = unwrap(declaration.initializer);
  if (!declaration || !isFunctionLike(declaration) || declaration.getSourceFile().isDeclarationFile) return undefined;
  const body = (declaration as TS.FunctionLikeDeclaration).body;
  const returned = body && (ts.isBlock(body) ? (body.statements.length === 1 && ts.isReturnStatement(body.statements[0]) ? body.statements[0].expression : undefined) : body);
  const stringify = returned && unwrap(returned);
  if (!stringify || !ts.isCallExpression(stringify) || !isJsonStringifyCall(stringify)) return undefined;
  const data = stringify.arguments[0] && unwrap(stringify.arguments[0]);
  const index = data && ts.isIdentifier(data) ? declaration.parameters.findIndex((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === data.text) : -1;
  return index >= 0 && !declaration.parameters[index].dotDotDotToken ? call.arguments[index] : undefined;
}

function errorLiteralPath(node: TS.Expression): ResultPath {
  const structured = ts.isObjectLiteralExpression(node) ? getPropertyValue(node, 'structuredContent') : undefined;
  return structured && !ts.isMethodDeclaration(structured) ? { kind: 'error', structured: { errorHelper: false, value: structured } } : { kind: 'error' };
}

function literalPath(object: TS.ObjectLiteralExpression): ResultPath {
  const isError = getPropertyValue(object, 'isError');
  if (isError && isError.kind !== ts.SyntaxKind.FalseKeyword) return errorLiteralPath(object);
  const structured = getPropertyValue(object, 'structuredContent');
  if (structured && !ts.isMethodDeclaration(structured)) return { kind: 'structured', value: structured, via: 'structuredContent' };
  if (getPropertyValue(object, 'content')) return { kind: 'text', node: object };
  return { kind: 'unknown', node: object, why: 'the handler returns an object that is not a result' };
}

function calleeName(call: TS.CallExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

function callPaths(call: TS.CallExpression, scope: PathScope, depth: number, visited: Set<TS.Node>): ResultPath[] {
  const name = calleeName(call);
  if (name !== null && scope.resultHelpers.has(name)) {
    if (name === 'errorResult' || name === 'errorTextResult') return [{ kind: 'error', structured: { errorHelper: true, ...(call.arguments[1] ? { extra: call.arguments[1] } : {}) } }];
    if (name === 'jsonResult' && call.arguments[0]) return [{ kind: 'structured', value: call.arguments[0], via: 'jsonResult' }];
    if (name === 'successResult') return call.arguments[1] ? [{ kind: 'structured', value: call.arguments[1], via: 'successResult' }] : [{ kind: 'text', node: call }];
    // toCallToolResult passes a result through as it is: its argument's paths, when each is a result.
    if (name === 'toCallToolResult' && call.arguments[0]) {
      const passed = pathsOf(call.arguments[0], scope, depth, visited);
      const decided = passed.find((path) => path.kind === 'unknown');
      return decided ? [{ kind: 'unknown', node: call, why: `toCallToolResult(…) decides the result's shape at run time (${decided.why})` }] : passed;
    }
    return [{ kind: 'unknown', node: call, why: `${name}(…) decides the result's shape at run time` }];
  }
  const target = calledFunction(call, scope.checker);
  if (!target) return [{ kind: 'unknown', node: call, why: `the value of ${name ?? 'a call'}(…) cannot be followed` }];
  if (depth >= MAX_CALL_DEPTH) return [{ kind: 'unknown', node: call, why: `the result is built more than ${MAX_CALL_DEPTH} calls deep` }];
  return pathsOfFunction(target, scope, depth + 1, visited);
}

/** The declaration a call runs, when it has a body to read (in any file of the program). */
function calledFunction(call: TS.CallExpression, checker: TS.TypeChecker): TS.SignatureDeclaration | undefined {
  const declaration = checker.getResolvedSignature(call)?.getDeclaration();
  if (declaration && isFunctionLike(declaration) && (declaration as TS.FunctionLikeDeclaration).body && !declaration.getSourceFile().isDeclarationFile) return declaration;
  return undefined;
}

function constInitializer(identifier: TS.Identifier, checker: TS.TypeChecker): TS.Expression | undefined {
  const declaration = checker.getSymbolAtLocation(identifier)?.valueDeclaration;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  const list = declaration.parent;
  if (!ts.isVariableDeclarationList(list) || (list.flags & ts.NodeFlags.Const) === 0) return undefined;
  return declaration.initializer;
}
