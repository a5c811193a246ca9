import type * as TS from 'typescript';
import { ts } from '../typescript.js';

type LocalDeclaration = TS.VariableDeclaration | TS.FunctionDeclaration | TS.ParameterDeclaration;

/**
 * Same-file declarations, looked up from the place that names them, block by block outwards (so
 * shadowing is respected). Only the blocks on the way are indexed, each once, which keeps lint
 * cheap (no whole-file pass for names never asked for) and a block with 20,000 statements linear.
 */
export class LocalDeclarations {
  private readonly cache = new Map<TS.Identifier, LocalDeclaration | null>();
  private readonly blockIndexes = new Map<TS.Node, Map<string, TS.VariableDeclaration | TS.FunctionDeclaration>>();

  constructor(private readonly sourceFile: TS.SourceFile) {}

  /** The declaration `identifier` refers to in this file, if it is a variable, function or parameter. */
  declarationOf(identifier: TS.Identifier): LocalDeclaration | undefined {
    const cached = this.cache.get(identifier);
    if (cached !== undefined) return cached ?? undefined;
    const found = this.lookup(identifier) ?? null;
    this.cache.set(identifier, found);
    return found ?? undefined;
  }

  private lookup(identifier: TS.Identifier): LocalDeclaration | undefined {
    const name = identifier.text;
    for (let scope: TS.Node | undefined = identifier.parent; scope; scope = scope.parent) {
      if (ts.isFunctionLike(scope)) {
        const parameter = scope.parameters.find((candidate) => bindsName(candidate.name, name));
        if (parameter) return parameter;
      }
      const found = this.blockIndex(scope)?.get(name);
      if (found) return found;
      if (scope === this.sourceFile) break;
    }
    return undefined;
  }

  /** Name → first function or variable declaration among a block's own statements. */
  private blockIndex(scope: TS.Node): Map<string, TS.VariableDeclaration | TS.FunctionDeclaration> | undefined {
    const statements = ts.isSourceFile(scope) || ts.isBlock(scope) || ts.isModuleBlock(scope) || ts.isCaseClause(scope) || ts.isDefaultClause(scope) ? scope.statements : undefined;
    if (!statements) return undefined;
    let index = this.blockIndexes.get(scope);
    if (!index) {
      index = new Map();
      for (const statement of statements) {
        if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
          if (!index.has(statement.name.text)) index.set(statement.name.text, statement);
        } else if (ts.isVariableStatement(statement)) {
          for (const declaration of statement.declarationList.declarations) {
            for (const bound of boundNames(declaration.name)) if (!index.has(bound)) index.set(bound, declaration);
          }
        }
      }
      this.blockIndexes.set(scope, index);
    }
    return index;
  }

  functionFor(identifier: TS.Identifier): TS.SignatureDeclaration | undefined {
    const declaration = this.declarationOf(identifier);
    if (!declaration) return undefined;
    if (ts.isFunctionDeclaration(declaration)) return declaration;
    if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
      const init = skipTypeWrappers(declaration.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
    return undefined;
  }

  objectFor(identifier: TS.Identifier): TS.ObjectLiteralExpression | undefined {
    const declaration = this.declarationOf(identifier);
    if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
    const init = skipTypeWrappers(declaration.initializer);
    return ts.isObjectLiteralExpression(init) ? init : undefined;
  }

  variableFor(identifier: TS.Identifier): TS.VariableDeclaration | undefined {
    const declaration = this.declarationOf(identifier);
    return declaration && ts.isVariableDeclaration(declaration) ? declaration : undefined;
  }
}

/** `x`, or `{ arguments: x }` / `[x]` destructuring that binds `name`. */
export function bindsName(binding: TS.BindingName, name: string): boolean {
  if (ts.isIdentifier(binding)) return binding.text === name;
  return binding.elements.some((element) => !ts.isOmittedExpression(element) && bindsName(element.name, name));
}

function boundNames(binding: TS.BindingName): string[] {
  if (ts.isIdentifier(binding)) return [binding.text];
  return binding.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : boundNames(element.name)));
}

export function skipTypeWrappers(node: TS.Expression): TS.Expression {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current)) current = current.expression;
  return current;
}

/**
 * A type checker, or a function that makes one on first use: creating a checker binds every file
 * of the program (hundreds of milliseconds), which syntax alone often makes unnecessary.
 */
export type CheckerSource = TS.TypeChecker | (() => TS.TypeChecker);

export function useChecker(source: CheckerSource): TS.TypeChecker {
  return typeof source === 'function' ? source() : source;
}
