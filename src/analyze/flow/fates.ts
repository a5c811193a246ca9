import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import type { LocalDeclarations } from '../declarations.js';
import { enclosingFunction, isFunctionLike, propertyName, resultGuardedBranch, stringLiteralText, unwrap } from '../syntax.js';

/**
 * Where a value goes: the other half of value flow. A tool object's `execute` or a function that
 * builds `{ content: [...] }` is only a tool's result if what it returns reaches the SDK as the
 * result. `result`: returned, directly or through pass-through wrappers and callers, from a
 * function the SDK (or a framework) calls as a tool handler. `intermediate`: destructured, read
 * field by field, handed to other code or dropped, so a server's own code turns it into the
 * result (`const { textContent, structuredContent } = await tool.execute(args)`). `text`: put
 * into a text item as it is or serialised (`{ type: 'text', text: await tool.handler(args) }`): a
 * transport's. `unknown`: anything else; callers keep the value's shape as the evidence then.
 */
export type Fate = 'result' | 'text' | 'intermediate' | 'unknown';

export interface FateScope {
  /** Is this function called by the SDK or a framework as a tool handler? */
  isToolHandler(fn: TS.SignatureDeclaration): boolean;
  /** The calls of a function of the project, wherever they are. */
  callersOf(fn: TS.SignatureDeclaration): readonly TS.CallExpression[];
  localsOf(sourceFile: TS.SourceFile): LocalDeclarations;
}

const MAX_DEPTH = 6;

// Array methods whose callbacks make elements, not the value of the call.
const ELEMENT_METHODS = new Set(['map', 'flatMap', 'filter', 'forEach', 'reduce', 'some', 'every', 'find', 'findIndex', 'sort']);

/** Of several fates of one value, the one that decides: reaching the SDK anywhere makes it a result. */
export function combineFates(fates: Iterable<Fate>): Fate {
  let sawText = false;
  let sawIntermediate = false;
  let sawUnknown = false;
  for (const fate of fates) {
    if (fate === 'result') return 'result';
    if (fate === 'text') sawText = true;
    else if (fate === 'intermediate') sawIntermediate = true;
    else sawUnknown = true;
  }
  if (sawText) return 'text';
  return sawUnknown || !sawIntermediate ? 'unknown' : 'intermediate';
}

/** `{ type: 'text', text: value }`: the value becomes a text item's text. */
function isTextItemValue(assignment: TS.PropertyAssignment | TS.ShorthandPropertyAssignment): boolean {
  if (propertyName(assignment.name) !== 'text') return false;
  const item = assignment.parent;
  // `type: 'text' as const` is the same item.
  return item.properties.some((property) => ts.isPropertyAssignment(property) && propertyName(property.name) === 'type' && stringLiteralText(unwrap(property.initializer)) === 'text');
}

export function fateOf(expression: TS.Expression, scope: FateScope, depth = 0, seen = new Set<TS.Node>()): Fate {
  if (depth > MAX_DEPTH || seen.has(expression)) return 'unknown';
  seen.add(expression);
  let node: TS.Node = expression;
  let parent = node.parent;
  // Climb through what passes the value on unchanged.
  while (
    ts.isParenthesizedExpression(parent) ||
    ts.isAsExpression(parent) ||
    ts.isSatisfiesExpression(parent) ||
    ts.isNonNullExpression(parent) ||
    ts.isAwaitExpression(parent) ||
    (ts.isConditionalExpression(parent) && parent.condition !== node) ||
    (ts.isBinaryExpression(parent) && (parent.operatorToken.kind === ts.SyntaxKind.BarBarToken || parent.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken))
  ) {
    node = parent;
    parent = parent.parent;
  }
  if (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === node)) {
    const fn = ts.isArrowFunction(parent) ? parent : enclosingFunction(parent);
    return fn ? functionFate(fn, scope, depth, seen) : 'unknown';
  }
  if (ts.isVariableDeclaration(parent) && parent.initializer === node) {
    if (!ts.isIdentifier(parent.name)) return 'intermediate';
    return combineFates(usesOf(parent, scope).flatMap((use) => useFate(use, scope, depth, seen)));
  }
  if (ts.isPropertyAccessExpression(parent) || ts.isElementAccessExpression(parent)) return 'intermediate';
  if (ts.isCallExpression(parent) && parent.expression !== node) return argumentFate(parent, node as TS.Expression, scope, depth, seen);
  if (ts.isSpreadAssignment(parent) && ts.isObjectLiteralExpression(parent.parent)) return fateOf(parent.parent, scope, depth + 1, seen);
  if ((ts.isPropertyAssignment(parent) || ts.isShorthandPropertyAssignment(parent)) && isTextItemValue(parent)) return 'text';
  if (ts.isExpressionStatement(parent) || ts.isPropertyAssignment(parent) || ts.isShorthandPropertyAssignment(parent) || ts.isTemplateSpan(parent) || ts.isIfStatement(parent)) return 'intermediate';
  return 'unknown';
}

