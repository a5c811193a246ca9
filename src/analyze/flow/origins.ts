import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { skipTypeWrappers } from '../declarations.js';
import { classMethod, functionOf, importedDeclaration, type ResolveScope } from '../discovery/resolve.js';
import { topLevelDeclaration } from './project.js';
import { instanceMethod } from '../discovery/instances.js';
import { getPropertyValue, isBuiltPerElement, isConstDeclaration, isFunctionLike, propertyName, STRING_METHODS, templateOwnText, unwrap, withoutParentheses } from '../syntax.js';
import { KIT_HELPERS } from '../options.js';

/**
 * Where a value is built. `origins(x)` answers with every expression whose value `x` may hold,
 * looking through what does not build anything: parentheses, casts and `await`; both branches of
 * `?:`, `||` and `??`; every assignment that can reach a variable (its initializer, each
 * `x = …` in branches, `x += …`); `const` aliases and destructuring of object literals; imported
 * constants; property reads of object literals; and calls into the project's own functions, by
 * what they return (never by their names). What is left are the leaves: literals, templates,
 * object and array literals, calls it cannot enter (APIs, packages), parameters.
 *
 * Each function's returns and each variable's assignments are traced once (memoised), and the
 * walk is bounded (calls `MAX_CALL_DEPTH` deep, `MAX_ORIGINS` leaves per question), so tracing
 * stays linear in the size of the code in practice; at a bound, the expression itself is the
 * leaf, which reads as "unknown" to every judge.
 */
export class ValueFlow {
  private readonly assignmentMemo = new Map<TS.VariableDeclaration, { replaced: TS.Expression[]; appended: TS.Expression[] }>();
  private readonly returnMemo = new Map<TS.Node, TS.Expression[]>();

  constructor(private readonly scope: ResolveScope) {}

  /**
   * `withAppends`: also what `x += …` appends to a text. Those are parts of the one text, not
   * other values it may hold, so judging how a text starts (is it an error?) leaves them out and
   * judging what it contains (JSON?) takes them.
   */
  origins(expression: TS.Expression, options: { withAppends?: boolean } = {}): TS.Expression[] {
    const walk: Walk = { found: [], seen: new Set(), withAppends: options.withAppends ?? false, arguments: new Map() };
    this.collect(expression, walk, 0);
    return walk.found;
  }

  /**
   * Everything a text is made of, wherever it was built: the origins, and their parts (template
   * spans, both sides of `+`, what `x += …` appends, the text a string method was called on, the
   * arguments of calls it cannot enter). `isLeaf` stops the walk at nodes the caller judges
   * whole (`JSON.stringify(x)`, a value serialised whatever it is).
   */
  contributors(expression: TS.Expression, isLeaf: (node: TS.Expression) => boolean): TS.Expression[] {
    const walk: Walk = { found: [], seen: new Set(), withAppends: true, arguments: new Map(), parts: { isLeaf } };
    this.collect(expression, walk, 0);
    return walk.found;
  }

  /** The expressions a function returns (`=> expr` bodies included), nested functions excluded. */
  returnedExpressions(fn: TS.SignatureDeclaration): TS.Expression[] {
    let known = this.returnMemo.get(fn);
    if (!known) {
      known = returnedExpressions(fn);
      this.returnMemo.set(fn, known);
    }
    return known;
  }

  /** A call of a project function that always throws: `return fail(error)` gives the caller no value. */
  callNeverReturns(call: TS.CallExpression): boolean {
    const callee = this.projectFunction(call);
    return callee !== undefined && this.returnedExpressions(callee).length === 0 && alwaysThrows(callee);
  }

