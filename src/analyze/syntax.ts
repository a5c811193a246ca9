import type * as TS from 'typescript';
import { ts } from '../typescript.js';
import { ERROR_STATUS_WORDS, PLACEHOLDER } from './words.js';

export { looksLikeErrorText } from './words.js';

/** Looks through wrappers that do not change which value is returned. */
export function unwrap(node: TS.Expression): TS.Expression {
  let current = node;
  for (;;) {
    if (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isNonNullExpression(current) || ts.isTypeAssertionExpression(current)) {
      current = current.expression;
    } else if (ts.isAwaitExpression(current)) {
      current = current.expression;
    } else {
      return current;
    }
  }
}

export function isFunctionLike(node: TS.Node): node is TS.SignatureDeclaration & { body?: TS.ConciseBody } {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node);
}

/** The function a node is written in (the nearest one around it). */
export function enclosingFunction(node: TS.Node): TS.SignatureDeclaration | undefined {
  for (let current = node.parent; current; current = current.parent) if (isFunctionLike(current)) return current;
  return undefined;
}

/** The expression inside any parentheses, and nothing else taken away (an `await` stays). */
export function withoutParentheses(expression: TS.Expression): TS.Expression {
  let node = expression;
  while (ts.isParenthesizedExpression(node)) node = node.expression;
  return node;
}

export function isConstDeclaration(declaration: TS.VariableDeclaration): boolean {
  return ts.isVariableDeclarationList(declaration.parent) && (declaration.parent.flags & ts.NodeFlags.Const) !== 0;
}

/** `T` of a `Promise<T>` annotation; any other type as it is. */
export function promisedType(type: TS.TypeNode): TS.TypeNode {
  return ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) && type.typeName.text === 'Promise' && type.typeArguments?.length === 1 ? type.typeArguments[0] : type;
}

export function propertyName(name: TS.PropertyName | TS.MemberName | undefined): string | null {
  if (!name) return null;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return null;
}

/** The name a function is called by: `function f`, `const f = …`, `f: …`, `f() {}`. */
export function declaredName(fn: TS.SignatureDeclaration): string | null {
  if (fn.name) return propertyName(fn.name as TS.PropertyName);
  const parent = fn.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && !ts.isComputedPropertyName(parent.name) && !ts.isObjectBindingPattern(parent.name) && !ts.isArrayBindingPattern(parent.name)) {
    return propertyName(parent.name as TS.PropertyName);
  }
  return null;
}

export function getProperty(object: TS.ObjectLiteralExpression, name: string): TS.ObjectLiteralElementLike | undefined {
  return object.properties.find((property) => !ts.isSpreadAssignment(property) && propertyName(property.name) === name);
}

/** The value expression of `name: value`, `name` (shorthand) or `name() {}` (the method itself). */
export function getPropertyValue(object: TS.ObjectLiteralExpression, name: string): TS.Expression | TS.MethodDeclaration | undefined {
  const property = getProperty(object, name);
  if (!property) return undefined;
  if (ts.isPropertyAssignment(property)) return property.initializer;
  if (ts.isShorthandPropertyAssignment(property)) return property.name;
  if (ts.isMethodDeclaration(property)) return property;
  return undefined;
}

export function stringLiteralText(node: TS.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return null;
}

export function isJsonStringifyCall(node: TS.Expression): boolean {
  const inner = unwrap(node);
  return (
    ts.isCallExpression(inner) &&
    ts.isPropertyAccessExpression(inner.expression) &&
    ts.isIdentifier(inner.expression.expression) &&
    inner.expression.expression.text === 'JSON' &&
    inner.expression.name.text === 'stringify'
  );
}

/**
 * The author's words in a string expression: a literal's text, a template's literal parts, the
 * literal operands of a concatenation, with PLACEHOLDER where a value is only known at run time
 * (`\`Project ${id} not found\`` → "Project … not found"). Null when no part is literal.
 */
export function literalText(node: TS.Expression): string | null {
  const inner = unwrap(node);
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return inner.text;
  if (ts.isTemplateExpression(inner)) {
    let text = inner.head.text;
    for (const span of inner.templateSpans) text += (literalText(span.expression) ?? PLACEHOLDER) + span.literal.text;
    return text;
  }
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = literalText(inner.left);
    const right = literalText(inner.right);
    if (left === null && right === null) return null;
    return (left ?? PLACEHOLDER) + (right ?? PLACEHOLDER);
  }
  return null;
}

