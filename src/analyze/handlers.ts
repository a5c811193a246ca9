import type * as TS from 'typescript';
import { ts } from '../typescript.js';
import type { ResolvedHandlerOptions } from './options.js';
import { getPropertyValue, isFunctionLike, lineAndColumn, propertyName, stringLiteralText } from './syntax.js';
import type { Framework, HandlerStyle, ToolHandler } from './types.js';

// Registration calls that take callbacks but are never tools.
const NOT_TOOL_METHODS = new Set(['registerPrompt', 'registerResource', 'prompt', 'resource', 'addPrompt', 'addResource', 'addResourceTemplate']);
const SCHEMA_KEYS = ['inputSchema', 'parameters', 'schema', 'input_schema'];

/**
 * Same-file declarations, looked up from the place that names them, block by block outwards (so
 * shadowing is respected). Only the blocks on the way are scanned, which keeps lint cheap: there
 * is no whole-file pass to index declarations that are never asked for.
 */
export class LocalDeclarations {
  private readonly cache = new Map<TS.Identifier, TS.VariableDeclaration | TS.FunctionDeclaration | TS.ParameterDeclaration | null>();

  constructor(private readonly sourceFile: TS.SourceFile) {}

  /** The declaration `identifier` refers to in this file, if it is a variable, function or parameter. */
  declarationOf(identifier: TS.Identifier): TS.VariableDeclaration | TS.FunctionDeclaration | TS.ParameterDeclaration | undefined {
    const cached = this.cache.get(identifier);
    if (cached !== undefined) return cached ?? undefined;
    const found = this.lookup(identifier) ?? null;
    this.cache.set(identifier, found);
    return found ?? undefined;
  }

