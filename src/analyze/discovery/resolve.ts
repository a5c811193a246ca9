import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { skipTypeWrappers, useChecker, type CheckerSource, type LocalDeclarations } from '../declarations.js';
import type { Exported, SourceProject } from '../flow/project.js';
import { getPropertyValue, isFunctionLike, propertyName, stringLiteralText } from '../syntax.js';

/**
 * What discovery needs to follow names: the file's own declarations first (syntax, cheap), then
 * the project's other files through their imports and exports (syntax too, when there is a
 * project), then the type checker when there is one (path aliases, packages, inferred types).
 */
export interface ResolveScope {
  sourceFile: TS.SourceFile;
  locals: LocalDeclarations;
  checker: CheckerSource | undefined;
  project?: SourceProject;
}

const MAX_DEPTH = 6;

/** What a name may stand for: a written expression, or a function declaration / method. */
export type Value = TS.Expression | TS.SignatureDeclaration;

export function isFunctionValue(value: Value): value is TS.SignatureDeclaration {
  return isFunctionLike(value as TS.Node);
}

/** The declaration a name or property access denotes, through import aliases, via the checker. */
export function checkerDeclarations(node: TS.Node, scope: ResolveScope): readonly TS.Declaration[] {
  if (!scope.checker) return [];
  const checker = useChecker(scope.checker);
  const at = ts.isPropertyAccessExpression(node) ? node.name : node;
  let symbol = checker.getSymbolAtLocation(at);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.declarations ?? [];
}

/**
 * What an imported name stands for in another file of the project (syntax only): `import { a }`,
 * a default import, `import * as ns`, `require('./x')`, through any `export … from` chain.
 */
export function importedDeclaration(identifier: TS.Identifier, scope: ResolveScope): Exported | undefined {
  if (!scope.project) return undefined;
  const sourceFile = identifier.getSourceFile();
  const binding = scope.project.importOf(sourceFile, identifier.text);
  return binding ? scope.project.importedValue(binding, sourceFile) : undefined;
}

/** The module a name or property chain denotes: `ns` of `import * as ns`, or `ns.helpers` of `export * as helpers`. */
export function namespaceOf(expression: TS.Expression, scope: ResolveScope, depth = 0): TS.SourceFile | undefined {
  if (!scope.project || depth > MAX_DEPTH) return undefined;
  const node = skipTypeWrappers(expression);
  if (ts.isIdentifier(node)) {
    const local = scope.locals.declarationOf(node);
    if (local) {
      // `const client = await import('./client.js')` / `require('./client')` inside a function.
      const specifier = local && ts.isVariableDeclaration(local) && ts.isIdentifier(local.name) ? loadedModule(local.initializer) : undefined;
      const file = specifier ? scope.project.resolveModule(node.getSourceFile().fileName, specifier) : undefined;
      return file ? scope.project.sourceFile(file) : undefined;
    }
    const imported = importedDeclaration(node, scope);
    return imported?.kind === 'namespace' ? imported.file : undefined;
  }
  if (ts.isPropertyAccessExpression(node)) {
    const owner = namespaceOf(node.expression, scope, depth + 1);
    const member = owner ? scope.project.exported(owner, node.name.text) : undefined;
    return member?.kind === 'namespace' ? member.file : undefined;
  }
  return undefined;
}

/** The specifier of `await import('./x')` or `require('./x')`. */
function loadedModule(initializer: TS.Expression | undefined): string | undefined {
  let node = initializer;
  while (node && (ts.isAwaitExpression(node) || ts.isParenthesizedExpression(node))) node = node.expression;
  if (!node || !ts.isCallExpression(node) || node.arguments.length !== 1 || !ts.isStringLiteral(node.arguments[0])) return undefined;
  const isLoad = node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require');
  return isLoad ? node.arguments[0].text : undefined;
}

function exportedValue(exported: Exported | undefined, scope: ResolveScope, depth: number): Value | undefined {
  if (!exported || exported.kind === 'namespace') return undefined;
  const node = exported.node;
  if (ts.isClassDeclaration(node)) return undefined;
  if (isFunctionLike(node) || ts.isVariableDeclaration(node)) {
    const value = declaredValue(node as TS.Declaration);
    return value && !isFunctionValue(value) ? follow(value, scope, depth) : value;
  }
  // `export default <expression>`, `module.exports = { … }`'s values.
  return follow(node as TS.Expression, scope, depth);
}

