import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { allowsAnyJsonStructuredContent, protocolVersionOf } from '../../protocol-version.js';
import { KIT_HELPERS, type ResolvedHandlerOptions } from '../options.js';
import { getPropertyValue, isFunctionLike, isInside, lineAndColumn, stringLiteralText, unwrap } from '../syntax.js';
import type { Analysis, Finding, ToolHandler } from '../types.js';
import { isObjectSchema, mergeObjects, unionOf, type JsonSchema } from './json-schema.js';
import { givesStructuredContent, pathsOf, pathsOfFunction, returnStatements, type PathScope, type ResultPath } from './paths.js';
import { sdkOfRegistration, type SdkMajor } from './sdk.js';
import { schemaOfValue } from './value-schema.js';

/** Where a tool's output schema is written, in the idiom of its registration. */
export type SchemaPlacement =
  /**
   * `registerTool(name, config, cb)`: zod in `config.outputSchema`, a shape or an object for SDK 1.x,
   * a zod 4 object (a Standard Schema with JSON Schema) for the v2 `@modelcontextprotocol/server`.
   */
  | { idiom: 'zod-shape'; config: TS.ObjectLiteralExpression; sdk: SdkMajor }
  /** FastMCP `addTool({ …, execute })`: a zod object (a Standard Schema) in the tool's `outputSchema`. */
  | { idiom: 'fastmcp'; tool: TS.ObjectLiteralExpression }
  /** A low-level `ListTools` tool list: a JSON Schema beside the tool's `inputSchema`. */
  | { idiom: 'json-schema'; entry: TS.ObjectLiteralExpression };

/** The analyzer's finding for one tool that declares no outputSchema. */
export interface ToolOutputSchema {
  handler: ToolHandler;
  toolName: string | null;
  /** Where a report points: the registration call, or the tool's entry in the tool list. */
  node: TS.Node;
  line: number;
  column: number;
  placement: SchemaPlacement | null;
  /** Some success path returns structured content: the tool returns structured data. */
  structured: boolean;
  /** The schema every success path fits, or null (then `reason` says why). */
  schema: JsonSchema | null;
  reason?: string;
}

export interface InferOptions {
  options: ResolvedHandlerOptions;
  /** Findings this run rewrites: their sites count as what they become (see PathScope.pending). */
  pending?: readonly Finding[];
  /** The findings this run rewrites in another file of the project (none when it is not migrated). */
  pendingIn?: (sourceFile: TS.SourceFile) => readonly Finding[];
}

/**
 * For every tool of the file that declares no outputSchema: the schema its success paths' structured
 * values fit, derived from their types, or why there is none. Needs the type checker.
 */
export function inferOutputSchemas(analysis: Analysis, sourceFile: TS.SourceFile, checker: TS.TypeChecker, { options, pending = [], pendingIn }: InferOptions): ToolOutputSchema[] {
  const scope = pathScope(sourceFile, checker, options, pending, pendingIn);
  const anyJson = allowsAnyJsonStructuredContent(protocolVersionOf(sourceFile.fileName, options.protocolVersion));
  const found: ToolOutputSchema[] = [];
  for (const handler of analysis.handlers) {
    if (handler.fn.getSourceFile() !== sourceFile) continue;
    if (handler.framework === 'fastmcp' && handler.style === 'fastmcp-addTool' && !handler.hasOutputSchema) {
      found.push(fastmcpSchema(handler, scope));
      continue;
    }
    if (handler.framework !== 'sdk') continue;
    if (handler.style === 'registerTool' && !handler.hasOutputSchema) {
      const call = registrationOf(handler, sourceFile, checker);
      if (!call) continue;
      const config = objectLiteral(call.arguments[1], checker);
      if (config && getPropertyValue(config, 'outputSchema')) continue;
      const outcome = schemaOfPaths(pathsOfFunction(handler.fn, scope), scope, false);
      found.push(toolSchema(handler, handler.toolName, call, config ? { idiom: 'zod-shape', config, sdk: sdkOfRegistration(call, checker) } : null, outcome, sourceFile));
    } else if (handler.style === 'tool') {
      // SDK 1.x `server.tool(…)` has no place for an outputSchema: the tool is listed, never edited,
      // so no type is asked for.
      const structured = pathsOfFunction(handler.fn, scope).some(givesStructuredContent);
      const reason = 'server.tool(…) takes no outputSchema: register the tool with registerTool(name, { inputSchema, outputSchema }, cb) to declare one';
      const registration = handler.fn.parent && ts.isCallExpression(handler.fn.parent) ? handler.fn.parent : handler.fn;
      found.push(toolSchema(handler, handler.toolName, registration, null, { reason, structured }, sourceFile));
    } else if (handler.style === 'low-level') {
      found.push(...lowLevelSchemas(handler, scope, anyJson));
    }
  }
  found.push(...unplacedTools(analysis, scope, found));
  return found;
}

