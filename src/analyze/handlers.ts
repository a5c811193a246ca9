import ts from 'typescript';
import type { ResolvedHandlerOptions } from './options.js';
import { getPropertyValue, isFunctionLike, lineAndColumn, propertyName, stringLiteralText } from './syntax.js';
import type { Framework, HandlerStyle, ToolHandler } from './types.js';

// Registration calls that take callbacks but are never tools.
const NOT_TOOL_METHODS = new Set(['registerPrompt', 'registerResource', 'prompt', 'resource', 'addPrompt', 'addResource', 'addResourceTemplate']);
const SCHEMA_KEYS = ['inputSchema', 'parameters', 'schema', 'input_schema'];

/** Same-file declarations by name: enough to follow `handler` identifiers without a checker. */
export class LocalDeclarations {
  readonly functions = new Map<string, ts.SignatureDeclaration>();
  readonly variables = new Map<string, ts.VariableDeclaration>();

  constructor(sourceFile: ts.SourceFile) {
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionDeclaration(node) && node.name && node.body && !this.functions.has(node.name.text)) {
        this.functions.set(node.name.text, node);
      } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        if (!this.variables.has(node.name.text)) this.variables.set(node.name.text, node);
        const init = skipTypeWrappers(node.initializer);
        if ((ts.isArrowFunction(init) || ts.isFunctionExpression(init)) && !this.functions.has(node.name.text)) {
          this.functions.set(node.name.text, init);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }

  functionNamed(name: string): ts.SignatureDeclaration | undefined {
    return this.functions.get(name);
  }

  objectNamed(name: string): ts.ObjectLiteralExpression | undefined {
    const declaration = this.variables.get(name);
    const init = declaration?.initializer ? skipTypeWrappers(declaration.initializer) : undefined;
    return init && ts.isObjectLiteralExpression(init) ? init : undefined;
  }
}

function skipTypeWrappers(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current)) current = current.expression;
  return current;
}

/** Resolves an argument to the function it denotes: inline, a same-file name, or via the checker. */
export function resolveFunction(node: ts.Node, locals: LocalDeclarations, checker: ts.TypeChecker | undefined): ts.SignatureDeclaration | undefined {
  if (isFunctionLike(node)) return node;
  if (ts.isExpression(node)) {
    const expression = skipTypeWrappers(node);
    if (ts.isArrowFunction(expression) || ts.isFunctionExpression(expression)) return expression;
    if (ts.isIdentifier(expression)) {
      const local = locals.functionNamed(expression.text);
      if (local) return local;
      if (checker) return declarationFromChecker(expression, checker);
    }
    // `handlers.getWeather.bind(this)` and similar are left alone: too indirect to rewrite safely.
  }
  return undefined;
}

export function declarationFromChecker(node: ts.Node, checker: ts.TypeChecker): ts.SignatureDeclaration | undefined {
  let symbol = checker.getSymbolAtLocation(node);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  for (const declaration of symbol?.declarations ?? []) {
    if (isFunctionLike(declaration) && (declaration as ts.FunctionLikeDeclaration).body) return declaration;
    if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
      const init = skipTypeWrappers(declaration.initializer);
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
    }
  }
  return undefined;
}

function isCallToolRequestSchema(node: ts.Expression | undefined): boolean {
  if (!node) return false;
  if (ts.isIdentifier(node)) return node.text === 'CallToolRequestSchema';
  if (ts.isPropertyAccessExpression(node)) return node.name.text === 'CallToolRequestSchema';
  return false;
}

function toolNameOf(node: ts.Expression | undefined): string | null {
  return stringLiteralText(node ? skipTypeWrappers(node) : undefined);
}

function objectArgument(node: ts.Expression | undefined, locals: LocalDeclarations): ts.ObjectLiteralExpression | undefined {
  if (!node) return undefined;
  const expression = skipTypeWrappers(node);
  if (ts.isObjectLiteralExpression(expression)) return expression;
  if (ts.isIdentifier(expression)) return locals.objectNamed(expression.text);
  return undefined;
}

/**
 * Finds every tool handler in a file. One walk; handler discovery is cheap compared with parsing,
 * which keeps the ESLint plugin's cost small.
 */
export function findHandlers(sourceFile: ts.SourceFile, options: ResolvedHandlerOptions, locals: LocalDeclarations, checker: ts.TypeChecker | undefined): ToolHandler[] {
  const handlers: ToolHandler[] = [];
  const seen = new Set<ts.Node>();
  const add = (fn: ts.SignatureDeclaration | undefined, style: HandlerStyle, framework: Framework, toolName: string | null, hasOutputSchema: boolean, at: ts.Node): void => {
    if (!fn || seen.has(fn)) return;
    seen.add(fn);
    handlers.push({ fn, style, framework, toolName, hasOutputSchema, line: lineAndColumn(sourceFile, at.getStart(sourceFile)).line });
  };

  const definitionObject = (object: ts.ObjectLiteralExpression): void => {
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

  const visit = (node: ts.Node): void => {
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