/** The value a declaration gives its name, when the declaration has one written out. */
function declaredValue(declaration: TS.Declaration): Value | undefined {
  if (isFunctionLike(declaration) && (declaration as TS.FunctionLikeDeclaration).body) return declaration;
  if (ts.isVariableDeclaration(declaration) && ts.isIdentifier(declaration.name)) return declaration.initializer;
  if (ts.isPropertyAssignment(declaration)) return declaration.initializer;
  if (ts.isShorthandPropertyAssignment(declaration)) return declaration.name;
  if (ts.isEnumMember(declaration)) return declaration.initializer;
  if (ts.isPropertyDeclaration(declaration)) return declaration.initializer;
  return undefined;
}

/**
 * Where a name's value is written: `x` → its const initializer (this file, or another via the
 * checker), `obj.key` → the property's value in obj's object literal, `this.method` → the method.
 * Returns the expression itself when it is not a name.
 */
export function valueOf(expression: TS.Expression, scope: ResolveScope, depth = 0): Value | undefined {
  const node = skipTypeWrappers(expression);
  if (depth > MAX_DEPTH) return undefined;
  if (ts.isIdentifier(node)) {
    const local = scope.locals.declarationOf(node);
    if (local) {
      if (ts.isParameter(local)) return undefined;
      if (ts.isFunctionDeclaration(local)) return local;
      // Only a binding that holds the whole initializer: `const { a } = x` is not x.
      if (!ts.isIdentifier(local.name) || !local.initializer) return undefined;
      return (local.parent.flags & ts.NodeFlags.Const) !== 0 ? follow(local.initializer, scope, depth) : undefined;
    }
    const imported = importedDeclaration(node, scope);
    if (imported) return exportedValue(imported, scope, depth);
    for (const declaration of checkerDeclarations(node, scope)) {
      const value = declaredValue(declaration);
      if (value) return isFunctionValue(value) ? value : follow(value, scope, depth);
    }
    return undefined;
  }
  if (ts.isPropertyAccessExpression(node)) {
    if (node.expression.kind === ts.SyntaxKind.ThisKeyword) {
      const member = classMember(node, node.name.text, scope);
      if (member) return member;
    }
    const namespace = namespaceOf(node.expression, scope);
    if (namespace && scope.project) return exportedValue(scope.project.exported(namespace, node.name.text), scope, depth);
    const owner = valueOf(node.expression, scope, depth + 1);
    if (owner && !isFunctionValue(owner) && ts.isObjectLiteralExpression(owner)) {
      const value = getPropertyValue(owner, node.name.text);
      if (value) return ts.isMethodDeclaration(value) ? value : follow(value, scope, depth);
    }
    for (const declaration of checkerDeclarations(node, scope)) {
      // A method of some class instance (`client.getPods`) is an API call, not a tool's code.
      if (ts.isClassElement(declaration)) continue;
      const value = declaredValue(declaration);
      if (value) return isFunctionValue(value) ? value : follow(value, scope, depth);
    }
    return undefined;
  }
  return node;
}

function follow(value: TS.Expression, scope: ResolveScope, depth: number): Value | undefined {
  const inner = skipTypeWrappers(value);
  return ts.isIdentifier(inner) || ts.isPropertyAccessExpression(inner) ? valueOf(inner, scope, depth + 1) : inner;
}

/**
 * The method or function-valued property `name` of the class `node` sits in, or of the classes it
 * extends (`this.runRequest(…)` written in a base class of the project, in this file or another).
 */
function classMember(node: TS.Node, name: string, scope: ResolveScope): TS.SignatureDeclaration | undefined {
  let current: TS.Node | undefined = node.parent;
  while (current && !ts.isClassLike(current)) current = current.parent;
  for (let classNode = current as TS.ClassLikeDeclaration | undefined, depth = 0; classNode && depth <= MAX_DEPTH; classNode = baseClassOf(classNode, scope), depth++) {
    const member = classMethod(classNode, name);
    if (member) return member;
  }
  return undefined;
}

/** The class a class extends, when the project declares it. */
function baseClassOf(classNode: TS.ClassLikeDeclaration, scope: ResolveScope): TS.ClassLikeDeclaration | undefined {
  const heritage = classNode.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
  return heritage ? classDeclarationOf(heritage.expression, scope) : undefined;
}