/** Registrations that are a tool of their own, where the kit has no place to write its outputSchema. */
const UNPLACED_STYLES: ReadonlyMap<ToolHandler['style'], string> = new Map([
  ['definition', 'a tool definition object'],
  ['registry', 'a registry entry'],
  ['class-execute', 'a class with execute'],
  ['typed', 'a const typed ToolCallback'],
  ['decorated', 'a decorated method'],
  ['followed', 'a function another registration calls (a registry, a lookup table)'],
]);

/** Frameworks whose outputSchema field the kit knows and does not write, and why. */
const UNWRITTEN_FRAMEWORKS: Readonly<Record<string, string>> = {
  'mcp-framework': "mcp-framework's outputSchemaShape is not written: the JSON Schema it lists is its own walk of the zod object, which can refuse values the object accepts",
  xmcp: "xmcp's outputSchema export is not written: xmcp refuses every key its shape does not name, so a schema from the static type could break a tool whose value carries more",
};

/**
 * Tools of the file that return structured content where the kit writes no outputSchema (a
 * definition object a loop registers, a function a dispatcher elsewhere calls, mcp-framework,
 * xmcp): listed with the reason, once per tool name, so every tool with structured results is
 * either given a schema or named. Decided from syntax alone: no type is asked for.
 */
function unplacedTools(analysis: Analysis, scope: PathScope, placed: readonly ToolOutputSchema[]): ToolOutputSchema[] {
  const named = new Set(placed.map((tool) => tool.toolName));
  const found: ToolOutputSchema[] = [];
  for (const handler of analysis.handlers) {
    if (handler.fn.getSourceFile() !== scope.sourceFile || handler.hasOutputSchema || handler.toolName === null || named.has(handler.toolName)) continue;
    const reason = UNWRITTEN_FRAMEWORKS[handler.framework] ?? (handler.framework === 'sdk' || handler.framework === 'fastmcp' || handler.framework === 'transport' || handler.framework === 'registry' ? styleReason(handler) : undefined);
    if (!reason) continue;
    const successes = pathsOfFunction(handler.fn, scope).filter((path) => path.kind !== 'error');
    if (!successes.some(givesStructuredContent)) continue;
    named.add(handler.toolName);
    found.push(toolSchema(handler, handler.toolName, handler.fn, null, { reason, structured: true }, scope.sourceFile));
  }
  return found;
}

function styleReason(handler: ToolHandler): string | undefined {
  const what = UNPLACED_STYLES.get(handler.style);
  if (!what || (handler.style === 'followed' && coveredByItsCaller(handler))) return undefined;
  return `the tool is registered as ${what}, where the kit has nowhere to declare an outputSchema (it writes one into registerTool's config, FastMCP's addTool, or the tool list beside a low-level CallTool handler)`;
}

/**
 * A function followed into from another file belongs to the tool its caller registers: that
 * registration gets the schema (or lists the tool), unless it is a low-level dispatcher whose file
 * holds no entry for the tool.
 */
function coveredByItsCaller(handler: ToolHandler): boolean {
  const from = handler.reachedFrom;
  if (!from || handler.toolName === null) return false;
  if (isRegistrationArgument(from)) return true;
  // The function of an object named after the tool (a definition, a registry entry, FastMCP's tool): listed there.
  const tool = toolObjectOf(from);
  const value = tool && getPropertyValue(tool, 'name');
  if (tool && (isRegistrationArgument(tool) || (value && !ts.isMethodDeclaration(value) && stringLiteralText(value) === handler.toolName))) return true;
  // A low-level dispatcher that names the tool in a branch writes its schema beside its tool list entry, or lists it.
  return dispatchedToolNames(from.getSourceFile()).has(handler.toolName);
}