/** What happens to a function's return value: a handler's goes to the SDK; a callback's to its caller; a named function's to its callers. */
function functionFate(fn: TS.SignatureDeclaration, scope: FateScope, depth: number, seen: Set<TS.Node>): Fate {
  if (scope.isToolHandler(fn)) return 'result';
  const parent = fn.parent;
  if (ts.isCallExpression(parent) && parent.arguments.includes(fn as TS.Expression)) {
    // `withRetry(() => tool.execute(args))`: a wrapper hands its callback's value back.
    const callee = parent.expression;
    if (ts.isPropertyAccessExpression(callee) && ELEMENT_METHODS.has(callee.name.text)) return 'intermediate';
    return fateOf(parent, scope, depth + 1, seen);
  }
  const callers = scope.callersOf(fn);
  if (callers.length === 0) return 'unknown';
  return combineFates(callers.map((call) => fateOf(call, scope, depth + 1, seen)));
}

/** A value passed to a call: `resolve(result)` of a `new Promise` settles the promise with it; a project function's parameter goes where the function sends it. */
function argumentFate(call: TS.CallExpression, argument: TS.Expression, scope: FateScope, depth: number, seen: Set<TS.Node>): Fate {
  const callee = call.expression;
  // `JSON.stringify(value)`, `String(value)`: serialised, the value goes where the text goes.
  const serialises = (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'JSON' && callee.name.text === 'stringify') || (ts.isIdentifier(callee) && callee.text === 'String');
  if (serialises) return fateOf(call, scope, depth + 1, seen) === 'text' ? 'text' : 'intermediate';
  if (ts.isIdentifier(callee)) {
    const declaration = scope.localsOf(call.getSourceFile()).declarationOf(callee);
    // `new Promise((resolve) => … resolve(value) …)`: the value is the promise's.
    if (declaration && ts.isParameter(declaration) && declaration.parent.parameters[0] === declaration) {
      const executor = declaration.parent;
      const created = executor.parent;
      if (ts.isNewExpression(created) && ts.isIdentifier(created.expression) && created.expression.text === 'Promise') return fateOf(created, scope, depth + 1, seen);
    }
    // A local function that passes its parameter on (`finish(response)` → `resolve(response)`).
    const local = declaration && (ts.isFunctionDeclaration(declaration) ? declaration : ts.isVariableDeclaration(declaration) && declaration.initializer && isFunctionLike(declaration.initializer) ? declaration.initializer : undefined);
    const index = call.arguments.indexOf(argument);
    const parameter = local && index >= 0 ? local.parameters[index] : undefined;
    if (parameter && ts.isIdentifier(parameter.name)) {
      return combineFates(usesOf(parameter, scope).flatMap((use) => useFate(use, scope, depth + 1, seen)));
    }
  }
  return 'intermediate';
}

// `'sys' in r`, `r === undefined`, `r instanceof Error`: checks, which send the value nowhere.
const CHECK_OPERATORS: ReadonlySet<TS.SyntaxKind> = new Set([
  ts.SyntaxKind.InKeyword,
  ts.SyntaxKind.InstanceOfKeyword,
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

/**
 * A use of a variable: read field by field is intermediate (`r.content[0].text`); a check
 * (`if (r.isError)`, `'sys' in r`, `!r`, `typeof r`) says nothing of where the value goes; anything else goes where
 * the use goes.
 */
function useFate(use: TS.Identifier, scope: FateScope, depth: number, seen: Set<TS.Node>): Fate[] {
  const parent = use.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.expression === use) return parent.name.text === 'isError' ? [] : ['intermediate'];
  if (ts.isBinaryExpression(parent) && CHECK_OPERATORS.has(parent.operatorToken.kind)) return [];
  if (ts.isTypeOfExpression(parent) || (ts.isPrefixUnaryExpression(parent) && parent.operator === ts.SyntaxKind.ExclamationToken)) return [];
  // `isCallToolResult(r) ? r : jsonResult(r)`, a migrated transport: only a value that is already a
  // result is passed on as one; what the value is otherwise goes to jsonResult.
  if (isResultGuardedBranch(use)) return [];
  return [fateOf(use, scope, depth + 1, seen)];
}

function isResultGuardedBranch(use: TS.Identifier): boolean {
  let node: TS.Node = use;
  while (ts.isParenthesizedExpression(node.parent)) node = node.parent;
  return ts.isConditionalExpression(node.parent) && resultGuardedBranch(node.parent) === node;
}

/** Every read of a variable or parameter in the scope that declares it. */
function usesOf(declaration: TS.VariableDeclaration | TS.ParameterDeclaration, scope: FateScope): TS.Identifier[] {
  const name = declaration.name;
  if (!ts.isIdentifier(name)) return [];
  const sourceFile = declaration.getSourceFile();
  const locals = scope.localsOf(sourceFile);
  const container = ts.isParameter(declaration) ? declaration.parent : enclosingFunction(declaration) ?? sourceFile;
  const uses: TS.Identifier[] = [];
  const visit = (node: TS.Node): void => {
    if (ts.isIdentifier(node) && node.text === name.text && node !== name && locals.declarationOf(node) === declaration) uses.push(node);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(container, visit);
  return uses;
}
