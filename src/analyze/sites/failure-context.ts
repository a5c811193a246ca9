import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { isFunctionLike, literalText, templateOwnText, unwrap } from '../syntax.js';
import { asksForInput, looksLikeJsonText } from '../words.js';

/**
 * Failure by context (docs/architecture.md, "Failure by context"): prose the code writes in a
 * `catch`, or in a branch that only runs when something failed, reports that failure whatever its
 * words ("Authentication required", "The item is a folder and cannot be downloaded"). Words still
 * decide everywhere else. Only prose written in the code counts: a value held in a variable is
 * what the branch found (a cached copy, a fallback), not a report.
 *
 * Failure tests: a missing credential (`!token`, `!process.env.KEY`), a failed response (`!res.ok`,
 * `res.ok === false`, `status >= 400`, `status !== 200`), an error field (`result.error`,
 * `errors.length`), `success === false`, a status word that is not the success value, a negated
 * check (`!isValid(x)`, `!hasPermission`), and a missing input tested before the work starts
 * (`if (!args.query) return …`, or a local read from the input, ahead of the first `await`).
 * Two more read the prose with its branch: a guard whose text restates the check it failed
 * (`if (!inspector.paused) return 'The debugger is not paused'`), and a branch whose text asks the
 * caller for the input it lacked ("Please specify a listId").
 */