/** `server.registerTool(…, cb)`, `server.tool(…, cb)`, FastMCP's `server.addTool({ … })`. */
function isRegistrationArgument(node: TS.Node): boolean {
  const call = node.parent;
  return ts.isCallExpression(call) && call.arguments.includes(node as TS.Expression) && ts.isPropertyAccessExpression(call.expression) && ['registerTool', 'tool', 'addTool'].includes(call.expression.name.text);
}

const dispatchedNamesCache = new WeakMap<TS.SourceFile, ReadonlySet<string>>();

/**
 * The tool names a low-level CallTool handler of the file branches on (`case 'x':`, `name === 'x'`):
 * the tools whose returns lowLevelPathsByTool gives to them. None when the file registers no such handler.
 */
function dispatchedToolNames(sourceFile: TS.SourceFile): ReadonlySet<string> {
  const known = dispatchedNamesCache.get(sourceFile);
  if (known) return known;
  const names = new Set<string>();
  const collect = (node: TS.Node): void => {
    if (ts.isCaseClause(node)) {
      const name = stringLiteralText(node.expression);
      if (name !== null) names.add(name);
    } else if (ts.isBinaryExpression(node) && (node.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken || node.operatorToken.kind === ts.SyntaxKind.EqualsEqualsToken)) {
      const name = stringLiteralText(node.right) ?? stringLiteralText(node.left);
      if (name !== null) names.add(name);
    }
    ts.forEachChild(node, collect);
  };
  const visit = (node: TS.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'setRequestHandler' && node.arguments[0] && /CallTool/.test(node.arguments[0].getText(sourceFile))) collect(node);
    else ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  dispatchedNamesCache.set(sourceFile, names);
  return names;
}

/**
 * A FastMCP tool: its `outputSchema` (FastMCP 4.x, a Standard Schema) is written into the tool
 * object, when the release's `addTool` type has the field. FastMCP validates a result's
 * structuredContent against it, error results too, and sends the parsed value (so objects are loose).
 */
function fastmcpSchema(handler: ToolHandler, scope: PathScope): ToolOutputSchema {
  const tool = toolObjectOf(handler.fn);
  const at = tool ?? handler.fn;
  if (!tool) return toolSchema(handler, handler.toolName, at, null, { reason: 'the tool object is not written where its execute is, so there is nowhere to add outputSchema', structured: false }, scope.sourceFile);
  if (!takesOutputSchema(tool, scope.checker)) {
    const structured = pathsOfFunction(handler.fn, scope).some(givesStructuredContent);
    return toolSchema(handler, handler.toolName, at, null, { reason: "this FastMCP release's addTool takes no outputSchema (FastMCP 4.x does): upgrade FastMCP to declare one", structured }, scope.sourceFile);
  }
  const outcome = schemaOfPaths(pathsOfFunction(handler.fn, scope), scope, false);
  return toolSchema(handler, handler.toolName, at, { idiom: 'fastmcp', tool }, outcome, scope.sourceFile);
}

/**
 * Does the FastMCP release's tool type have `outputSchema`? Read from `addTool`'s declared parameter
 * type when the object is its argument: the contextual type would make the checker infer the whole
 * call (FastMCP's generics over the zod parameters), which costs as much as the schema itself.
 */
function takesOutputSchema(tool: TS.ObjectLiteralExpression, checker: TS.TypeChecker): boolean {
  const call = tool.parent;
  if (ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression) && call.arguments[0] === tool) {
    const declaration = checker.getSymbolAtLocation(call.expression.name)?.declarations?.[0];
    const parameter = declaration && isFunctionLike(declaration) ? declaration.parameters[0] : undefined;
    if (parameter?.type) return checker.getTypeFromTypeNode(parameter.type).getProperty('outputSchema') !== undefined;
  }
  return checker.getContextualType(tool)?.getProperty('outputSchema') !== undefined;
}

