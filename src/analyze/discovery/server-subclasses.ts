import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import type { ResolvedHandlerOptions } from '../options.js';
import { propertyName, unwrap } from '../syntax.js';

/** The SDK's own registration methods: a subclass method that calls one of them registers a tool. */
const SDK_REGISTRATIONS = new Set(['registerTool', 'tool']);

/**
 * The registration methods a server adds to its own subclass of the SDK's `McpServer`
 * (`addToolWithReadAccess(name, description, schema?, callback)`, which checks an access list and
 * hands the callback to `registerTool`): a method of a class that `extends McpServer` and calls
 * `registerTool` or `tool`, itself or through another method of the class. Their calls are
 * registrations like `server.tool(name, …, callback)`: the name first, the callback last. Read
 * across the project's files, because the subclass is usually in a module of its own.
 */
export function serverSubclassRegistrationMethods(sourceFiles: readonly TS.SourceFile[]): Set<string> {
  const found = new Set<string>();
  for (const sourceFile of sourceFiles) {
    // Most files declare no subclass of McpServer: one text search before any walk.
    if (!sourceFile.text.includes('McpServer')) continue;
    const visit = (node: TS.Node): void => {
      if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
        if (extendsMcpServer(node)) for (const name of registeringMethods(node)) found.add(name);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  for (const name of [...SDK_REGISTRATIONS, 'setRequestHandler', 'addTool']) found.delete(name);
  return found;
}

/** The options with the project's own registration methods added (the team's `registrationMethods` kept). */
export function withServerSubclassMethods(options: ResolvedHandlerOptions, sourceFiles: readonly TS.SourceFile[]): ResolvedHandlerOptions {
  const methods = serverSubclassRegistrationMethods(sourceFiles);
  const added = [...methods].filter((name) => !options.registrationMethods.has(name)).sort();
  if (added.length === 0) return options;
  return { ...options, registrationMethods: new Set([...options.registrationMethods, ...added]), key: `${options.key}|${added.join(',')}` };
}

function extendsMcpServer(node: TS.ClassLikeDeclaration): boolean {
  return (node.heritageClauses ?? []).some(
    (clause) =>
      clause.token === ts.SyntaxKind.ExtendsKeyword &&
      clause.types.some((type) => {
        const base = type.expression;
        return (ts.isIdentifier(base) && base.text === 'McpServer') || (ts.isPropertyAccessExpression(base) && base.name.text === 'McpServer');
      }),
  );
}

/** The methods that reach an SDK registration, directly or through `this.other(…)` in the class. */
function registeringMethods(node: TS.ClassLikeDeclaration): string[] {
  const methods = new Map<string, TS.MethodDeclaration>();
  for (const member of node.members) {
    const name = ts.isMethodDeclaration(member) && member.body ? propertyName(member.name) : null;
    if (name !== null) methods.set(name, member as TS.MethodDeclaration);
  }
  const registering = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, method] of methods) {
      if (registering.has(name) || !callsRegistration(method, registering)) continue;
      registering.add(name);
      grew = true;
    }
  }
  // A private method is the class's own step; a method that takes no callback (`listTools()`)
  // registers nothing of the caller's.
  return [...registering].filter((name) => {
    const method = methods.get(name)!;
    const isPrivate = ts.isPrivateIdentifier(method.name) || (ts.getModifiers(method) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.PrivateKeyword || modifier.kind === ts.SyntaxKind.ProtectedKeyword);
    return !isPrivate && (method.parameters.length >= 2 || method.parameters.some((parameter) => parameter.dotDotDotToken));
  });
}

/** `this.registerTool(…)`, `super.tool(…)`, `McpServer.prototype.registerTool.call(this, …)`, or `this.<registering>(…)`. */
function callsRegistration(method: TS.MethodDeclaration, registering: ReadonlySet<string>): boolean {
  let found = false;
  const visit = (node: TS.Node): void => {
    if (found) return;
    if (ts.isPropertyAccessExpression(node)) {
      const name = node.name.text;
      const receiver = unwrap(node.expression);
      const onThis = receiver.kind === ts.SyntaxKind.ThisKeyword || receiver.kind === ts.SyntaxKind.SuperKeyword;
      if (SDK_REGISTRATIONS.has(name) && (onThis || (ts.isPropertyAccessExpression(receiver) && receiver.name.text === 'prototype'))) found = true;
      else if (onThis && registering.has(name)) found = true;
    }
    ts.forEachChild(node, visit);
  };
  if (method.body) visit(method.body);
  return found;
}

