import type * as TS from 'typescript';
import { ts } from '../../typescript.js';
import type { CheckerSource, LocalDeclarations } from '../declarations.js';
import type { SourceProject } from '../flow/project.js';
import { isOwnKitNamedFunction, type ResolvedHandlerOptions } from '../options.js';
import { lineAndColumn } from '../syntax.js';
import type { HandlerStyle, ToolHandler } from '../types.js';
import { definitionObject, handlerClass, isToolCallbackDeclaration, namedHandler } from './definitions.js';
import { decoratedToolMethods, fileExportTool, frameworkToolClass } from './frameworks.js';
import { registrationCall, worseSerialisation } from './registrations.js';
import { resultShapedFunction } from './result-shape.js';
import type { DiscoveryScope, HandlerEvidence } from './types.js';

// Read once: each `ts.SyntaxKind.X` goes through an export getter of the TypeScript bundle.
const KIND = {
  CallExpression: ts.SyntaxKind.CallExpression,
  ObjectLiteralExpression: ts.SyntaxKind.ObjectLiteralExpression,
  ClassDeclaration: ts.SyntaxKind.ClassDeclaration,
  ReturnStatement: ts.SyntaxKind.ReturnStatement,
  ArrowFunction: ts.SyntaxKind.ArrowFunction,
  FunctionDeclaration: ts.SyntaxKind.FunctionDeclaration,
  VariableDeclaration: ts.SyntaxKind.VariableDeclaration,
} as const;

// How strongly a style says "this function handles a tool": a registration beats a shape.
const STRENGTH: Record<HandlerStyle, number> = {
  tool: 3,
  registerTool: 3,
  'low-level': 3,
  'fastmcp-addTool': 3,
  'handler-pattern': 3,
  'class-execute': 3,
  'file-export': 3,
  'tool-class': 3,
  decorated: 3,
  wrapper: 2,
  definition: 2,
  registry: 1,
  typed: 2,
  followed: 1,
  'result-shape': 1,
};

/**
 * Finds every tool handler in a file in one walk. Discovery is split by the evidence it reads:
 * registration calls (registrations.ts), tool-definition shapes, typed callbacks, configured
 * names and classes (definitions.ts), and functions that build results (result-shape.ts).
 * Each recognizer reports evidence; the strongest evidence for a function decides its style,
 * framework and name.
 */
