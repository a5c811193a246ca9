import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { errorShape, getProperty, isConstDeclaration, propertyName, unwrap } from '../syntax.js';
import type { HelperName, Rewrite } from '../types.js';
import { jsonTextOf, type JsonText } from './json.js';
import { mentionsOrAwaits, plainValueNames, statementsOf } from './references.js';
import { otherKeys, transportWrapperValue } from './transport.js';
import type { SiteScope } from './scope.js';

export const OTHER_FIELDS_REASON = 'the result has other fields that may set structuredContent or isError (a spread, a computed name); add structuredContent by hand';

/**
 * The rewrite of a result literal into a helper's call: the whole literal when it has nothing but
 * `content` (and `isError: false`), else only its `content` property, which becomes the spread of
 * the helper's result so that the other fields (`_meta`, `metadata`) stay beside it as they were.
 * `call` writes the helper's call for the node it replaces (its lines are indented from there);
 * `removed` are statements before the literal that go with the rewrite. Null when `call` gives none,
 * or when another field could set what the helper sets (see `otherFieldsBlock`).
 */
export function resultLiteralRewrite(object: TS.ObjectLiteralExpression, call: (site: TS.Node) => { text: string; helpers: HelperName[] } | null, scope: SiteScope, removed: readonly TS.Node[] = []): Rewrite | null {
  const others = otherKeys(object);
  const content = getProperty(object, 'content');
  if (others.length > 0 && (otherFieldsBlock(object) || !content)) return null;
  const site = others.length === 0 ? object : content!;
  const made = call(site);
  if (made === null) return null;
  // `{ ...(a ? jsonResult(x) : successResult(y)), _meta }`: a ternary needs its parentheses in a spread.
  const replacement = site === object ? made.text : `...${/^[\w.$]+\(/.test(made.text) && made.text.endsWith(')') && !isTernaryText(made.text) ? made.text : `(${made.text})`}`;
  const edit = removed.length > 0 ? scope.rewriter.replaceCutting(site, replacement, removed) : scope.rewriter.replace(site, replacement);
  return { edit, helpers: made.helpers };
}

/** One helper call, `helper(…)`, or something more (a ternary of calls) that a spread must parenthesise. */
function isTernaryText(text: string): boolean {
  let depth = 0;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (character === '(') depth++;
    else if (character === ')') {
      depth--;
      if (depth === 0 && index < text.length - 1) return true;
    }
  }
  return false;
}

/** `call` for one helper whose call text `write` gives. */
export function helperCall(helper: HelperName, write: (site: TS.Node) => string | null): (site: TS.Node) => { text: string; helpers: HelperName[] } | null {
  return (site) => {
    const text = write(site);
    return text === null ? null : { text, helpers: [helper] };
  };
}

/**
 * True when a field beside `content` may set `structuredContent` or `isError` after the helper's
 * spread (or be one the reader cannot name): a spread, or a computed name.
 */
export function otherFieldsBlock(object: TS.ObjectLiteralExpression): boolean {
  return otherKeys(object).some((property) => ts.isSpreadAssignment(property) || propertyName(property.name) === null);
}

/**
 * `const json = JSON.stringify(value); … text: json`: the JSON text is made before the result is
 * built. jsonResult(value) writes the same text where the result is, when the value there is the
 * value that was serialised:
 *
 * - the const is read only by this text and the result is built by the very next statement: the
 *   value's expression moves into jsonResult, whatever it is (nothing runs in between), and the
 *   const goes (it would be unused);
 * - otherwise the value must be a plain value (a const, a property read of one, or an object
 *   literal of those), none of whose names the statements in between mention, and none of which
 *   awaits: the value is read again, and is what it was. The const goes when nothing else reads it.
 *
 * Null when neither holds: the site stays for review.
 */