/** Texts that stay successes in any context: empty results and success words. */
// Tested at the start of every line: a report's heading (`## State\n\nNo state data returned.`) is not its words.
const EMPTY_SUCCESS = /^[\s*_#>([-]*(?:no|0|zero|none|nothing)\b(?![^.\n]*\b(?:provided|specified|given|supplied|passed)\b)/im;
const SUCCESS_WORDS = /^[\s*_#>([-]*(?:✅|✓|✔|success|successfully|done|ok\b|saved|created|updated|deleted|removed|completed|published|sent|cleared|already)/i;
/** "Operation completed successfully (…)": the first sentence says it succeeded, and nothing in it denies that. */
const SUCCESS_SENTENCE = /^(?![^.\n]*\b(?:not|never|unable|failed|without)\b|[^.\n]*n't\b)[^.\n]*\b(?:successfully|succeeded)\b/i;

/** Names of values whose absence is a failure to go on: credentials, sessions, clients. */
const REQUIRED_VALUE = /(?:token|auth|api_?key|credential|secret|session|client|connection|password|login|cookie|jwt|bearer)/i;
/** Properties and checks whose falsity is a failure: `ok`, `success`, `isValid()`, `hasAccess`. */
const SUCCESS_FLAG = /^(?:ok|success|succeeded|successful|valid|isValid|authenticated|isAuthenticated|authorized|isAuthorized|connected|isConnected|allowed|isAllowed|exists|available|isAvailable|enabled|isEnabled|ready|isReady|hasAccess|hasPermission|canAccess|found|safe|isSafe)$/;
// `isDbHealthy`, `isTokenValid`: a check's flag whose last word says it passed (`wasConnected` is a
// past state, which a tool reports either way).
const SUCCESS_FLAG_SUFFIX = /^(?:is|are)[A-Z][A-Za-z\d]*(?:Healthy|Valid|Ok|OK|Connected|Ready|Available|Enabled|Authenticated|Authorized|Allowed|Exists|Succeeded|Successful)$/;
const SUCCESS_CHECK = /^(?:is|has|can|check|validate|verify)(?:Valid|Auth|Authenticated|Authorized|Connected|Allowed|Access|Permission|Available|Enabled|Ready|Exists|Ok|OK|Success)/;
/** Fields that hold a failure when set: `result.error`, `response.errors`. */
const ERROR_FIELD = /^(?:error|errors|err|failed|failure|failures|isError|hasError|hasErrors|errorMessage|error_message)$/;
const FAILURE_STATUS = new Set(['error', 'failed', 'failure', 'fail', 'rejected', 'denied', 'invalid', 'timeout', 'cancelled', 'canceled']);
const SUCCESS_STATUS = new Set(['ok', 'success', 'succeeded', 'completed', 'complete', 'done', 'active', 'ready', 'finished']);

/** Does `leaf`, a text written in `fn`, report a failure by where it is written? */
export function failsByContext(leaf: TS.Expression, fn: TS.Node): boolean {
  const prose = proseText(leaf);
  if (prose === null) return false;
  if (branchKind(leaf, fn, true) !== null) return true;
  return restatesFailedCheck(leaf, prose, fn) || (asksForInput(literalText(unwrap(leaf)) ?? prose) && inBranch(leaf, fn));
}

/**
 * Is `node` written where only a failure leads: the then-branch of a failure test, the else-branch
 * of a success test, or an input guard before the work? Any value returned there reports the
 * failure (`if (!result.success) return { content: [{ type: 'text', text: result.message }] }`).
 * A `catch` does not count here: what a catch returns may be a fallback with real data; only its
 * prose is a report (failsByContext).
 */
export function inFailureBranch(node: TS.Node, fn: TS.Node): boolean {
  return branchKind(node, fn, false) !== null;
}

/** Is `node` in a `catch` (that goes on with no other awaited work first) or where only a failure leads? */
export function inFailureContext(node: TS.Node, fn: TS.Node): boolean {
  return branchKind(node, fn, true) !== null;
}

/** A text that reads as a success in any context: an empty result ("No results", "0 items") or success words. */
export function readsAsSuccess(text: TS.Expression): boolean {
  const words = literalText(unwrap(text));
  return words !== null && (EMPTY_SUCCESS.test(words) || SUCCESS_WORDS.test(words) || SUCCESS_SENTENCE.test(words));
}

function branchKind(node: TS.Node, fn: TS.Node, catchCounts: boolean): 'catch' | 'guard' | null {
  for (let child: TS.Node = node, current = node.parent; current && current !== fn; child = current, current = current.parent) {
    if (isFunctionLike(current)) return null;
    if (ts.isCatchClause(current)) {
      // A catch that goes on with other awaited work before this text recovers (`not found → clean
      // up the stale one`): its prose reports that work, not the failure that led there.
      if (catchCounts && !containsAwait(current.block, node.getStart())) return 'catch';
      continue;
    }
    if (!ts.isIfStatement(current) && !ts.isConditionalExpression(current)) continue;
    const branch = ts.isIfStatement(current) ? (child === current.thenStatement ? 'then' : child === current.elseStatement ? 'else' : null) : child === current.whenTrue ? 'then' : child === current.whenFalse ? 'else' : null;
    if (branch === null) continue;
    const condition = ts.isIfStatement(current) ? current.expression : current.condition;
    if (branch === 'then' && (isFailureTest(condition) || isInputGuard(current, condition, fn))) return 'guard';
    if (branch === 'else' && isSuccessTest(condition)) return 'guard';
  }
  return null;
}

/** The words of prose written in the code: a literal or template with words, not JSON, not an empty success; else null. */
function proseText(leaf: TS.Expression): string | null {
  const inner = unwrap(leaf);
  let text: string | null;
  if (ts.isTemplateExpression(inner)) text = templateOwnText(inner);
  else text = literalText(inner);
  if (text === null || !/[A-Za-z\u00C0-\uFFFF]{2}/.test(text)) return null;
  if (looksLikeJsonText(text)) return null;
  return EMPTY_SUCCESS.test(text) || SUCCESS_WORDS.test(text) || SUCCESS_SENTENCE.test(text) ? null : text;
}

/**
 * `if (!inspector.paused) return 'The debugger is not paused'`: the then-branch of a negated check
 * whose text says the checked state is not so. The text names the precondition that stopped the
 * tool; a text that does not ("Running: 3 threads") is judged by its words.
 */
function restatesFailedCheck(leaf: TS.Expression, prose: string, fn: TS.Node): boolean {
  for (let child: TS.Node = leaf, current = leaf.parent; current && current !== fn; child = current, current = current.parent) {
    if (isFunctionLike(current)) return false;
    if (!ts.isIfStatement(current) || child !== current.thenStatement) continue;
    const condition = unwrap(current.expression);
    if (!ts.isPrefixUnaryExpression(condition) || condition.operator !== ts.SyntaxKind.ExclamationToken) continue;
    const state = stateWord(unwrap(condition.operand));
    if (state !== null && new RegExp(String.raw`\b(?:not|n't)\s+(?:\w+\s+){0,2}?${state}\b`, 'i').test(prose)) return true;
  }
  return false;
}

/**
 * The state a check reads, as a word: `paused` of `inspector.paused`, `connected` of
 * `isConnected()`. Only a state (a participle, or ready/running/open/active/online): `isTrack(item)`
 * asks what a thing is, and "… is not a track" answers that.
 */
function stateWord(checked: TS.Expression): string | null {
  const name = nameOf(checked);
  if (name === null) return null;
  const words = name.replace(/([a-z\d])([A-Z])/g, '$1 $2').split(/[\s_]+/).filter((word) => word !== '');
  const last = words.at(-1)?.toLowerCase() ?? '';
  return /^[a-z]{2,}ed$|^(?:ready|running|open|active|online)$/.test(last) ? last : null;
}

/** Is `node` in a branch of `fn`: an if's or a ternary's branch, or a switch case? */
function inBranch(node: TS.Node, fn: TS.Node): boolean {
  for (let child: TS.Node = node, current = node.parent; current && current !== fn; child = current, current = current.parent) {
    if (isFunctionLike(current)) return false;
    if (ts.isIfStatement(current) && child !== current.expression) return true;
    if (ts.isConditionalExpression(current) && child !== current.condition) return true;
    if (ts.isCaseClause(current) || ts.isDefaultClause(current)) return true;
  }
  return false;
}

/** A test that something failed: `!res.ok`, `!token`, `result.error`, `status >= 400`, `success === false`. */
export function isFailureTest(condition: TS.Expression): boolean {
  const inner = unwrap(condition);
  if (ts.isBinaryExpression(inner)) {
    const operator = inner.operatorToken.kind;
    if (operator === ts.SyntaxKind.BarBarToken) return isFailureTest(inner.left) || isFailureTest(inner.right);
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return isFailureTest(inner.left) || isFailureTest(inner.right);
    return isFailureComparison(inner);
  }
  if (ts.isPrefixUnaryExpression(inner) && inner.operator === ts.SyntaxKind.ExclamationToken) return isSuccessValue(unwrap(inner.operand)) || isRequiredValue(unwrap(inner.operand));
  return isErrorField(inner);
}

function isSuccessTest(condition: TS.Expression): boolean {
  const inner = unwrap(condition);
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken) return isSuccessTest(inner.left) && isSuccessTest(inner.right);
  if (ts.isBinaryExpression(inner)) return isSuccessComparison(inner);
  if (ts.isPrefixUnaryExpression(inner) && inner.operator === ts.SyntaxKind.ExclamationToken) return isErrorField(unwrap(inner.operand));
  return isSuccessValue(inner);
}

/** `res.ok`, `result.success`, `isValid(x)`, `auth.isAuthenticated()`. */
function isSuccessValue(expression: TS.Expression): boolean {
  const name = nameOf(expression);
  if (name === null) return false;
  if (ts.isCallExpression(expression)) return SUCCESS_CHECK.test(name) || SUCCESS_FLAG.test(name);
  return SUCCESS_FLAG.test(name) || SUCCESS_FLAG_SUFFIX.test(name);
}

/** `token`, `this.client`, `process.env.API_KEY`, or a local that holds one. */
function isRequiredValue(expression: TS.Expression): boolean {
  if (isEnvironmentRead(expression)) return true;
  const name = nameOf(expression);
  if (name === null || ts.isCallExpression(expression)) return false;
  if (REQUIRED_VALUE.test(name)) return true;
  if (ts.isIdentifier(expression)) {
    const initializer = localInitializer(expression);
    return initializer !== undefined && isEnvironmentRead(unwrap(initializer));
  }
  return false;
}

/** `result.error`, `response.errors.length`, `data.errors?.length > 0`. */
function isErrorField(expression: TS.Expression): boolean {
  let current = expression;
  if ((ts.isPropertyAccessExpression(current) || ts.isPropertyAccessChain(current)) && current.name.text === 'length') current = unwrap(current.expression);
  return (ts.isPropertyAccessExpression(current) || ts.isIdentifier(current)) && ERROR_FIELD.test(nameOf(current) ?? '');
}

function isFailureComparison(binary: TS.BinaryExpression): boolean {
  const operator = binary.operatorToken.kind;
  const [subject, value] = ts.isLiteralExpression(unwrap(binary.left)) || isBooleanLiteral(binary.left) ? [unwrap(binary.right), unwrap(binary.left)] : [unwrap(binary.left), unwrap(binary.right)];
  const equal = operator === ts.SyntaxKind.EqualsEqualsEqualsToken || operator === ts.SyntaxKind.EqualsEqualsToken;
  const unequal = operator === ts.SyntaxKind.ExclamationEqualsEqualsToken || operator === ts.SyntaxKind.ExclamationEqualsToken;
  if (isErrorField(subject) && (operator === ts.SyntaxKind.GreaterThanToken || unequal) && ts.isNumericLiteral(value) && value.text === '0') return true;
  if (isErrorField(subject) && unequal && (value.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(value) && value.text === 'undefined'))) return true;
  if (isSuccessValue(subject) && ((equal && value.kind === ts.SyntaxKind.FalseKeyword) || (unequal && value.kind === ts.SyntaxKind.TrueKeyword))) return true;
  if (!isStatusValue(subject)) return false;
  if (ts.isNumericLiteral(value)) {
    const code = Number(value.text);
    if (operator === ts.SyntaxKind.GreaterThanEqualsToken) return code >= 300;
    if (operator === ts.SyntaxKind.GreaterThanToken) return code >= 299;
    if (equal) return code >= 400;
    if (unequal) return code >= 200 && code < 300;
    return false;
  }
  if (ts.isStringLiteralLike(value)) {
    const word = value.text.toLowerCase();
    return (equal && FAILURE_STATUS.has(word)) || (unequal && SUCCESS_STATUS.has(word));
  }
  return false;
}

function isSuccessComparison(binary: TS.BinaryExpression): boolean {
  const operator = binary.operatorToken.kind;
  const subject = unwrap(binary.left);
  const value = unwrap(binary.right);
  const equal = operator === ts.SyntaxKind.EqualsEqualsEqualsToken || operator === ts.SyntaxKind.EqualsEqualsToken;
  if (isSuccessValue(subject) && equal && value.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (!isStatusValue(subject) || !equal) return false;
  if (ts.isNumericLiteral(value)) return Number(value.text) >= 200 && Number(value.text) < 300;
  return ts.isStringLiteralLike(value) && SUCCESS_STATUS.has(value.text.toLowerCase());
}

function isStatusValue(expression: TS.Expression): boolean {
  return /^(?:status|statusCode|status_code|state|code|httpStatus)$/.test(nameOf(expression) ?? '');
}

/**
 * `if (!args.query) return '…'` at the top of the function, before its first `await`: a missing
 * input stops the tool before the work, so the text says why it could not be done.
 */
function isInputGuard(statement: TS.Node, condition: TS.Expression, fn: TS.Node): boolean {
  const inner = unwrap(condition);
  if (!ts.isPrefixUnaryExpression(inner) || inner.operator !== ts.SyntaxKind.ExclamationToken) return false;
  if (!ts.isIfStatement(statement) || !isFunctionLike(fn)) return false;
  const body = (fn as TS.FunctionLikeDeclaration).body;
  if (!body || !ts.isBlock(body) || statement.parent !== body) return false;
  if (!isParameterValue(unwrap(inner.operand), fn as TS.SignatureDeclaration)) return false;
  for (const earlier of body.statements) {
    if (earlier === statement) return true;
    if (containsAwait(earlier)) return false;
  }
  return false;
}

/**
 * A parameter, a property of one (`args.query`, `params.input.id`), or a local read from one
 * (`const taskId = input.taskId ? String(input.taskId) : null`).
 */
function isParameterValue(expression: TS.Expression, fn: TS.SignatureDeclaration): boolean {
  let root: TS.Expression = expression;
  while (ts.isPropertyAccessExpression(root) || ts.isPropertyAccessChain(root)) root = unwrap(root.expression);
  if (!ts.isIdentifier(root)) return false;
  if (isParameterName(root.text, fn)) return true;
  const initializer = root === expression ? localInitializer(root) : undefined;
  return initializer !== undefined && readsParameter(initializer, fn);
}

function isParameterName(name: string, fn: TS.SignatureDeclaration): boolean {
  return fn.parameters.some((parameter) => bindsName(parameter.name, name));
}

/** Does `expression` read a parameter of `fn` (outside nested functions)? */
function readsParameter(expression: TS.Expression, fn: TS.SignatureDeclaration): boolean {
  let found = false;
  const visit = (node: TS.Node): void => {
    if (found || isFunctionLike(node)) return;
    if (ts.isIdentifier(node) && isParameterName(node.text, fn) && !(ts.isPropertyAccessExpression(node.parent) && node.parent.name === node)) found = true;
    else ts.forEachChild(node, visit);
  };
  visit(expression);
  return found;
}

function bindsName(binding: TS.BindingName, name: string): boolean {
  if (ts.isIdentifier(binding)) return binding.text === name;
  return binding.elements.some((element) => !ts.isOmittedExpression(element) && bindsName(element.name, name));
}

/** Is there an `await` in `node` (outside nested functions), starting before `limit` when given? */
function containsAwait(node: TS.Node, limit = Number.POSITIVE_INFINITY): boolean {
  let found = false;
  const visit = (child: TS.Node): void => {
    if (found || child.getStart() >= limit || isFunctionLike(child)) return;
    if (ts.isAwaitExpression(child)) found = true;
    else ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

function isEnvironmentRead(expression: TS.Expression): boolean {
  let current: TS.Expression = expression;
  if (ts.isElementAccessExpression(current) || ts.isPropertyAccessExpression(current)) current = unwrap(current.expression);
  return (ts.isPropertyAccessExpression(current) && current.name.text === 'env' && ts.isIdentifier(current.expression) && current.expression.text === 'process') || isEnvFallback(expression);
}

/** `process.env.KEY ?? ''` and `process.env.KEY || config.key`. */
function isEnvFallback(expression: TS.Expression): boolean {
  return ts.isBinaryExpression(expression) && (expression.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || expression.operatorToken.kind === ts.SyntaxKind.BarBarToken) && isEnvironmentRead(unwrap(expression.left));
}

/** The initializer of the `const` an identifier names in the same function (syntax only). */
function localInitializer(identifier: TS.Identifier): TS.Expression | undefined {
  for (let scope: TS.Node | undefined = identifier.parent; scope; scope = scope.parent) {
    if (!ts.isBlock(scope) && !ts.isSourceFile(scope)) continue;
    for (const statement of scope.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === identifier.text) return declaration.initializer;
      }
    }
    if (isFunctionLike(scope.parent ?? scope)) return undefined;
  }
  return undefined;
}

function nameOf(expression: TS.Expression): string | null {
  const inner = unwrap(expression);
  if (ts.isIdentifier(inner)) return inner.text;
  if (ts.isPropertyAccessExpression(inner) || ts.isPropertyAccessChain(inner)) return inner.name.text;
  if (ts.isCallExpression(inner)) return nameOf(inner.expression);
  if (ts.isElementAccessExpression(inner) && ts.isStringLiteralLike(inner.argumentExpression)) return inner.argumentExpression.text;
  return null;
}

function isBooleanLiteral(expression: TS.Expression): boolean {
  const inner = unwrap(expression);
  return inner.kind === ts.SyntaxKind.TrueKeyword || inner.kind === ts.SyntaxKind.FalseKeyword;
}
