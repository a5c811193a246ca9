import path from 'node:path';
import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import { skipTypeWrappers } from '../declarations.js';
import { topLevelDeclaration } from '../flow/project.js';
import { getPropertyValue, propertyName } from '../syntax.js';
import type { Framework } from '../types.js';
import type { DiscoveryScope, HandlerEvidence } from './types.js';
import { classMethod, constantText, importedDeclaration, objectLiteralOf } from './resolve.js';
import { handlerTargets } from './targets.js';

/**
 * Frameworks that find tools themselves, recognised by what they import and the shape they ask
 * for, not by any server's names:
 *
 * - xmcp: each file of the tools folder default-exports its handler (with `schema` / `metadata`);
 * - mcp-framework: a class that extends `MCPTool` (directly, or through the project's own base
 *   class) has an `execute` method whose value the framework JSON-encodes into one text item;
 * - decorated tool methods: `@CreateAction({ name, description, schema })` (Coinbase AgentKit,
 *   which puts the returned string into a text item) and the same shape under other decorators.
 */

const SCHEMA_KEYS = ['schema', 'parameters', 'inputSchema', 'input_schema'];

function importsFrom(sourceFile: TS.SourceFile, test: (specifier: string) => boolean): boolean {
  return sourceFile.statements.some((statement) => ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && test(statement.moduleSpecifier.text));
}

function hasExport(sourceFile: TS.SourceFile, name: string): boolean {
  return sourceFile.statements.some(
    (statement) =>
      ts.isVariableStatement(statement) &&
      (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) &&
      statement.declarationList.declarations.some((declaration) => ts.isIdentifier(declaration.name) && declaration.name.text === name),
  );
}

/** xmcp: the default export of a tool file is the handler; `metadata.name`, else the file name, is the tool. */
export function fileExportTool(sourceFile: TS.SourceFile, scope: DiscoveryScope, add: (evidence: HandlerEvidence) => void): void {
  if (nuxtMcpTool(sourceFile, scope, add)) return;
  // xmcp routes src/tools/ (by default) to tools, src/prompts/ and src/resources/ to the others.
  if (!sourceFile.fileName.split(/[\\/]/).includes('tools')) return;
  const xmcp = importsFrom(sourceFile, (specifier) => specifier === 'xmcp' || specifier.startsWith('xmcp/'));
  if (!xmcp && !hasExport(sourceFile, 'metadata') && !hasExport(sourceFile, 'schema')) return;
  const defaultExport = defaultExportValue(sourceFile);
  if (!defaultExport) return;
  const metadata = topLevelDeclaration(sourceFile, 'metadata');
  const metadataObject = metadata && ts.isVariableDeclaration(metadata) && metadata.initializer ? objectLiteralOf(metadata.initializer, scope) : undefined;
  const name = metadataObject ? getPropertyValue(metadataObject, 'name') : undefined;
  const toolName = (name && !ts.isMethodDeclaration(name) ? constantText(name, scope) : null) ?? path.basename(sourceFile.fileName).replace(/\.[cm]?[jt]sx?$/, '');
  const hasOutputSchema = hasExport(sourceFile, 'outputSchema') || (metadataObject !== undefined && getPropertyValue(metadataObject, 'outputSchema') !== undefined);
  for (const target of handlerTargets(defaultExport.value, scope)) {
    add({ fn: target.fn, style: 'file-export', framework: 'xmcp', toolName, hasOutputSchema, at: defaultExport.at });
  }
}

/**
 * Nuxt's MCP toolkit (`@nuxtjs/mcp-toolkit`): a file of `server/mcp/tools/` default-exports
 * `defineMcpTool({ name?, description, inputSchema?, handler })` (auto-imported, or imported from the
 * toolkit); the toolkit registers `handler` with the SDK's `registerTool`, under `name` or the file's
 * name. True when the file is such a tool.
 */
function nuxtMcpTool(sourceFile: TS.SourceFile, scope: DiscoveryScope, add: (evidence: HandlerEvidence) => void): boolean {
  const defaultExport = defaultExportValue(sourceFile);
  const call = defaultExport && !ts.isFunctionDeclaration(defaultExport.value) ? skipTypeWrappers(defaultExport.value as TS.Expression) : undefined;
  if (!call || !ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== 'defineMcpTool' || call.arguments.length !== 1) return false;
  const imported = importsFrom(sourceFile, () => true) && sourceFile.statements.some((statement) => ts.isImportDeclaration(statement) && statement.importClause?.namedBindings !== undefined && ts.isNamedImports(statement.importClause.namedBindings) && statement.importClause.namedBindings.elements.some((element) => element.name.text === 'defineMcpTool'));
  if (imported && !importsFrom(sourceFile, (specifier) => specifier.startsWith('@nuxtjs/mcp-toolkit'))) return false;
  const definition = objectLiteralOf(call.arguments[0], scope);
  const handler = definition ? getPropertyValue(definition, 'handler') : undefined;
  if (!definition || !handler) return false;
  const name = getPropertyValue(definition, 'name');
  const toolName = (name && !ts.isMethodDeclaration(name) ? constantText(name, scope) : null) ?? path.basename(sourceFile.fileName).replace(/\.[cm]?[jt]sx?$/, '');
  for (const target of handlerTargets(handler, scope)) {
    add({ fn: target.fn, style: 'file-export', framework: 'sdk', toolName, hasOutputSchema: getPropertyValue(definition, 'outputSchema') !== undefined, at: defaultExport!.at });
  }
  return true;
}

