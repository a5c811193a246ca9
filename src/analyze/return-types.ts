import type * as TS from 'typescript';
import { ts } from '../typescript.js';
import type { ResolvedHandlerOptions } from './options.js';
import type { Rewriter } from './rewrites.js';
import { returnExpressions } from './sites/predicates.js';
import { promisedType, unwrap, withoutParentheses } from './syntax.js';
import { STRING_RESULT_KINDS, type Finding, type ReturnTypeChange } from './types.js';

/**
 * Return-type edits that keep rewritten code compiling:
 * - `string` / `Promise<string>` annotations of functions whose string returns were all rewritten
 *   become `ToolResult` / `Promise<ToolResult>`;
 * - an inline result type (`(): { content: …; isError: boolean }`, a type literal with `content`)
 *   of a function whose returns all became helper calls becomes `ToolResult` as well: the helpers'
 *   results need not fit the hand-written type (a success has no `isError`);
 * - an inline result type without `isError`, in a function where a literal gains `isError: true`,
 *   gains an `isError?: boolean` member (else the literal has a property its type does not know).
 * The `ToolResult` edits' text is a placeholder: writers put the name the file imports the
 * runtime's ToolResult under (`resultTypeName`).
 */
export function returnTypeChanges(findings: readonly Finding[], unrewrittenStringReturn: ReadonlySet<TS.SignatureDeclaration>, options: ResolvedHandlerOptions, rewriter: Rewriter, sourceFile: TS.SourceFile): ReturnTypeChange[] {
  const changes: ReturnTypeChange[] = [];
  const rewrittenIn = new Map<TS.SignatureDeclaration, Finding[]>();
  for (const finding of findings) {
    if (!finding.rewrite) continue;
    const list = rewrittenIn.get(finding.returningFunction);
    if (list) list.push(finding);
    else rewrittenIn.set(finding.returningFunction, [finding]);
  }
  for (const [fn, rewritten] of rewrittenIn) {
    if (!fn.type) continue;
    // Every return is a helper call after the rewrites (`helpersOnly`), or at least a result.
    const covered = (expression: TS.Expression, helpersOnly: boolean): boolean => {
      const node = withoutParentheses(expression);
      if (ts.isConditionalExpression(node)) return covered(node.whenTrue, helpersOnly) && covered(node.whenFalse, helpersOnly);
      const inner = unwrap(node);
      if (ts.isCallExpression(inner)) {
        const name = ts.isIdentifier(inner.expression) ? inner.expression.text : null;
        if (name !== null && options.resultHelpers.has(name)) return true;
      }
      const start = node.getStart(sourceFile);
      if (rewritten.some((finding) => finding.start <= start && finding.end >= node.getEnd() && (!helpersOnly || finding.rewrite!.helpers.length > 0))) return true;
      // `let result: string; … result = X; … return result;` with every X rewritten: the variable
      // holds results now (its own annotation changes with it), and so does the function.
      return ts.isIdentifier(inner) && assignmentsAllRewritten(inner.text, fn, rewritten, sourceFile);
    };
    const returned = stringReturnType(fn.type, sourceFile);
    if (returned) {
      if (!rewritten.some((finding) => STRING_RESULT_KINDS.has(finding.kind))) continue;
      if (!unrewrittenStringReturn.has(fn) && returnExpressions(fn).every((expression) => covered(expression, false))) {
        changes.push({ fn, edit: rewriter.replace(returned, 'ToolResult') });
      } else if (returned.kind === ts.SyntaxKind.StringKeyword && rewritten.some((finding) => STRING_RESULT_KINDS.has(finding.kind) && finding.rewrite!.helpers.length > 0)) {
        // Some string returns stay (left for review, or not classifiable) while others now build
        // results: the annotation holds both, rather than rejecting the rewritten returns.
        changes.push({ fn, edit: rewriter.replace(returned, 'ToolResult'), widening: 'string' });
      }
      continue;
    }
    const resultType = inlineResultType(fn.type);
    if (!resultType) {
      // Declared to return data (`Promise<Entity>`) while a return now builds a result: the
      // annotation widens to hold both, as the value reaching the SDK already did.
      const declared = declaredDataType(fn.type, sourceFile);
      if (declared && rewritten.some((finding) => finding.rewrite!.helpers.length > 0 && DATA_KINDS.has(finding.kind))) {
        const text = declared.getText(sourceFile);
        const kept = ts.isFunctionTypeNode(declared) || ts.isConstructorTypeNode(declared) || ts.isConditionalTypeNode(declared) ? `(${text})` : text;
        changes.push({ fn, edit: rewriter.replace(declared, 'ToolResult'), widening: kept });
      }
      continue;
    }
    if (returnExpressions(fn).every((expression) => covered(expression, true))) {
      changes.push({ fn, edit: rewriter.replace(resultType, 'ToolResult') });
    } else if (rewritten.some((finding) => finding.rewrite!.addsIsError) && !resultType.members.some((member) => memberName(member) === 'isError')) {
      changes.push({ fn, edit: rewriter.addTypeMember(resultType, 'isError?: boolean'), isErrorMember: true });
    }
  }
  return changes;
}

