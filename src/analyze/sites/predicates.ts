import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { useChecker, type CheckerSource, type LocalDeclarations } from '../declarations.js';
import { enclosingCatch, isFunctionLike, isInside, isStringSyntax, leadingText, looksLikeErrorText, mentionsIdentifier, unwrap } from '../syntax.js';

/**
 * Questions site classification asks about expressions: is it a string, is it an error. Syntax
 * answers first; the checker (made lazily) only when syntax cannot.
 */
export class Predicates {
  private readonly stringCallCache = new Map<TS.Node, boolean>();

  constructor(
    private readonly locals: LocalDeclarations,
    private readonly checker: CheckerSource | undefined,
  ) {}

  /** Error-looking text, or built from the caught error, or a local message that is. */
  isErrorLike(expression: TS.Expression, fn: TS.SignatureDeclaration, depth = 0): boolean {
    const lead = leadingText(expression);
    if (lead !== null && looksLikeErrorText(lead)) return true;
    if (this.usesCaughtError(expression, fn)) return true;
    // `const message = \`Failed: ${e}\`; return message;` is the same error, one step removed.
    const inner = unwrap(expression);
    if (depth < 2 && ts.isIdentifier(inner)) {
      const declaration = this.locals.variableFor(inner);
      if (declaration?.initializer && isInside(declaration, fn)) return this.isErrorLike(declaration.initializer, fn, depth + 1);
    }
    return false;
  }

  /** Inside `catch (e)` and built from `e`. */
  usesCaughtError(expression: TS.Expression, fn: TS.SignatureDeclaration): boolean {
    const catchClause = enclosingCatch(expression, fn);
    const variable = catchClause?.variableDeclaration?.name;
    return variable !== undefined && ts.isIdentifier(variable) && mentionsIdentifier(expression, variable.text);
  }

  isString(expression: TS.Expression): boolean {
    if (isStringSyntax(expression, (id) => this.isStringIdentifier(id), (call) => this.isStringCall(call))) return true;
    if (!this.checker) return false;
    return isStringType(useChecker(this.checker).getTypeAtLocation(expression));
  }

  isStringIdentifier(identifier: TS.Identifier, depth = 0): boolean {
    if (depth > 4) return false;
    // Syntax first: a local `let report = '…'` or `: string` needs no checker.
    const declaration = this.locals.variableFor(identifier);
    if (declaration?.type?.kind === ts.SyntaxKind.StringKeyword) return true;
    if (declaration?.initializer && isStringSyntax(declaration.initializer, (id) => id.text !== identifier.text && this.isStringIdentifier(id, depth + 1), (call) => this.isStringCall(call))) return true;
    if (this.checker) return isStringType(useChecker(this.checker).getTypeAtLocation(identifier));
    return false;
  }

  /** A same-file function that returns strings only: `formatVolume(v)`, `asText(x)`. */
  isStringCall(call: TS.CallExpression): boolean {
    if (!ts.isIdentifier(call.expression)) return false;
    const callee = this.locals.functionFor(call.expression);
    return callee !== undefined && this.returnsOnlyStrings(callee);
  }

  returnsOnlyStrings(fn: TS.SignatureDeclaration): boolean {
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
  isStringHelper(fn: TS.SignatureDeclaration): boolean {
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
}

export function returnExpressions(fn: TS.SignatureDeclaration): TS.Expression[] {
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

export function isPromiseOfString(type: TS.TypeNode): boolean {
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
