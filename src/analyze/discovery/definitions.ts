import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { skipTypeWrappers } from '../declarations.js';
import { getPropertyValue, propertyName } from '../syntax.js';
import type { DiscoveryScope, HandlerEvidence } from './types.js';
import { classMethod, constantText } from './resolve.js';
import { handlerTargets } from './targets.js';

const SCHEMA_KEYS = ['inputSchema', 'parameters', 'schema', 'input_schema'];
const OUTPUT_SCHEMA_KEYS = ['outputSchema', 'output_schema'];
/** The handler properties of the built-in tool-definition shape (on unless `toolDefinitions: false`). */
export const DEFINITION_HANDLER_PROPERTIES = ['execute', 'handler'];

/**
 * A tool-definition object, wherever it is written (exported, in an array, built for a loop):
 * a `name`, a schema (`parameters`, `inputSchema`, `schema`) and an `execute` or `handler`
 * function. Recognised in its own file, with or without type information, because the module
 * that registers it may be anywhere. Merely having `name` and `execute` is not enough.
 */
export function definitionObject(object: TS.ObjectLiteralExpression, scope: DiscoveryScope, add: (evidence: HandlerEvidence) => void): void {
  const { options } = scope;
  // Two properties at least (a name, a handler): most object literals stop here.
  if (object.properties.length < 2) return;
  const properties = options.toolDefinitions ? [...DEFINITION_HANDLER_PROPERTIES, ...options.handlerProperties] : [...options.handlerProperties];
  if (properties.length === 0 || (scope.agentSdk && !scope.fastmcp)) return;
  const name = getPropertyValue(object, 'name');
  if (!name || ts.isMethodDeclaration(name)) return;
  // FastMCP tools may have no parameters; in a FastMCP file a described tool object is enough.
  const hasSchema = SCHEMA_KEYS.some((key) => getPropertyValue(object, key) !== undefined) || (scope.fastmcp && getPropertyValue(object, 'description') !== undefined);
  // Without a schema, a registry entry (`register({ name, handler: handleListThings })`, an element
  // of a tools array): whether it is a tool is left to where its handler's value goes (ProjectAnalysis).
  // A tool that takes no input may declare only what it returns: an `outputSchema` is weaker
  // evidence than an input schema (a result description has one too), so it makes a registry entry.
  const isRegistryEntry = !hasSchema && options.toolDefinitions && (isHandedOn(object) || OUTPUT_SCHEMA_KEYS.some((key) => getPropertyValue(object, key) !== undefined));
  if (!hasSchema && !isRegistryEntry) return;
  for (const key of new Set(hasSchema ? properties : [...properties, ...REGISTRY_HANDLER_PROPERTIES])) {
    const value = getPropertyValue(object, key);
    if (!value) continue;
    for (const target of handlerTargets(value, scope)) {
      add({
        fn: target.fn,
        style: hasSchema ? 'definition' : 'registry',
        framework: scope.fastmcp ? 'fastmcp' : 'transport',
        toolName: constantText(name, scope),
        hasOutputSchema: getPropertyValue(object, 'outputSchema') !== undefined,
        at: object,
        property: key,
        definedBy: object,
      });
    }
  }
}

/** More names registries give the handler of an entry without a schema. */
const REGISTRY_HANDLER_PROPERTIES = ['run', 'callback'];

/** Every name a tool object's handler goes by, and so a transport calls on a looked-up tool (`tool.execute(args)`), besides the configured `handlerProperties`. */
export const REGISTRY_HANDLER_NAMES: ReadonlySet<string> = new Set([...DEFINITION_HANDLER_PROPERTIES, ...REGISTRY_HANDLER_PROPERTIES]);

/** Passed to a call (`register({ … })`) or an element of an array literal (`const tools = [{ … }]`). */
function isHandedOn(object: TS.ObjectLiteralExpression): boolean {
  let node: TS.Node = object;
  while (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent) || ts.isSatisfiesExpression(node.parent)) node = node.parent;
  const parent = node.parent;
  return (ts.isCallExpression(parent) && parent.arguments.includes(node as TS.Expression)) || ts.isArrayLiteralExpression(parent);
}

/** `const search: ToolCallback<…> = async (args) => …` (or `satisfies ToolCallback<…>`): an SDK tool callback by its type. */
export function isToolCallbackDeclaration(declaration: TS.VariableDeclaration, scope: DiscoveryScope, add: (evidence: HandlerEvidence) => void): void {
  const initializer = declaration.initializer;
  if (!initializer || (!declaration.type && !ts.isSatisfiesExpression(initializer))) return;
  const typed = isToolCallbackType(declaration.type) || (ts.isSatisfiesExpression(initializer) && isToolCallbackType(initializer.type));
  if (!typed) return;
  for (const target of handlerTargets(skipTypeWrappers(initializer), scope)) {
    add({ fn: target.fn, style: 'typed', framework: 'sdk', toolName: null, hasOutputSchema: false, at: declaration });
  }
}

function isToolCallbackType(type: TS.TypeNode | undefined): boolean {
  if (!type || !ts.isTypeReferenceNode(type)) return false;
  const name = ts.isIdentifier(type.typeName) ? type.typeName.text : type.typeName.right.text;
  return name === 'ToolCallback';
}

/** `function handleXxx()` / `const handleXxx = …` matching a configured handler pattern. */
export function namedHandler(node: TS.FunctionDeclaration | TS.VariableDeclaration, scope: DiscoveryScope, add: (evidence: HandlerEvidence) => void): void {
  const patterns = scope.options.handlerPatterns;
  if (patterns.length === 0 || !node.name || !ts.isIdentifier(node.name)) return;
  const name = node.name.text;
  if (!patterns.some((pattern) => pattern.test(name))) return;
  const fn = ts.isFunctionDeclaration(node) ? (node.body ? node : undefined) : node.initializer ? functionExpression(node.initializer) : undefined;
  if (fn) add({ fn, style: 'handler-pattern', framework: 'transport', toolName: null, hasOutputSchema: false, at: node });
}

function functionExpression(initializer: TS.Expression): TS.SignatureDeclaration | undefined {
  const inner = skipTypeWrappers(initializer);
  return ts.isArrowFunction(inner) || ts.isFunctionExpression(inner) ? inner : undefined;
}

/** With `handlerClasses`: a class with a `name` property and an `execute` method. */
export function handlerClass(node: TS.ClassDeclaration, scope: DiscoveryScope, add: (evidence: HandlerEvidence) => void): void {
  if (!scope.options.handlerClasses) return;
  const nameMember = node.members.find((member) => ts.isPropertyDeclaration(member) && propertyName(member.name) === 'name');
  const execute = classMethod(node, 'execute');
  if (!nameMember || !execute || !ts.isMethodDeclaration(execute)) return;
  const toolName = ts.isPropertyDeclaration(nameMember) ? constantText(nameMember.initializer, scope) : null;
  add({ fn: execute, style: 'class-execute', framework: 'transport', toolName, hasOutputSchema: false, at: node });
}