  private lookup(identifier: TS.Identifier): TS.VariableDeclaration | TS.FunctionDeclaration | TS.ParameterDeclaration | undefined {
    const name = identifier.text;
    for (let scope: TS.Node | undefined = identifier.parent; scope; scope = scope.parent) {
      if (ts.isFunctionLike(scope)) {
        const parameter = scope.parameters.find((candidate) => bindsName(candidate.name, name));
        if (parameter) return parameter;
      }
      const statements = ts.isSourceFile(scope) || ts.isBlock(scope) || ts.isModuleBlock(scope) || ts.isCaseClause(scope) || ts.isDefaultClause(scope) ? scope.statements : undefined;
      if (!statements) continue;
      for (const statement of statements) {
        if (ts.isFunctionDeclaration(statement) && statement.name?.text === name && statement.body) return statement;
        if (ts.isVariableStatement(statement)) {
          const declaration = statement.declarationList.declarations.find((candidate) => bindsName(candidate.name, name));
          if (declaration) return declaration;
        }
      }
      if (scope === this.sourceFile) break;
    }
    return undefined;
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
function bindsName(binding: TS.BindingName, name: string): boolean {
  if (ts.isIdentifier(binding)) return binding.text === name;
  return binding.elements.some((element) => !ts.isOmittedExpression(element) && bindsName(element.name, name));
}

function skipTypeWrappers(node: TS.Expression): TS.Expression {
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

/** Resolves an argument to the function it denotes: inline, a same-file name, or via the checker. */
export function resolveFunction(node: TS.Node, locals: LocalDeclarations, checker: CheckerSource | undefined): TS.SignatureDeclaration | undefined {
  if (isFunctionLike(node)) return node;
  if (ts.isExpression(node)) {
    const expression = skipTypeWrappers(node);
    if (ts.isArrowFunction(expression) || ts.isFunctionExpression(expression)) return expression;
    if (ts.isIdentifier(expression)) {
      const local = locals.functionFor(expression);
      if (local) return local;
      if (checker) return declarationFromChecker(expression, useChecker(checker));
    }
    // `handlers.getWeather.bind(this)` and similar are left alone: too indirect to rewrite safely.
  }
  return undefined;
}

export function declarationFromChecker(node: TS.Node, checker: TS.TypeChecker): TS.SignatureDeclaration | undefined {
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  for (const declaration of symbol?.declarations ?? []) {
    if (isFunctionLike(declaration) && (declaration as TS.FunctionLikeDeclaration).body) return declaration;
    if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
      const init = skipTypeWrappers(declaration.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
  }
  return undefined;
}

function isCallToolRequestSchema(node: TS.Expression | undefined): boolean {
  if (!node) return false;
  if (ts.isIdentifier(node)) return node.text === 'CallToolRequestSchema';
  if (ts.isPropertyAccessExpression(node)) return node.name.text === 'CallToolRequestSchema';
  return false;
}

function toolNameOf(node: TS.Expression | undefined): string | null {
  return stringLiteralText(node ? skipTypeWrappers(node) : undefined);
}

function objectArgument(node: TS.Expression | undefined, locals: LocalDeclarations): TS.ObjectLiteralExpression | undefined {
  if (!node) return undefined;
  const expression = skipTypeWrappers(node);
  if (ts.isObjectLiteralExpression(expression)) return expression;
  if (ts.isIdentifier(expression)) return locals.objectFor(expression);
  return undefined;
}

/**
 * Finds every tool handler in a file. One walk; handler discovery is cheap compared with parsing,
 * which keeps the ESLint plugin's cost small.
 */
export function findHandlers(sourceFile: TS.SourceFile, options: ResolvedHandlerOptions, locals: LocalDeclarations, checker: CheckerSource | undefined): ToolHandler[] {
  const handlers: ToolHandler[] = [];
  const byFunction = new Map<TS.Node, ToolHandler>();
  const add = (fn: TS.SignatureDeclaration | undefined, style: HandlerStyle, framework: Framework, toolName: string | null, hasOutputSchema: boolean, at: TS.Node): void => {
    if (!fn) return;
    const existing = byFunction.get(fn);
    if (existing) {
      // A tool object built first and registered later: the registration says what the framework is.
      if (existing.style === 'definition' && style !== 'definition') Object.assign(existing, { style, framework, toolName: toolName ?? existing.toolName, hasOutputSchema: hasOutputSchema || existing.hasOutputSchema });
      return;
    }
    const handler: ToolHandler = { fn, style, framework, toolName, hasOutputSchema, line: lineAndColumn(sourceFile, at.getStart(sourceFile)).line };
    byFunction.set(fn, handler);
    handlers.push(handler);
  };

  const definitionObject = (object: TS.ObjectLiteralExpression): void => {
    if (options.handlerProperties.size === 0) return;
    const hasSchema = SCHEMA_KEYS.some((key) => getPropertyValue(object, key) !== undefined);
    const name = getPropertyValue(object, 'name');
    if (!hasSchema || !name || ts.isMethodDeclaration(name)) return;
    for (const key of options.handlerProperties) {
      const value = getPropertyValue(object, key);
      if (!value) continue;
      const fn = resolveFunction(value, locals, checker);
      add(fn, 'definition', 'transport', toolNameOf(name), getPropertyValue(object, 'outputSchema') !== undefined, object);
    }
  };

  const visit = (node: TS.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const args = node.arguments;
      const last = args[args.length - 1];
      if (NOT_TOOL_METHODS.has(method)) {
        // Prompts and resources are never tools; their callbacks are not visited as handlers.
      } else if ((method === 'tool' || options.registrationMethods.has(method)) && args.length >= 2 && toolNameOf(args[0]) !== null) {
        add(resolveFunction(last, locals, checker), 'tool', 'sdk', toolNameOf(args[0]), false, node);
      } else if (method === 'registerTool' && args.length >= 2) {
        const config = objectArgument(args[1], locals);
        const hasOutputSchema = config ? getPropertyValue(config, 'outputSchema') !== undefined : false;
        add(resolveFunction(last, locals, checker), 'registerTool', 'sdk', toolNameOf(args[0]), hasOutputSchema, node);
      } else if (method === 'setRequestHandler' && args.length >= 2 && isCallToolRequestSchema(args[0])) {
        add(resolveFunction(last, locals, checker), 'low-level', 'sdk', null, false, node);
      } else if (method === 'addTool' && args.length >= 1) {
        const tool = objectArgument(args[0], locals);
        const execute = tool ? getPropertyValue(tool, 'execute') : undefined;
        if (tool && execute) {
          const name = getPropertyValue(tool, 'name');
          add(resolveFunction(execute, locals, checker), 'fastmcp-addTool', 'fastmcp', name && !ts.isMethodDeclaration(name) ? toolNameOf(name) : null, false, node);
        }
      }
    } else if (ts.isObjectLiteralExpression(node)) {
      definitionObject(node);
    } else if (options.handlerPatterns.length > 0 && (ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node)) && node.name && ts.isIdentifier(node.name)) {
      const name = node.name.text;
      if (options.handlerPatterns.some((pattern) => pattern.test(name))) {
        const fn = ts.isFunctionDeclaration(node) ? (node.body ? node : undefined) : node.initializer ? resolveFunction(node.initializer, locals, undefined) : undefined;
        add(fn, 'handler-pattern', 'transport', null, false, node);
      }
    } else if (options.handlerClasses && ts.isClassDeclaration(node)) {
      const hasName = node.members.some((member) => ts.isPropertyDeclaration(member) && propertyName(member.name) === 'name');
      const execute = node.members.find((member) => ts.isMethodDeclaration(member) && propertyName(member.name) === 'execute' && member.body);
      if (hasName && execute && ts.isMethodDeclaration(execute)) {
        const nameMember = node.members.find((member) => ts.isPropertyDeclaration(member) && propertyName(member.name) === 'name');
        const toolName = nameMember && ts.isPropertyDeclaration(nameMember) ? toolNameOf(nameMember.initializer) : null;
        add(execute, 'class-execute', 'transport', toolName, false, node);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return handlers;
}