export function heldJsonText(text: TS.Expression, object: TS.ObjectLiteralExpression, scope: SiteScope): { json: JsonText; removed: TS.Node[] } | null {
  let json: JsonText | null = null;
  const held = heldText(text, object, scope, (initializer) => {
    json = jsonTextOf(initializer, scope);
    if (!json?.value || json.options === null || ts.isSpreadElement(json.value)) return undefined;
    const payload = unwrap(json.value);
    return ts.isObjectLiteralExpression(payload) && errorShape(payload) ? undefined : json.value;
  });
  return held && json ? { json, removed: held.removed } : null;
}

/**
 * `const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2); return { content:
 * [{ type: 'text', text }] }`: the text toCallToolResult(value) writes, kept in a const first. The
 * value, under the same conditions as heldJsonText's, and the statements to remove.
 */
export function heldTransportText(text: TS.Expression, object: TS.ObjectLiteralExpression, scope: SiteScope): { value: TS.Expression; removed: TS.Node[] } | null {
  let value: TS.Expression | undefined;
  const held = heldText(text, object, scope, (initializer) => {
    const wrapped = transportWrapperValue(initializer);
    value = wrapped?.indentIsTwo ? wrapped.value : undefined;
    return value;
  });
  return held && value ? { value, removed: held.removed } : null;
}

/**
 * The text is a const of this block whose initializer serialises a value (`valueOf` gives that
 * value, or undefined when the initializer is not such a text), and that value is still the one
 * serialised where the literal is built (see heldJsonText). The const's statement is to be removed
 * when nothing else reads it.
 */
function heldText(text: TS.Expression, object: TS.ObjectLiteralExpression, scope: SiteScope, valueOf: (initializer: TS.Expression) => TS.Expression | undefined): { removed: TS.Node[] } | null {
  const name = unwrap(text);
  if (!ts.isIdentifier(name)) return null;
  const declaration = scope.locals.variableFor(name);
  if (!declaration || !ts.isIdentifier(declaration.name) || !declaration.initializer || !isConstDeclaration(declaration)) return null;
  const list = declaration.parent as TS.VariableDeclarationList;
  const statement = list.parent;
  if (list.declarations.length !== 1 || !ts.isVariableStatement(statement)) return null;
  const value = valueOf(declaration.initializer);
  if (!value) return null;
  const holder = holdingStatement(object);
  const statements = holder && statementsOf(holder.parent);
  if (!holder || !statements || holder.parent !== statement.parent) return null;
  const from = statements.indexOf(statement);
  const to = statements.indexOf(holder);
  if (from < 0 || to <= from) return null;
  const between = statements.slice(from + 1, to);
  const readElsewhere = readsOf(declaration, statement.parent, scope).some((read) => read !== name);
  if (!readElsewhere && between.length === 0) return { removed: [statement] };
  const names = plainValueNames(value, scope);
  if (!names || between.some((node) => mentionsOrAwaits(node, names))) return null;
  return { removed: readElsewhere ? [] : [statement] };
}

/** The statement whose first evaluation is the literal: `return { … }` or `const result = { … }`. */
function holdingStatement(object: TS.ObjectLiteralExpression): TS.Statement | undefined {
  let node: TS.Node = object;
  while (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent) || ts.isSatisfiesExpression(node.parent) || ts.isNonNullExpression(node.parent)) node = node.parent;
  const parent = node.parent;
  if (ts.isReturnStatement(parent)) return parent;
  if (ts.isVariableDeclaration(parent) && parent.initializer === node && ts.isVariableDeclarationList(parent.parent) && parent.parent.declarations.length === 1 && ts.isVariableStatement(parent.parent.parent)) return parent.parent.parent;
  return undefined;
}

/** Every identifier in `container` that names `declaration`, its own name left out. */
function readsOf(declaration: TS.VariableDeclaration, container: TS.Node, scope: SiteScope): TS.Identifier[] {
  const name = (declaration.name as TS.Identifier).text;
  const reads: TS.Identifier[] = [];
  const visit = (node: TS.Node): void => {
    if (ts.isIdentifier(node) && node.text === name && node !== declaration.name && scope.locals.declarationOf(node) === declaration) reads.push(node);
    ts.forEachChild(node, visit);
  };
  visit(container);
  return reads;
}