/** The object literal a tool's `execute` is written in (`execute: async () => …` or `async execute() {…}`). */
export function toolObjectOf(fn: TS.Node): TS.ObjectLiteralExpression | undefined {
  const holder = ts.isMethodDeclaration(fn) ? fn : fn.parent && ts.isPropertyAssignment(fn.parent) ? fn.parent : undefined;
  return holder && ts.isObjectLiteralExpression(holder.parent) ? holder.parent : undefined;
}

/** What a walk of a file's result paths needs. */
export function pathScope(sourceFile: TS.SourceFile, checker: TS.TypeChecker, options: ResolvedHandlerOptions, pending: readonly Finding[] = [], pendingIn?: (sourceFile: TS.SourceFile) => readonly Finding[]): PathScope {
  const byStart = (findings: readonly Finding[]) => new Map(findings.filter((finding) => finding.rewrite).map((finding) => [finding.start, finding]));
  const elsewhere = new Map<TS.SourceFile, ReadonlyMap<number, Finding>>();
  return {
    sourceFile,
    checker,
    resultHelpers: new Set([...options.resultHelpers].filter((name) => (KIT_HELPERS as readonly string[]).includes(name))),
    pending: byStart(pending),
    ...(pendingIn
      ? {
          pendingIn: (other: TS.SourceFile) => {
            let found = elsewhere.get(other);
            if (!found) elsewhere.set(other, (found = byStart(pendingIn(other))));
            return found;
          },
        }
      : {}),
  };
}

type Outcome = { schema: JsonSchema; structured: true } | { reason: string; structured: boolean };

function toolSchema(handler: ToolHandler, toolName: string | null, node: TS.Node, placement: SchemaPlacement | null, outcome: Outcome, sourceFile: TS.SourceFile): ToolOutputSchema {
  const { line, column } = lineAndColumn(sourceFile, node.getStart(sourceFile));
  const schema = 'schema' in outcome ? outcome.schema : null;
  return {
    handler,
    toolName,
    node,
    line,
    column,
    placement,
    structured: outcome.structured,
    schema,
    ...('reason' in outcome ? { reason: outcome.reason } : placement ? {} : { reason: 'the tool is registered with a config this analysis cannot edit (not an object literal)' }),
  };
}

const where = (node: TS.Node) => `line ${lineAndColumn(node.getSourceFile(), node.getStart()).line}`;

/** `{ error: string }`: what the kit's error helpers put in structuredContent (`error` first, never overridden). */
const ERROR_HELPER_SCHEMA: JsonSchema = { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] };

/**
 * One schema for every success path, or why not. An error result is not validated by the SDK's
 * server, but the SDK 1.x client validates any structuredContent it carries: error paths that
 * carry one are merged in, so their `error` fits too.
 */
export function schemaOfPaths(paths: readonly ResultPath[], scope: PathScope, anyJson: boolean): Outcome {
  const successes = paths.filter((path) => path.kind !== 'error');
  const structured = successes.some(givesStructuredContent);
  if (successes.length === 0) return { reason: 'the tool has no success path that returns a result', structured };
  // Syntax decides first: a path without structured content rules the schema out before any type is asked for.
  for (const path of successes) {
    if (path.kind === 'unknown') return { reason: `${where(path.node)}: ${path.why}`, structured };
    if (path.kind === 'text') return { reason: `${where(path.node)}: a success path returns text without structuredContent, which the SDK would fail against any outputSchema`, structured };
  }
  const schemas: JsonSchema[] = [];
  for (const path of paths) {
    if (path.kind !== 'error' || !path.structured) continue;
    const carried = path.structured;
    if (carried.errorHelper) {
      if (!carried.extra) {
        schemas.push(ERROR_HELPER_SCHEMA);
        continue;
      }
      const extra = schemaOfValue(carried.extra, scope.checker);
      if ('reason' in extra) return { reason: `${where(carried.extra)}: the error's extra data: ${extra.reason}`, structured };
      if (!isObjectSchema(extra.schema) || !extra.schema.properties) return { reason: `${where(carried.extra)}: the error's extra data is not an object with named properties`, structured };
      schemas.push(withErrorProperty(extra.schema));
      continue;
    }
    const outcome = schemaOfValue(carried.value, scope.checker);
    if ('reason' in outcome) return { reason: `${where(carried.value)}: an error result's structuredContent: ${outcome.reason}`, structured };
    schemas.push(oneObject(outcome.schema));
  }
  for (const path of successes) {
    if (path.kind !== 'structured') continue;
    const outcome = schemaOfValue(path.value, scope.checker);
    if ('reason' in outcome) return { reason: `${where(path.value)}: ${outcome.reason}`, structured };
    const schema = oneObject(outcome.schema);
    if (path.via === 'jsonResult') schemas.push(asJsonResultWritesIt(schema));
    else if (isObjectSchema(schema) || (path.via === 'structuredContent' && anyJson)) schemas.push(schema);
    else return { reason: `${where(path.value)}: structuredContent is not an object, which protocols before 2026-07-28 do not allow`, structured };
  }
  if (schemas.every(isObjectSchema)) return { schema: mergeObjects(schemas), structured: true };
  return anyJson ? { schema: unionOf(schemas), structured: true } : { reason: 'the success paths return structured values of different kinds', structured };
}