/**
 * The texts a string expression may read as, when a template picks some words with `?:`
 * (`` `<result>${ok ? 'Saved' : 'Failed'}</result>` `` → two texts); the literal text alone
 * otherwise. At most 8 variants; null when no part is literal.
 */
export function textVariants(node: TS.Expression): string[] | null {
  const inner = unwrap(node);
  if (ts.isConditionalExpression(inner)) {
    const whenTrue = textVariants(inner.whenTrue);
    const whenFalse = textVariants(inner.whenFalse);
    if (whenTrue === null && whenFalse === null) return null;
    return [...(whenTrue ?? [PLACEHOLDER]), ...(whenFalse ?? [PLACEHOLDER])].slice(0, 8);
  }
  if (ts.isTemplateExpression(inner)) {
    let variants = [inner.head.text];
    for (const span of inner.templateSpans) {
      const parts = textVariants(span.expression) ?? [PLACEHOLDER];
      variants = variants.flatMap((prefix) => parts.map((part) => prefix + part + span.literal.text)).slice(0, 8);
    }
    return variants;
  }
  const text = literalText(inner);
  return text === null ? null : [text];
}

/** The literal text a string expression starts with, when it is known from the source. */
export function leadingText(node: TS.Expression): string | null {
  const inner = unwrap(node);
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return inner.text;
  if (ts.isTemplateExpression(inner)) return inner.head.text;
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) return leadingText(inner.left);
  return null;
}

export const STRING_METHODS: ReadonlySet<string> = new Set([
  'join', 'toString', 'toFixed', 'toPrecision', 'toUpperCase', 'toLowerCase', 'trim', 'trimStart', 'trimEnd',
  'padStart', 'padEnd', 'replace', 'replaceAll', 'repeat', 'toISOString', 'toLocaleString', 'toLocaleDateString',
  'toLocaleTimeString', 'toDateString', 'toTimeString', 'toUTCString', 'substring', 'normalize', 'charAt',
]);

/** Syntax-only: is this expression certainly a string? Callers extend it with locals and the checker. */
export function isStringSyntax(node: TS.Expression, isStringIdentifier: (id: TS.Identifier) => boolean, isStringCall: (call: TS.CallExpression) => boolean): boolean {
  const inner = unwrap(node);
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner) || ts.isTemplateExpression(inner)) return true;
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    return (
      isStringSyntax(inner.left, isStringIdentifier, isStringCall) || isStringSyntax(inner.right, isStringIdentifier, isStringCall)
    );
  }
  if (ts.isConditionalExpression(inner)) {
    return isStringSyntax(inner.whenTrue, isStringIdentifier, isStringCall) && isStringSyntax(inner.whenFalse, isStringIdentifier, isStringCall);
  }
  // `list.join(', ') || 'none'`, `label ?? 'untitled'`: a string whichever side is taken.
  if (ts.isBinaryExpression(inner) && (inner.operatorToken.kind === ts.SyntaxKind.BarBarToken || inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)) {
    return isStringSyntax(inner.left, isStringIdentifier, isStringCall) && isStringSyntax(inner.right, isStringIdentifier, isStringCall);
  }
  if (ts.isIdentifier(inner)) return isStringIdentifier(inner);
  if (ts.isCallExpression(inner)) {
    if (isJsonStringifyCall(inner)) return true;
    if (ts.isIdentifier(inner.expression) && inner.expression.text === 'String') return true;
    if (ts.isPropertyAccessExpression(inner.expression) && STRING_METHODS.has(inner.expression.name.text)) return true;
    return isStringCall(inner);
  }
  return false;
}

export function isInside(node: TS.Node, ancestor: TS.Node): boolean {
  for (let current: TS.Node | undefined = node; current; current = current.parent) {
    if (current === ancestor) return true;
  }
  return false;
}