export function findHandlers(sourceFile: TS.SourceFile, options: ResolvedHandlerOptions, locals: LocalDeclarations, checker: CheckerSource | undefined, project?: SourceProject): ToolHandler[] {
  const modules = importedModules(sourceFile);
  const scope: DiscoveryScope = { sourceFile, locals, checker, project, options, fastmcp: modules.includes('fastmcp'), agentSdk: modules.some((name) => AGENT_SDK.test(name)) };
  const handlers: ToolHandler[] = [];
  const byFunction = new Map<TS.Node, ToolHandler>();
  const sharedNames = new Set<TS.Node>();
  const add = (evidence: HandlerEvidence): void => {
    // The team's own result helpers (`resultHelpers`) build proper results; their bodies are theirs.
    const ownName = functionName(evidence.fn);
    if (ownName !== null && options.resultHelpers.has(ownName) && !isOwnKitNamedFunction(ownName, sourceFile, options)) return;
    const existing = byFunction.get(evidence.fn);
    if (existing) {
      // One function registered for several tools (a shared wrapper, a handler reused under two
      // names) belongs to none of them by name.
      if (existing.toolName !== null && evidence.toolName !== null && existing.toolName !== evidence.toolName) sharedNames.add(evidence.fn);
      if (STRENGTH[evidence.style] > STRENGTH[existing.style]) {
        Object.assign(existing, { style: evidence.style, framework: evidence.framework, toolName: evidence.toolName ?? existing.toolName });
      } else if (existing.toolName === null) {
        existing.toolName = evidence.toolName;
      }
      existing.hasOutputSchema ||= evidence.hasOutputSchema;
      if (evidence.serialisedBy) existing.serialisedBy = worseSerialisation(existing.serialisedBy, evidence.serialisedBy);
      return;
    }
    const handler: ToolHandler = {
      fn: evidence.fn,
      style: evidence.style,
      framework: evidence.framework,
      toolName: evidence.toolName,
      hasOutputSchema: evidence.hasOutputSchema,
      line: lineAndColumn(sourceFile, evidence.at.getStart(sourceFile)).line,
      ...(evidence.serialisedBy ? { serialisedBy: evidence.serialisedBy } : {}),
      ...(evidence.property ? { property: evidence.property } : {}),
      ...(evidence.definedBy ? { definedBy: evidence.definedBy } : {}),
    };
    byFunction.set(evidence.fn, handler);
    handlers.push(handler);
  };

  // Every node of the file passes here (the ESLint plugin pays for it on each file): one switch on
  // the kind, and each recognizer rejects cheaply.
  const namesByPattern = options.handlerPatterns.length > 0;
  const visit = (node: TS.Node): void => {
    switch (node.kind) {
      case KIND.CallExpression:
        registrationCall(node as TS.CallExpression, scope, add);
        break;
      case KIND.ObjectLiteralExpression:
        definitionObject(node as TS.ObjectLiteralExpression, scope, add);
        break;
      case KIND.ClassDeclaration:
        if (options.handlerClasses) handlerClass(node as TS.ClassDeclaration, scope, add);
        frameworkToolClass(node as TS.ClassDeclaration, scope, add);
        decoratedToolMethods(node as TS.ClassDeclaration, scope, add);
        break;
      case KIND.ReturnStatement:
      case KIND.ArrowFunction:
        resultShapedFunction(node as TS.ReturnStatement | TS.ArrowFunction, scope, add);
        break;
      case KIND.FunctionDeclaration:
        if (namesByPattern) namedHandler(node as TS.FunctionDeclaration, scope, add);
        break;
      case KIND.VariableDeclaration:
        if (namesByPattern) namedHandler(node as TS.VariableDeclaration, scope, add);
        isToolCallbackDeclaration(node as TS.VariableDeclaration, scope, add);
        break;
    }
    ts.forEachChild(node, visit);
  };
  fileExportTool(sourceFile, scope, add);
  visit(sourceFile);
  for (const handler of handlers) if (sharedNames.has(handler.fn)) handler.toolName = null;
  return handlers;
}

/** Registered handlers before shapes: a function reached from several handlers is analyzed under the strongest one. */
export function byStrength(handlers: readonly ToolHandler[]): readonly ToolHandler[] {
  if (handlers.every((handler) => STRENGTH[handler.style] === STRENGTH[handlers[0].style])) return handlers;
  return handlers.map((handler, index) => ({ handler, index })).sort((a, b) => STRENGTH[b.handler.style] - STRENGTH[a.handler.style] || a.index - b.index).map(({ handler }) => handler);
}

/** The name a function is declared under: `function f`, `const f = () => …`, `f: () => …`, `f() {}`. */
function functionName(fn: TS.SignatureDeclaration): string | null {
  if (fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  const parent = fn.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name)) return parent.name.text;
  return null;
}

function importedModules(sourceFile: TS.SourceFile): string[] {
  return sourceFile.statements.flatMap((statement) => (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) ? [statement.moduleSpecifier.text] : []));
}

// Agent and LLM SDKs whose tools share the `{ name, parameters, execute }` shape but are not MCP tools.
const AGENT_SDK = /^(?:ai|openai|@ai-sdk\/.+|@openai\/agents(?:-.+)?|@anthropic-ai\/.+|@mastra\/.+|langchain|@langchain\/.+|llamaindex|@llamaindex\/.+|genkit|@genkit-ai\/.+|@google\/genai)$/;