/**
 * The `string` a function is annotated to return (`string`, `Promise<string>`), or the union an
 * editor suggestion left there while other string returns were still to be rewritten
 * (`string | ToolResult`, `Promise<string | ToolResult>`): the node that becomes `ToolResult`.
 */
export function stringReturnType(type: TS.TypeNode, sourceFile: TS.SourceFile): TS.TypeNode | undefined {
  const inner = promisedType(type);
  if (inner.kind === ts.SyntaxKind.StringKeyword) return inner;
  if (!ts.isUnionTypeNode(inner) || inner.types.length !== 2) return undefined;
  const names = resultTypeNames(sourceFile);
  const isResultType = (member: TS.TypeNode) => ts.isTypeReferenceNode(member) && ts.isIdentifier(member.typeName) && names.has(member.typeName.text);
  const [a, b] = inner.types;
  return (a.kind === ts.SyntaxKind.StringKeyword && isResultType(b)) || (b.kind === ts.SyntaxKind.StringKeyword && isResultType(a)) ? inner : undefined;
}

/**
 * Sites where the function returned plain data: its declared type is a data type. (A hand-built
 * result's type, the server's own `ToolResponse`, already fits the helpers' results.)
 */
const DATA_KINDS: ReadonlySet<string> = new Set(['bare-object', 'error-object']);

/** Types that already hold the helpers' results: the SDK's and the runtime's, and any/unknown. */
const HOLDS_RESULTS = /\b(?:CallToolResult|ToolResult|SuccessResult|ErrorResult|ServerResult)\b/;

/**
 * The data type a function is annotated to return (inside `Promise<…>`), when it cannot hold a
 * helper's result: not `any` / `unknown` / `void`, not a result type already.
 */
function declaredDataType(type: TS.TypeNode, sourceFile: TS.SourceFile): TS.TypeNode | undefined {
  const inner = promisedType(type);
  if (inner.kind === ts.SyntaxKind.AnyKeyword || inner.kind === ts.SyntaxKind.UnknownKeyword || inner.kind === ts.SyntaxKind.VoidKeyword || inner.kind === ts.SyntaxKind.ObjectKeyword) return undefined;
  const text = inner.getText(sourceFile);
  if (HOLDS_RESULTS.test(text) || [...resultTypeNames(sourceFile)].some((name) => new RegExp(`\\b${name}\\b`).test(text))) return undefined;
  return inner;
}

const resultTypeNamesCache = new WeakMap<TS.SourceFile, Set<string>>();

/** Local names under which the file imports a `ToolResult` type. */
function resultTypeNames(sourceFile: TS.SourceFile): Set<string> {
  let names = resultTypeNamesCache.get(sourceFile);
  if (!names) {
    names = new Set();
    for (const statement of sourceFile.statements) {
      const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) if ((element.propertyName ?? element.name).text === 'ToolResult') names.add(element.name.text);
    }
    resultTypeNamesCache.set(sourceFile, names);
  }
  return names;
}

/** `{ content: …; … }` written as the function's return type, or inside its `Promise<…>`. */
export function inlineResultType(type: TS.TypeNode): TS.TypeLiteralNode | undefined {
  let inner = promisedType(type);
  while (ts.isParenthesizedTypeNode(inner)) inner = inner.type;
  return ts.isTypeLiteralNode(inner) && inner.members.some((member) => memberName(member) === 'content') ? inner : undefined;
}

function memberName(member: TS.TypeElement): string | undefined {
  return member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? member.name.text : undefined;
}

/** Every `name = X` in `fn` (outside nested functions) has its X rewritten, and there is at least one. */
function assignmentsAllRewritten(name: string, fn: TS.SignatureDeclaration, rewritten: readonly Finding[], sourceFile: TS.SourceFile): boolean {
  const body = (fn as TS.FunctionLikeDeclaration).body;
  if (!body) return false;
  let assignments = 0;
  let allRewritten = true;
  const visit = (node: TS.Node): void => {
    if (!allRewritten || ts.isFunctionLike(node)) return;
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(node.left) && node.left.text === name) {
      assignments++;
      const start = node.right.getStart(sourceFile);
      const end = node.right.getEnd();
      if (!rewritten.some((finding) => finding.start <= start && finding.end >= end)) allRewritten = false;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return allRewritten && assignments > 0;
}