/**
 * A value typed as a union of objects (a function returning differently keyed literals) is merged
 * into one object, as the paths of a tool are: the top of an outputSchema is one object.
 */
function oneObject(schema: JsonSchema): JsonSchema {
  const members = schema.anyOf && Object.keys(schema).length === 1 ? schema.anyOf : undefined;
  return members?.every(isObjectSchema) ? mergeObjects(members) : schema;
}

/** `{ error: message, ...extra }`: extra's properties beside a required `error`, which extra cannot override. */
function withErrorProperty(extra: JsonSchema): JsonSchema {
  const properties = Object.fromEntries(Object.entries(extra.properties ?? {}).filter(([name]) => name !== 'error'));
  const required = (extra.required ?? []).filter((name) => name !== 'error');
  return { ...extra, properties: { error: { type: 'string' }, ...properties }, required: ['error', ...required] };
}

/** jsonResult keeps an object as it is and writes any other value as `{ result: value }`. */
export function asJsonResultWritesIt(schema: JsonSchema): JsonSchema {
  const members = schema.anyOf && Object.keys(schema).length === 1 ? schema.anyOf : [schema];
  const objects = members.filter(isObjectSchema);
  const others = members.filter((member) => !isObjectSchema(member));
  if (others.length === 0) return schema;
  const wrapped: JsonSchema = { type: 'object', properties: { result: unionOf(others) }, required: ['result'] };
  return objects.length === 0 ? wrapped : mergeObjects([...objects, wrapped]);
}