/** Does `node` mention the identifier `name` (outside nested functions is not required)? */
export function mentionsIdentifier(node: TS.Node, name: string): boolean {
  let found = false;
  const visit = (child: TS.Node): void => {
    if (found) return;
    if (ts.isIdentifier(child) && child.text === name) {
      found = true;
      return;
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return found;
}

/** The catch clause a node sits in, within `boundary` (the handler), if any. */
export function enclosingCatch(node: TS.Node, boundary: TS.Node): TS.CatchClause | null {
  for (let current: TS.Node | undefined = node.parent; current && current !== boundary; current = current.parent) {
    if (ts.isCatchClause(current)) return current;
    if (isFunctionLike(current)) return null;
  }
  return null;
}

export interface ErrorShape {
  /** The expression holding the message: `error`, else `message`, else `reason`. */
  message: TS.Expression | null;
  messageProperty: TS.ObjectLiteralElementLike | null;
}

/** `{ error: … }`, `{ success: false, … }` or `{ status: 'error', … }`; null otherwise. */
export function errorShape(object: TS.ObjectLiteralExpression): ErrorShape | null {
  const error = getPropertyValue(object, 'error');
  const success = getPropertyValue(object, 'success');
  const ok = getPropertyValue(object, 'ok');
  const status = getPropertyValue(object, 'status');
  const hasError =
    error !== undefined &&
    !ts.isMethodDeclaration(error) &&
    error.kind !== ts.SyntaxKind.NullKeyword &&
    error.kind !== ts.SyntaxKind.FalseKeyword &&
    !(ts.isIdentifier(error) && error.text === 'undefined');
  const failed = (success !== undefined && success.kind === ts.SyntaxKind.FalseKeyword) || (ok !== undefined && ok.kind === ts.SyntaxKind.FalseKeyword);
  const statusText = status && !ts.isMethodDeclaration(status) ? stringLiteralText(status) : null;
  const errorStatus = statusText !== null && ERROR_STATUS_WORDS.has(statusText.toLowerCase());
  if (!hasError && !failed && !errorStatus) return null;
  for (const name of ['error', 'message', 'reason']) {
    const value = getPropertyValue(object, name);
    if (value && !ts.isMethodDeclaration(value) && value.kind !== ts.SyntaxKind.NullKeyword) {
      return { message: value, messageProperty: getProperty(object, name) ?? null };
    }
  }
  return { message: null, messageProperty: null };
}

export function lineAndColumn(sourceFile: TS.SourceFile, position: number): { line: number; column: number } {
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(position);
  return { line: line + 1, column: character + 1 };
}

const PER_ELEMENT_METHODS = new Set(['map', 'flatMap', 'forEach']);

/** Is `node` built once per element: in a `map`/`flatMap`/`forEach` callback or the body of a `for` loop? */
export function isBuiltPerElement(node: TS.Node): boolean {
  const fn = enclosingFunction(node);
  for (let current = node.parent; current && current !== fn; current = current.parent) {
    if (ts.isForOfStatement(current) || ts.isForStatement(current) || ts.isForInStatement(current)) return true;
  }
  const call = fn?.parent;
  return call !== undefined && ts.isCallExpression(call) && call.arguments[0] === fn && ts.isPropertyAccessExpression(call.expression) && PER_ELEMENT_METHODS.has(call.expression.name.text);
}

/** A template's own words, without its values: `` `Meta: ${value}\n` `` → "Meta:  \n" (a space before each literal part). */
export function templateOwnText(template: TS.TemplateExpression): string {
  return template.head.text + template.templateSpans.map((span) => ` ${span.literal.text}`).join('');
}

/** Comparisons (`===`, `!==`, `==`, `!=`, `<`, `>`, `<=`, `>=`): a test that only compares. */
export const COMPARISON_OPERATORS: ReadonlySet<TS.SyntaxKind> = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
]);

/**
 * The branch of `isCallToolResult(r) ? r : jsonResult(r)` (or `!isCallToolResult(r) ? … : r`) that
 * passes on a value already known to be a result: a migrated transport's, which holds no site.
 */
export function resultGuardedBranch(conditional: TS.ConditionalExpression): TS.Expression | undefined {
  let test = withoutParentheses(conditional.condition);
  const negated = ts.isPrefixUnaryExpression(test) && test.operator === ts.SyntaxKind.ExclamationToken;
  if (negated) test = withoutParentheses((test as TS.PrefixUnaryExpression).operand);
  if (!ts.isCallExpression(test) || !ts.isIdentifier(test.expression) || test.expression.text !== 'isCallToolResult') return undefined;
  const [subject] = test.arguments;
  const branch = negated ? conditional.whenFalse : conditional.whenTrue;
  const passed = withoutParentheses(branch);
  return subject !== undefined && ts.isIdentifier(subject) && ts.isIdentifier(passed) && passed.text === subject.text ? branch : undefined;
}

/** The spaces and tabs that start the line holding `offset`. */
export function lineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

/** The file writes its module specifiers in double quotes (its first import does): new string literals follow. */
export function prefersDoubleQuotes(sourceFile: TS.SourceFile): boolean {
  const first = sourceFile.statements.find(ts.isImportDeclaration);
  return first !== undefined && first.moduleSpecifier.getText(sourceFile).startsWith('"');
}