/** The class a name denotes: declared in its file, imported from another, or found by the checker. */
export function classDeclarationOf(expression: TS.Expression, scope: ResolveScope): TS.ClassLikeDeclaration | undefined {
  let node = skipTypeWrappers(expression);
  while (ts.isNonNullExpression(node) || ts.isParenthesizedExpression(node)) node = skipTypeWrappers(node.expression);
  if (ts.isClassExpression(node)) return node;
  if (!ts.isIdentifier(node)) return undefined;
  for (const statement of node.getSourceFile().statements) {
    if (ts.isClassDeclaration(statement) && statement.name?.text === node.text) return statement;
  }
  const imported = importedDeclaration(node, scope);
  if (imported?.kind === 'declaration' && (ts.isClassDeclaration(imported.node) || ts.isClassExpression(imported.node))) return imported.node;
  const value = valueOf(node, scope);
  if (value && !isFunctionValue(value) && ts.isClassExpression(value)) return value;
  return checkerDeclarations(node, scope).find((declaration): declaration is TS.ClassDeclaration => ts.isClassDeclaration(declaration));
}

/** A class's method `name`, or its property holding a function. */
export function classMethod(classNode: TS.ClassLikeDeclaration, name: string): TS.SignatureDeclaration | undefined {
  for (const member of classNode.members) {
    if (propertyName(member.name) !== name) continue;
    if (ts.isMethodDeclaration(member) && member.body) return member;
    if (ts.isPropertyDeclaration(member) && member.initializer) {
      const init = skipTypeWrappers(member.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
  }
  return undefined;
}

/** An object literal an expression denotes (inline, a const, an import). */
export function objectLiteralOf(expression: TS.Expression, scope: ResolveScope): TS.ObjectLiteralExpression | undefined {
  const value = valueOf(expression, scope);
  return value && !isFunctionValue(value) && ts.isObjectLiteralExpression(value) ? value : undefined;
}

/** A function an expression denotes (inline, a function declaration, a const arrow, an import). */
export function functionOf(expression: TS.Expression | TS.MethodDeclaration, scope: ResolveScope): TS.SignatureDeclaration | undefined {
  if (ts.isMethodDeclaration(expression)) return expression;
  const value = valueOf(expression, scope);
  if (!value) return undefined;
  if (isFunctionValue(value)) return value;
  return ts.isArrowFunction(value) || ts.isFunctionExpression(value) ? value : undefined;
}

/**
 * The text of a tool name: a literal, a const holding one (`TOOLS.listTeams`, an enum member), or
 * a literal type the checker knows. Null when it is only known at run time.
 */
export function constantText(expression: TS.Expression | undefined, scope: ResolveScope): string | null {
  if (!expression) return null;
  const node = skipTypeWrappers(expression);
  const literal = stringLiteralText(node);
  if (literal !== null) return literal;
  if (ts.isTemplateExpression(node)) {
    // `${PREFIX}_version` with PREFIX a constant.
    let text = node.head.text;
    for (const span of node.templateSpans) {
      const part = constantText(span.expression, scope);
      if (part === null) return null;
      text += part + span.literal.text;
    }
    return text;
  }
  if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) {
    const value = valueOf(node, scope);
    if (value && !isFunctionValue(value)) {
      const text = stringLiteralText(skipTypeWrappers(value));
      if (text !== null) return text;
    }
    const member = enumMemberText(node);
    if (member !== null) return member;
  }
  if (scope.checker && !ts.isTemplateExpression(node)) {
    const type = useChecker(scope.checker).getTypeAtLocation(node);
    if (type.isStringLiteral()) return type.value;
  }
  return null;
}

/** `Tools.List` of a same-file `enum Tools { List = 'list' }`. */
function enumMemberText(node: TS.Expression): string | null {
  if (!ts.isPropertyAccessExpression(node) || !ts.isIdentifier(node.expression)) return null;
  const enumName = node.expression.text;
  for (const statement of node.getSourceFile().statements) {
    if (ts.isEnumDeclaration(statement) && statement.name.text === enumName) {
      const member = statement.members.find((candidate) => propertyName(candidate.name) === node.name.text);
      return member?.initializer ? stringLiteralText(member.initializer) : null;
    }
  }
  return null;
}