/** The `registerTool(name, config, cb)` call that registers the handler. */
export function registrationOf(handler: ToolHandler, sourceFile: TS.SourceFile, checker: TS.TypeChecker): TS.CallExpression | undefined {
  let found: TS.CallExpression | undefined;
  const isHandler = (argument: TS.Expression | undefined): boolean => {
    if (!argument) return false;
    const value = unwrap(argument);
    if (value === handler.fn) return true;
    if (!ts.isIdentifier(value) && !ts.isPropertyAccessExpression(value)) return false;
    const declaration = checker.getSymbolAtLocation(value)?.valueDeclaration;
    return declaration === handler.fn || (declaration !== undefined && ts.isVariableDeclaration(declaration) && declaration.initializer !== undefined && unwrap(declaration.initializer) === handler.fn);
  };
  const visit = (node: TS.Node): void => {
    if (found) return;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'registerTool' && isHandler(node.arguments[node.arguments.length - 1])) {
      found = node;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

export function objectLiteral(node: TS.Expression | undefined, checker: TS.TypeChecker): TS.ObjectLiteralExpression | undefined {
  if (!node) return undefined;
  const value = unwrap(node);
  if (ts.isObjectLiteralExpression(value)) return value;
  if (!ts.isIdentifier(value)) return undefined;
  const declaration = checker.getSymbolAtLocation(value)?.valueDeclaration;
  const initializer = declaration && ts.isVariableDeclaration(declaration) && declaration.initializer ? unwrap(declaration.initializer) : undefined;
  return initializer && ts.isObjectLiteralExpression(initializer) && initializer.getSourceFile() === value.getSourceFile() ? initializer : undefined;
}

/**
 * A low-level `CallTool` handler serves every tool: each return belongs to the tool of its
 * `case 'name':` or `if (name === 'name')`. Its schema goes into the tool's entry of the file's
 * tool list (`{ name: 'x', inputSchema }`).
 */
function lowLevelSchemas(handler: ToolHandler, scope: PathScope, anyJson: boolean): ToolOutputSchema[] {
  const entries = toolListEntries(scope.sourceFile);
  const byTool = lowLevelPathsByTool(handler, scope);
  const shared = byTool.get(null) ?? [];
  const sharedSuccess = shared.find((path) => path.kind !== 'error');
  const found: ToolOutputSchema[] = [];
  for (const [name, entry] of entries) {
    if (getPropertyValue(entry, 'outputSchema')) continue;
    const paths = byTool.get(name);
    if (!paths) continue;
    const outcome: Outcome = sharedSuccess
      ? { reason: 'a success path of the CallTool handler belongs to no single tool', structured: paths.some(givesStructuredContent) }
      : schemaOfPaths(paths, scope, anyJson);
    found.push(toolSchema({ ...handler, toolName: name }, name, entry, { idiom: 'json-schema', entry }, outcome, scope.sourceFile));
  }
  // A tool the dispatcher serves whose entry is in another file (a definition imported into the list): listed.
  for (const [name, paths] of byTool) {
    if (name === null || entries.has(name) || !paths.some(givesStructuredContent)) continue;
    const reason = "the tool's entry in the tool list is not in the CallTool handler's file, where the kit writes outputSchema beside inputSchema";
    const first = paths.find((path) => path.kind === 'structured');
    found.push(toolSchema({ ...handler, toolName: name }, name, first?.kind === 'structured' ? first.value : handler.fn, null, { reason, structured: true }, scope.sourceFile));
  }
  return found;
}

/** A low-level CallTool handler's paths by the tool each belongs to (null: a return outside every tool's branch). */
export function lowLevelPathsByTool(handler: ToolHandler, scope: PathScope): Map<string | null, ResultPath[]> {
  const byTool = new Map<string | null, ResultPath[]>();
  const body = (handler.fn as TS.FunctionLikeDeclaration).body;
  if (!body || !ts.isBlock(body)) return byTool;
  for (const statement of returnStatements(body)) {
    const tool = toolNameAt(statement, handler.fn);
    const list = byTool.get(tool) ?? [];
    list.push(...pathsOf(statement.expression!, scope));
    byTool.set(tool, list);
  }
  return byTool;
}

/** `{ name: 'x', …, inputSchema: … }` object literals of the file, by tool name. */
export function toolListEntries(sourceFile: TS.SourceFile): Map<string, TS.ObjectLiteralExpression> {
  const entries = new Map<string, TS.ObjectLiteralExpression>();
  const visit = (node: TS.Node): void => {
    if (ts.isObjectLiteralExpression(node) && getPropertyValue(node, 'inputSchema')) {
      const name = stringLiteralText(getPropertyValue(node, 'name'));
      if (name !== null && !entries.has(name)) entries.set(name, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return entries;
}

/** The tool a return belongs to in a dispatcher: `case 'x':` or `if (name === 'x')`. */
function toolNameAt(node: TS.Node, boundary: TS.Node): string | null {
  for (let current: TS.Node = node; current !== boundary && current.parent; current = current.parent) {
    const parent = current.parent;
    if (ts.isCaseClause(parent) && parent.statements.includes(current as TS.Statement)) return stringLiteralText(parent.expression);
    if (ts.isIfStatement(parent) && parent.thenStatement === current && isInside(node, parent.thenStatement)) {
      const condition = parent.expression;
      if (ts.isBinaryExpression(condition) && (condition.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken || condition.operatorToken.kind === ts.SyntaxKind.EqualsEqualsToken)) {
        const name = stringLiteralText(condition.right) ?? stringLiteralText(condition.left);
        if (name !== null) return name;
      }
    }
  }
  return null;
}