  private collect(expression: TS.Expression, walk: Walk, callDepth: number): void {
    if (walk.found.length >= MAX_ORIGINS) return;
    const node = unwrap(expression);
    if (walk.seen.has(node)) return;
    walk.seen.add(node);
    if (walk.parts) {
      if (walk.parts.isLeaf(node)) {
        // A helper's own report around the value (`## Job\n…${JSON.stringify(job)}…`) is its prose,
        // not the caller's payload: only what the caller passed in, or the helper's whole value, counts.
        if (!walk.parts.insideHelperText) walk.found.push(node);
        return;
      }
      if (this.collectParts(node, walk, callDepth)) return;
    }
    if (ts.isConditionalExpression(node)) {
      this.collect(node.whenTrue, walk, callDepth);
      this.collect(node.whenFalse, walk, callDepth);
      return;
    }
    if (ts.isBinaryExpression(node)) {
      const operator = node.operatorToken.kind;
      if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken) {
        this.collect(node.left, walk, callDepth);
        this.collect(node.right, walk, callDepth);
        return;
      }
      if (operator === ts.SyntaxKind.AmpersandAmpersandToken || operator === ts.SyntaxKind.CommaToken) {
        this.collect(node.right, walk, callDepth);
        return;
      }
    }
    if (ts.isIdentifier(node)) {
      const bound = this.boundArgument(node, walk);
      if (bound) {
        // The argument is the caller's own value again, whatever the helper wraps it in.
        const callerWalk = walk.parts?.insideHelperText ? { ...walk, parts: { ...walk.parts, insideHelperText: false } } : walk;
        this.collect(bound.expression, callerWalk, bound.callDepth);
        return;
      }
      const values = this.variableValues(node, walk);
      if (values) {
        // After `if (result.isError) return …`, the result read here is not one of the error results.
        const inner = !walk.dropErrorResults && isGuardedAgainstErrorResult(node) ? { ...walk, dropErrorResults: true } : walk;
        for (const value of values) this.collect(value, inner, callDepth);
        return;
      }
    }
    if (walk.dropErrorResults && ts.isObjectLiteralExpression(node) && isErrorResultLiteral(node)) return;
    if (ts.isPropertyAccessExpression(node)) {
      const values = this.propertyValues(node.expression, node.name.text, walk, callDepth);
      if (values) {
        for (const value of values) this.collect(value, walk, callDepth);
        return;
      }
    }
    if (ts.isElementAccessExpression(node)) {
      const values = this.elementValues(node, walk, callDepth);
      if (values) {
        for (const value of values) this.collect(value, walk, callDepth);
        return;
      }
    }
    if (ts.isCallExpression(node) && callDepth < MAX_CALL_DEPTH) {
      const callee = this.projectFunction(node);
      if (callee) {
        const returned = this.returnedExpressions(callee);
        // `return fail(error)` where `fail` always throws: that path throws, it gives no value.
        if (returned.length === 0 && alwaysThrows(callee)) return;
        if (returned.length > 0) {
          // Inside the callee its parameters hold this call's arguments: `truncate(asText(x))`.
          callee.parameters.forEach((parameter, index) => {
            const argument = node.arguments[index];
            if (argument && !parameter.dotDotDotToken && !walk.arguments.has(parameter)) walk.arguments.set(parameter, { expression: argument, callDepth });
          });
          // A report a formatter writes around a value is its own prose; one that is little more
          // than the value (a code fence, a heading) passes the value on.
          const inner = walk.parts && !walk.parts.insideHelperText && this.proseWords(callee) > FEW_WORDS ? { ...walk, parts: { ...walk.parts, insideHelperText: true } } : walk;
          for (const value of returned) this.collect(value, inner, callDepth + 1);
          return;
        }
      }
    }
    walk.found.push(node);
  }

  /** Template spans, `+` operands, array elements, string-method receivers; true when `node` was taken apart. */
  private collectParts(node: TS.Expression, walk: Walk, callDepth: number): boolean {
    const parts = walk.parts;
    if (!parts) return false;
    if (ts.isTemplateExpression(node)) {
      for (const span of node.templateSpans) this.collect(span.expression, walk, callDepth);
      return true;
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      this.collect(node.left, walk, callDepth);
      this.collect(node.right, walk, callDepth);
      return true;
    }
    // `[header, body].join('\n')`: the array's elements are the text's parts.
    if (ts.isArrayLiteralExpression(node)) {
      for (const element of node.elements) this.collect(ts.isSpreadElement(element) ? element.expression : element, walk, callDepth);
      return true;
    }
    if (ts.isCallExpression(node) && !(callDepth < MAX_CALL_DEPTH && this.projectFunction(node))) {
      walk.found.push(node);
      const callee = node.expression;
      // `lines.join('\n')`: what was pushed into `lines` too, wherever it was.
      const joined = ts.isPropertyAccessExpression(callee) && callee.name.text === 'join' ? this.elementsOf(callee.expression) : null;
      // A labelled line per element (`${key}: ${format(value)}`) is prose about one element: not taken apart.
      if (joined) {
        for (const element of joined) if (!(isLabelledLine(element) && isBuiltPerElement(element))) this.collect(element, walk, callDepth);
      } else if (ts.isPropertyAccessExpression(callee) && STRING_METHODS.has(callee.name.text)) this.collect(callee.expression, walk, callDepth);
      for (const argument of node.arguments) if (!isFunctionLike(argument)) this.collect(argument, walk, callDepth);
      return true;
    }
    return false;
  }

  /**
   * A function of the project that a call enters: declared in this file or another of the
   * project (not a package's declaration file), with a body. Calls of methods on values the
   * analyzer cannot resolve (an API client's `get`) are leaves.
   */
  projectFunction(call: TS.CallExpression): TS.SignatureDeclaration | undefined {
    const callee = skipTypeWrappers(call.expression);
    if (!ts.isIdentifier(callee) && !ts.isPropertyAccessExpression(callee)) return undefined;
    if (isJsonStringify(callee)) return undefined;
    const fn = functionOf(callee, this.scope) ?? (ts.isPropertyAccessExpression(callee) ? (this.instanceMethod(callee) ?? instanceMethod(callee, this.scope)) : undefined);
    if (!fn || !(fn as TS.FunctionLikeDeclaration).body) return undefined;
    const file = fn.getSourceFile();
    if (file.isDeclarationFile || /[\\/]node_modules[\\/]/.test(file.fileName)) return undefined;
    // The kit's helpers copied into the project (`migrate --local-helpers`): a call of one is a result.
    const name = ts.isIdentifier(callee) ? callee.text : callee.name.text;
    if ((KIT_HELPERS as readonly string[]).includes(name) && file.text.includes('mcp-result-kit')) return undefined;
    return fn;
  }

  private readonly proseMemo = new Map<TS.Node, number>();

  /** Words of prose in a function's own string literals and templates (markdown marks and code fences aside). */
  private proseWords(fn: TS.SignatureDeclaration): number {
    let count = this.proseMemo.get(fn);
    if (count === undefined) {
      const pieces: string[] = [];
      const visit = (node: TS.Node): void => {
        if (node !== fn && isFunctionLike(node)) return;
        if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) pieces.push(node.text);
        else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) pieces.push(node.text);
        ts.forEachChild(node, visit);
      };
      visit(fn);
      count = pieces.join(' ').replace(/```\w*/g, ' ').split(/\s+/).filter((word) => /\p{L}{2,}/u.test(word)).length;
      this.proseMemo.set(fn, count);
    }
    return count;
  }

  /** The argument a parameter of an entered function holds in this walk. */
  private boundArgument(identifier: TS.Identifier, walk: Walk): { expression: TS.Expression; callDepth: number } | undefined {
    if (walk.arguments.size === 0) return undefined;
    const declaration = this.scope.locals.declarationOf(identifier);
    return declaration && ts.isParameter(declaration) && ts.isIdentifier(declaration.name) ? walk.arguments.get(declaration) : undefined;
  }

  /**
   * The elements an array may hold, wherever it was built: array literals (spreads followed),
   * `items.map((x) => ({ … }))` and `flatMap` (the callback's returns), `Array.from(x, fn)`,
   * `a.concat(b, c)`, and `push` / `unshift` calls on the variable holding it. Null when some part
   * cannot be seen.
   */
  elementsOf(expression: TS.Expression, depth = 0): TS.Expression[] | null {
    if (depth > 4) return null;
    const elements: TS.Expression[] = [];
    for (const origin of this.origins(expression)) {
      const found = this.originElements(origin, depth);
      if (!found) return null;
      elements.push(...found);
    }
    const inner = unwrap(expression);
    if (ts.isIdentifier(inner)) elements.push(...this.pushedElements(inner, depth));
    return [...new Set(elements)];
  }

  private originElements(origin: TS.Expression, depth: number): TS.Expression[] | null {
    if (ts.isArrayLiteralExpression(origin)) {
      const elements: TS.Expression[] = [];
      for (const element of origin.elements) {
        if (ts.isSpreadElement(element)) {
          const spread = this.elementsOf(element.expression, depth + 1);
          if (!spread) return null;
          elements.push(...spread);
        } else if (!ts.isOmittedExpression(element)) elements.push(element);
      }
      // `const items = []; … items.push(item); return items;` in a function the value came from:
      // what is pushed there is in the array too.
      const holder = origin.parent;
      if (ts.isVariableDeclaration(holder) && holder.initializer === origin && ts.isIdentifier(holder.name)) elements.push(...this.pushedElements(holder.name, depth));
      return elements;
    }
    if (ts.isCallExpression(origin)) {
      const callee = origin.expression;
      const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : null;
      const callback = origin.arguments.find((argument) => ts.isArrowFunction(argument) || ts.isFunctionExpression(argument)) as TS.SignatureDeclaration | undefined;
      if ((method === 'map' || method === 'flatMap') && callback) return this.returnedExpressions(callback).map(unwrap);
      if (method === 'from' && ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'Array' && callback) return this.returnedExpressions(callback).map(unwrap);
      if (method === 'concat' && ts.isPropertyAccessExpression(callee)) {
        const parts = [callee.expression, ...origin.arguments].map((part) => this.elementsOf(part, depth + 1));
        return parts.some((part) => part === null) ? null : parts.flat() as TS.Expression[];
      }
    }
    return null;
  }

  /** `content.push({ type: 'text', text })` on the variable that holds the array. */
  private pushedElements(identifier: TS.Identifier, depth: number): TS.Expression[] {
    const declaration = this.scope.locals.variableFor(identifier);
    if (!declaration || !ts.isIdentifier(declaration.name)) return [];
    const pushed: TS.Expression[] = [];
    const visit = (node: TS.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        (node.expression.name.text === 'push' || node.expression.name.text === 'unshift') &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === identifier.text &&
        this.scope.locals.declarationOf(node.expression.expression) === declaration
      ) {
        for (const argument of node.arguments) {
          if (ts.isSpreadElement(argument)) pushed.push(...(this.elementsOf(argument.expression, depth + 1) ?? []));
          else pushed.push(argument);
        }
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(declaringScope(declaration), visit);
    return pushed;
  }

  /** `processor.process(page)` where `const processor = new ContentProcessor(…)`: the method of that project class. */
  private instanceMethod(callee: TS.PropertyAccessExpression): TS.SignatureDeclaration | undefined {
    const owner = unwrap(callee.expression);
    if (!ts.isIdentifier(owner)) return undefined;
    const declaration = this.scope.locals.variableFor(owner);
    let created = declaration?.initializer ? unwrap(declaration.initializer) : undefined;
    if (!declaration) {
      // An instance another module exports (`export default new ApiClient()`, `export const api = new ApiClient()`).
      const imported = importedDeclaration(owner, this.scope);
      const node = imported?.kind === 'declaration' ? imported.node : undefined;
      if (node && ts.isVariableDeclaration(node) && isConstDeclaration(node)) created = node.initializer ? unwrap(node.initializer) : undefined;
      else if (node && ts.isNewExpression(node)) created = node;
    }
    if (!created || !ts.isNewExpression(created) || !ts.isIdentifier(created.expression)) return undefined;
    const className = created.expression;
    const local = topLevelDeclaration(className.getSourceFile(), className.text);
    const imported = local ? undefined : importedDeclaration(className, this.scope);
    const classNode = local ?? (imported?.kind === 'declaration' ? imported.node : undefined);
    return classNode && ts.isClassDeclaration(classNode) ? classMethod(classNode, callee.name.text) : undefined;
  }

  /**
   * What a variable may hold: a `const`'s initializer; a `let`/`var`'s initializer and every
   * assignment to it in the function (or file) that declares it; the matching property of an
   * object literal it was destructured from; an imported constant. Undefined for parameters and
   * anything it cannot see, which are then leaves.
   */
  private variableValues(identifier: TS.Identifier, walk: Walk): TS.Expression[] | undefined {
    const declaration = this.scope.locals.declarationOf(identifier);
    if (!declaration) {
      const imported = importedDeclaration(identifier, this.scope);
      if (imported?.kind === 'declaration' && ts.isVariableDeclaration(imported.node) && imported.node.initializer && isConstDeclaration(imported.node)) return [imported.node.initializer];
      return undefined;
    }
    if (ts.isParameter(declaration)) return undefined;
    if (!ts.isVariableDeclaration(declaration)) return undefined;
    if (!ts.isIdentifier(declaration.name)) {
      // `const { text } = build()`: the property of what build() returns.
      const path = bindingPath(declaration.name, identifier.text);
      if (!path || !declaration.initializer || path.length !== 1) return undefined;
      return this.propertyValues(declaration.initializer, path[0], walk, 0);
    }
    const values: TS.Expression[] = [];
    if (declaration.initializer && !isNullishLiteral(declaration.initializer)) values.push(declaration.initializer);
    if (!isConstDeclaration(declaration)) {
      const { replaced, appended } = this.assignments(declaration);
      values.push(...replaced, ...(walk.withAppends ? appended : []));
    }
    return values.length > 0 ? values : undefined;
  }

  /** `obj.name` where obj's origins are object literals with that property; undefined when any is not. */
  private propertyValues(owner: TS.Expression, name: string, walk: Walk, callDepth: number): TS.Expression[] | undefined {
    const ownerWalk: Walk = { found: [], seen: new Set(walk.seen), withAppends: false, arguments: walk.arguments };
    // An object's property is one whole value, even while a text is taken apart.
    this.collect(owner, ownerWalk, callDepth);
    const owners = ownerWalk.found;
    if (owners.length === 0) return undefined;
    const values: TS.Expression[] = [];
    for (const candidate of owners) {
      if (!ts.isObjectLiteralExpression(candidate)) return undefined;
      const value = getPropertyValue(candidate, name);
      if (value === undefined) {
        // A spread may carry the property: the analyzer cannot say which, so it does not guess.
        if (candidate.properties.some(ts.isSpreadAssignment)) return undefined;
        continue;
      }
      if (ts.isMethodDeclaration(value)) return undefined;
      values.push(value);
    }
    return values.length > 0 ? values : undefined;
  }

  /** `items[0]`, `result.content[i]`: the elements of the array literals the owner may be (the one at a literal index). */
  private elementValues(node: TS.ElementAccessExpression, walk: Walk, callDepth: number): TS.Expression[] | undefined {
    const ownerWalk: Walk = { found: [], seen: new Set(walk.seen), withAppends: false, arguments: walk.arguments };
    this.collect(node.expression, ownerWalk, callDepth);
    if (ownerWalk.found.length === 0) return undefined;
    const index = ts.isNumericLiteral(node.argumentExpression) ? Number(node.argumentExpression.text) : undefined;
    const values: TS.Expression[] = [];
    for (const owner of ownerWalk.found) {
      if (!ts.isArrayLiteralExpression(owner) || owner.elements.some(ts.isSpreadElement)) return undefined;
      const elements = index === undefined ? [...owner.elements] : owner.elements.slice(index, index + 1);
      values.push(...elements.filter((element) => !ts.isOmittedExpression(element)));
    }
    return values.length > 0 ? values : undefined;
  }

  /** Every `x = …`, `x ??= …`, `x ||= …` (replaced) and `x += …` (appended) to this declaration, in the scope that declares it. */
  private assignments(declaration: TS.VariableDeclaration): { replaced: TS.Expression[]; appended: TS.Expression[] } {
    const known = this.assignmentMemo.get(declaration);
    if (known) return known;
    const found = { replaced: [] as TS.Expression[], appended: [] as TS.Expression[] };
    this.assignmentMemo.set(declaration, found);
    const name = (declaration.name as TS.Identifier).text;
    const visit = (node: TS.Node): void => {
      if (ts.isBinaryExpression(node) && ts.isIdentifier(node.left) && node.left.text === name) {
        const operator = node.operatorToken.kind;
        const kind = operator === ts.SyntaxKind.PlusEqualsToken ? 'appended' : REPLACING.has(operator) ? 'replaced' : undefined;
        if (kind && this.scope.locals.declarationOf(node.left) === declaration) found[kind].push(node.right);
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(declaringScope(declaration), visit);
    return found;
  }
}

interface Walk {
  found: TS.Expression[];
  seen: Set<TS.Node>;
  withAppends: boolean;
  /** The arguments of the calls entered on the way, by the callee's parameter. */
  arguments: Map<TS.ParameterDeclaration, { expression: TS.Expression; callDepth: number }>;
  /** Set when a text is taken apart (contributors). */
  parts?: { isLeaf: (node: TS.Expression) => boolean; insideHelperText?: boolean };
  /** Past a guard that returned the error results: `{ …, isError: true }` literals are not among the values. */
  dropErrorResults?: boolean;
}

function isErrorResultLiteral(object: TS.ObjectLiteralExpression): boolean {
  const value = getPropertyValue(object, 'isError');
  return value !== undefined && value.kind === ts.SyntaxKind.TrueKeyword;
}

/** `if (x.isError) { …; return …; }` (or `throw`) before this read of `x`, in an enclosing block of the same function. */
function isGuardedAgainstErrorResult(identifier: TS.Identifier): boolean {
  let child: TS.Node = identifier;
  for (let current = identifier.parent; current && !isFunctionLike(current); child = current, current = current.parent) {
    if (!ts.isBlock(current) && !ts.isSourceFile(current)) continue;
    const index = current.statements.indexOf(child as TS.Statement);
    for (const statement of current.statements.slice(0, Math.max(index, 0))) {
      if (ts.isIfStatement(statement) && !statement.elseStatement && readsIsError(statement.expression, identifier.text) && alwaysExits(statement.thenStatement)) return true;
    }
  }
  return false;
}

function readsIsError(condition: TS.Expression, name: string): boolean {
  let node = withoutParentheses(condition);
  if (ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken || node.operatorToken.kind === ts.SyntaxKind.EqualsEqualsToken) && node.right.kind === ts.SyntaxKind.TrueKeyword) node = node.left;
  return ts.isPropertyAccessExpression(node) && node.name.text === 'isError' && ts.isIdentifier(node.expression) && node.expression.text === name;
}

function alwaysExits(statement: TS.Statement): boolean {
  if (ts.isReturnStatement(statement) || ts.isThrowStatement(statement)) return true;
  if (ts.isBlock(statement)) {
    const last = statement.statements[statement.statements.length - 1];
    return last !== undefined && alwaysExits(last);
  }
  return false;
}

const MAX_CALL_DEPTH = 4;
const FEW_WORDS = 8;

const MAX_ORIGINS = 64;

const REPLACING = new Set<TS.SyntaxKind>([ts.SyntaxKind.EqualsToken, ts.SyntaxKind.QuestionQuestionEqualsToken, ts.SyntaxKind.BarBarEqualsToken]);


function isNullishLiteral(node: TS.Expression): boolean {
  const inner = unwrap(node);
  return inner.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(inner) && inner.text === 'undefined');
}

function isJsonStringify(callee: TS.Expression): boolean {
  return ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'JSON';
}

/** The function (or source file) a `let` lives in: its assignments are there. */
function declaringScope(declaration: TS.VariableDeclaration): TS.Node {
  for (let current: TS.Node | undefined = declaration.parent; current; current = current.parent) {
    if (isFunctionLike(current) || ts.isSourceFile(current)) return current;
  }
  return declaration.getSourceFile();
}

function bindingPath(binding: TS.BindingName, name: string): string[] | undefined {
  if (ts.isIdentifier(binding)) return binding.text === name ? [] : undefined;
  if (!ts.isObjectBindingPattern(binding)) return undefined;
  for (const element of binding.elements) {
    const rest = bindingPath(element.name, name);
    if (!rest) continue;
    const key = element.propertyName ? propertyName(element.propertyName) : ts.isIdentifier(element.name) ? element.name.text : null;
    return key === null ? undefined : [key, ...rest];
  }
  return undefined;
}

export function returnedExpressions(fn: TS.SignatureDeclaration): TS.Expression[] {
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

/**
 * A function whose call never completes with a value: declared `never`, or a block body that
 * returns no value and ends in a `throw` (an error translator that rethrows in its own words).
 */
function alwaysThrows(fn: TS.SignatureDeclaration): boolean {
  if (fn.type?.kind === ts.SyntaxKind.NeverKeyword) return true;
  const body = (fn as TS.FunctionLikeDeclaration).body;
  if (!body || !ts.isBlock(body)) return false;
  const last = body.statements.at(-1);
  return last !== undefined && ts.isThrowStatement(last);
}

/** A template with text of its own around the values: `` `Meta: ${value}` ``, `` `${key}: ${value}` ``, `` `[${i}] ${item}` ``. */
function isLabelledLine(element: TS.Expression): boolean {
  const inner = unwrap(element);
  if (!ts.isTemplateExpression(inner)) return false;
  return /\S/.test(templateOwnText(inner));
}
