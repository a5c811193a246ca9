import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { useChecker, type CheckerSource, type LocalDeclarations } from '../declarations.js';
import { returnedExpressions as returnExpressions, type ValueFlow } from '../flow/origins.js';
import { PLACEHOLDER } from '../words.js';
import { failsByContext, inFailureBranch, readsAsSuccess } from './failure-context.js';
import { enclosingCatch, enclosingFunction, errorShape, isFunctionLike, isJsonStringifyCall, isStringSyntax, literalText, looksLikeErrorText, mentionsIdentifier, textVariants, unwrap } from '../syntax.js';

export { returnedExpressions as returnExpressions } from '../flow/origins.js';

/** Does a text report a failure: on every path it can take, on some, or on none? */
export type ErrorEvidence = 'all' | 'some' | 'none';

/**
 * Questions site classification asks about expressions: is it a string, is it an error. Syntax
 * answers first; the checker (made lazily) only when syntax cannot.
 */
export class Predicates {
  private readonly stringCallCache = new Map<TS.Node, boolean>();

  constructor(
    private readonly locals: LocalDeclarations,
    private readonly checker: CheckerSource | undefined,
    private readonly flow: ValueFlow,
    private readonly errorPatterns: readonly RegExp[],
  ) {}

  /**
   * Whether a text reports a failure, by meaning, wherever its value was built (src/analyze/flow):
   * failure words in its literal parts (src/analyze/words.ts), built from the caught error, the
   * JSON of an error payload, or prose written where only a failure leads (failure-context.ts). `some` when other paths give other text (`ok ? 'Saved' : 'Failed'`).
   */
  errorEvidence(expression: TS.Expression, fn: TS.SignatureDeclaration): ErrorEvidence {
    if (this.usesCaughtError(expression, fn)) return 'all';
    let errors = 0;
    let others = 0;
    // Other paths that say in so many words that nothing failed ("No matches", "Saved").
    let saidSuccesses = 0;
    for (const leaf of this.flow.origins(expression)) {
      // A template that picks its words (`${ok ? 'Saved' : 'Failed'}`) reads as each of its texts.
      const variants = this.variants(leaf, 0);
      if (variants && variants.length > 1) {
        for (const variant of variants) {
          if (this.looksLikeError(variant)) errors++;
          else {
            others++;
            saidSuccesses++;
          }
        }
        continue;
      }
      if (this.isErrorLeaf(leaf) || failsByContext(leaf, enclosingFunction(leaf) ?? fn)) errors++;
      else if (!isEmptyText(leaf)) {
        others++;
        if (readsAsSuccess(leaf)) saidSuccesses++;
      }
    }
    if (errors === 0) return 'none';
    // A text that reports a failure on some paths, used where only a failure leads
    // (`if (!data.ok) return text(describe(data))`): what it says there is that failure, unless
    // another path says it succeeded (`status === 404 ? 'No matches' : …`).
    return others === 0 || (saidSuccesses === 0 && inFailureBranch(expression, fn)) ? 'all' : 'some';
  }

  /** textVariants, with the template's spans followed to the constants that hold them. */
  private variants(node: TS.Expression, depth: number): string[] | null {
    const inner = unwrap(node);
    if (depth < 3 && ts.isTemplateExpression(inner)) {
      let texts = [inner.head.text];
      for (const span of inner.templateSpans) {
        const spanTexts = this.spanVariants(span.expression, depth);
        texts = texts.flatMap((prefix) => spanTexts.map((part) => prefix + part + span.literal.text)).slice(0, 8);
      }
      return texts;
    }
    return textVariants(inner);
  }

  private spanVariants(expression: TS.Expression, depth: number): string[] {
    const direct = textVariants(expression);
    if (direct) return direct;
    const inner = unwrap(expression);
    if (!ts.isIdentifier(inner)) return [PLACEHOLDER];
    const texts = this.flow.origins(inner).flatMap((origin) => (origin === inner ? [PLACEHOLDER] : (this.variants(origin, depth + 1) ?? [PLACEHOLDER])));
    return texts.length > 0 ? texts.slice(0, 8) : [PLACEHOLDER];
  }

  looksLikeError(text: string): boolean {
    return looksLikeErrorText(text, this.errorPatterns);
  }

  private isErrorLeaf(leaf: TS.Expression): boolean {
    const text = literalText(leaf);
    if (text !== null && this.looksLikeError(text)) return true;
    if (this.usesCaughtError(leaf, enclosingFunction(leaf) ?? leaf.getSourceFile())) return true;
    if (isJsonStringifyCall(leaf)) {
      const payload = (unwrap(leaf) as TS.CallExpression).arguments[0];
      const inner = payload ? unwrap(payload) : undefined;
      return inner !== undefined && ts.isObjectLiteralExpression(inner) && errorShape(inner) !== null;
    }
    return false;
  }

  /** Inside `catch (e)` and built from `e`. */
  usesCaughtError(expression: TS.Expression, fn: TS.Node): boolean {
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

  /** A function of the project that returns strings only: `formatVolume(v)`, `asText(x)`, an imported `createShareableLink(id)`. */
  isStringCall(call: TS.CallExpression): boolean {
    const callee = (ts.isIdentifier(call.expression) ? this.locals.functionFor(call.expression) : undefined) ?? this.flow.projectFunction(call);
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
      const text = literalText(expression);
      return text !== null && this.looksLikeError(text);
    });
  }
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

/** `''`: the start of a text built up with `+=`, no words of its own. */
function isEmptyText(node: TS.Expression): boolean {
  const inner = unwrap(node);
  return (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) && inner.text.trim() === '';
}