function defaultExportValue(sourceFile: TS.SourceFile): { value: TS.Expression | TS.SignatureDeclaration; at: TS.Node } | undefined {
  for (const statement of sourceFile.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.body && (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword)) return { value: statement, at: statement };
    if (ts.isExportAssignment(statement) && !statement.isExportEquals) return { value: statement.expression, at: statement };
  }
  return undefined;
}

/** The framework a class's heritage leads to: its own `extends`, or its base class's in this project. */
function toolBaseFramework(node: TS.ClassLikeDeclaration, scope: DiscoveryScope, depth = 0): Framework | null {
  if (depth > 4) return null;
  const heritage = node.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)?.types[0];
  if (!heritage) return null;
  const base = skipTypeWrappers(heritage.expression);
  if (!ts.isIdentifier(base)) return null;
  const sourceFile = node.getSourceFile();
  // The base class imported from the framework itself.
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    const names = [statement.importClause?.name?.text, ...(bindings && ts.isNamedImports(bindings) ? bindings.elements.map((element) => element.name.text) : [])];
    if (names.includes(base.text) && (statement.moduleSpecifier.text === 'mcp-framework' || statement.moduleSpecifier.text.startsWith('mcp-framework/'))) return 'mcp-framework';
  }
  // The project's own base class (`class FutureBase extends MCPTool`), here or imported.
  const local = topLevelDeclaration(sourceFile, base.text);
  if (local && ts.isClassDeclaration(local)) return toolBaseFramework(local, scope, depth + 1);
  const imported = importedDeclaration(base, scope);
  if (imported?.kind === 'declaration' && ts.isClassDeclaration(imported.node)) return toolBaseFramework(imported.node, scope, depth + 1);
  return null;
}

/** `class GetWeather extends MCPTool<Input> { name = 'get_weather'; schema = …; async execute(input) { … } }`. */
export function frameworkToolClass(node: TS.ClassDeclaration, scope: DiscoveryScope, add: (evidence: HandlerEvidence) => void): void {
  const execute = classMethod(node, 'execute');
  if (!execute) return;
  const framework = toolBaseFramework(node, scope);
  if (!framework) return;
  const nameMember = node.members.find((member) => ts.isPropertyDeclaration(member) && propertyName(member.name) === 'name');
  const toolName = nameMember && ts.isPropertyDeclaration(nameMember) ? constantText(nameMember.initializer, scope) : null;
  // mcp-framework's MCPTool calls it `outputSchemaShape`.
  const hasOutputSchema = node.members.some((member) => ts.isPropertyDeclaration(member) && ['outputSchema', 'outputSchemaShape'].includes(propertyName(member.name) ?? ''));
  add({ fn: execute, style: 'tool-class', framework, toolName, hasOutputSchema, at: node });
}

/**
 * A method decorated with a tool definition: `@CreateAction({ name, description, schema })`.
 * The decorator's object names the tool; AgentKit's (imported from `@coinbase/agentkit`) turns
 * the method's string into a text item, other decorators are taken to pass the value on.
 */
export function decoratedToolMethods(node: TS.ClassDeclaration, scope: DiscoveryScope, add: (evidence: HandlerEvidence) => void): void {
  const sourceFile = node.getSourceFile();
  const agentkit = importsFrom(sourceFile, (specifier) => specifier.startsWith('@coinbase/agentkit'));
  for (const member of node.members) {
    if (!ts.isMethodDeclaration(member) || !member.body) continue;
    for (const decorator of ts.getDecorators(member) ?? []) {
      const call = decorator.expression;
      if (!ts.isCallExpression(call) || call.arguments.length !== 1) continue;
      const definition = skipTypeWrappers(call.arguments[0]);
      if (!ts.isObjectLiteralExpression(definition)) continue;
      const name = getPropertyValue(definition, 'name');
      if (!name || ts.isMethodDeclaration(name) || !SCHEMA_KEYS.some((key) => getPropertyValue(definition, key) !== undefined)) continue;
      add({ fn: member, style: 'decorated', framework: agentkit ? 'agentkit' : 'transport', toolName: constantText(name, scope), hasOutputSchema: getPropertyValue(definition, 'outputSchema') !== undefined, at: decorator });
    }
  }
}
