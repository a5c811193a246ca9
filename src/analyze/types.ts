import type * as TS from 'typescript';

/** Which runtime will receive what the handler returns; it decides what counts as a bug. */
export type Framework =
  /** `@modelcontextprotocol/sdk` McpServer / Server: the return value must be a CallToolResult. */
  | 'sdk'
  /** FastMCP wraps strings itself and accepts `{ content, isError, structuredContent }`. */
  | 'fastmcp'
  /** A `handleXxx` function whose result a transport wrapper serialises (strings and objects pass). */
  | 'transport'
  /** mcp-framework `MCPTool.execute`: the returned value is JSON-encoded into one text item (a `{ content }` literal arrives double-encoded). */
  | 'mcp-framework'
  /** xmcp file-based tools: a string or number becomes a text item, a result passes, structuredContent alone gets a text item. */
  | 'xmcp'
  /** Coinbase AgentKit actions (`@CreateAction`) served by its MCP extension: the returned string becomes the text item. */
  | 'agentkit'
  /** A registry entry's handler whose value the server's own transport puts into a text item as it is. */
  | 'registry';

export type HandlerStyle =
  /** `server.tool(name, …, handler)` (or a configured registration method) */
  | 'tool'
  /** `server.registerTool(name, config, handler)` */
  | 'registerTool'
  /** `server.setRequestHandler(CallToolRequestSchema, handler)` */
  | 'low-level'
  /** FastMCP `server.addTool({ name, execute })` */
  | 'fastmcp-addTool'
  /** a function whose name matches a configured `handlerPatterns` regex */
  | 'handler-pattern'
  /** a tool-definition object `{ name, inputSchema | parameters | schema, execute | handler }` */
  | 'definition'
  /** a registry entry without a schema `{ name, handler | execute | run | callback }`, passed to a call or in an array */
  | 'registry'
  /** a class with `name` and `execute` (`handlerClasses`) */
  | 'class-execute'
  /** a const typed `ToolCallback<…>` */
  | 'typed'
  /** the function a higher-order wrapper around a handler returns */
  | 'wrapper'
  /** a function that returns `{ content: [{ type: 'text', … }] }` literals: it builds tool results */
  | 'result-shape'
  /** a function a handler dispatches to */
  | 'followed'
  /** the default export of a file-based tool (xmcp) */
  | 'file-export'
  /** `execute` of a class extending a framework's tool base (mcp-framework `MCPTool`) */
  | 'tool-class'
  /** a method decorated with a tool definition (`@CreateAction({ name, schema })`) */
  | 'decorated';

export type SiteKind =
  | 'string'
  | 'error-string'
  | 'json-stringify'
  | 'json-text-content'
  | 'error-json'
  | 'error-object'
  | 'error-content'
  | 'bare-object'
  | 'structured-not-object'
  | 'structured-without-text'
  | 'missing-structured-content'
  | 'hand-built-result'
  | 'transport-wrapper';

export const SITE_KINDS: readonly SiteKind[] = [
  'string',
  'error-string',
  'json-stringify',
  'json-text-content',
  'error-json',
  'error-object',
  'error-content',
  'bare-object',
  'structured-not-object',
  'structured-without-text',
  'missing-structured-content',
  'hand-built-result',
  'transport-wrapper',
];

/** Kinds whose site is a string the handler returns: rewriting all of them lets `string` return types change. */
export const STRING_RESULT_KINDS: ReadonlySet<SiteKind> = new Set<SiteKind>(['string', 'error-string', 'json-stringify', 'error-json']);

/** The runtime helpers a rewrite may call. */
export type HelperName = 'successResult' | 'errorResult' | 'errorTextResult' | 'jsonResult' | 'toCallToolResult' | 'isCallToolResult';

/** One text edit: replace [start, end) with text. Offsets are into the analyzed file's text. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

export interface Rewrite {
  /** The edit for this site alone (no imports). */
  edit: TextEdit;
  /**
   * Edits elsewhere in the file that this rewrite needs (mcp-framework's createErrorResponse in
   * the tool class), the same for every site that needs them: identical edits are applied once.
   */
  companions?: TextEdit[];
  /** Helpers the edit calls, so the caller can add one import for all of them. */
  helpers: HelperName[];
  /**
   * Set when the model will read other text than before: a JSON error payload becomes its message,
   * the rest of the payload structuredContent. Every other rewrite keeps the text exactly.
   */
  changesText?: 'json-error-message';
  /** The edit adds `isError: true` to a result literal (which stays a literal). */
  addsIsError?: true;
  /**
   * A transport's rewrite that hands the handler's own value to `toCallToolResult`: the handlers
   * behind it may return results after the same migration.
   */
  passesHandlerValue?: true;
  /** That transport writes data as it did before, with JSON.stringify's own options (see ToolHandler.dataTextKept). */
  keepsDataText?: true;
}

export interface ToolHandler {
  style: HandlerStyle;
  framework: Framework;
  toolName: string | null;
  /** The function whose returns are tool results. */
  fn: TS.SignatureDeclaration;
  hasOutputSchema: boolean;
  line: number;
  /**
   * The handler is passed through a wrapper that serialises what it returns: `migrated` (the
   * wrapper already returns toCallToolResult(result)), `rewritable` (migrate rewrites the wrapper to
   * that in the same run) or `review` (the wrapper cannot be rewritten; neither can its handlers'
   * error sites, or the wrapper would serialise their results).
   */
  serialisedBy?: 'migrated' | 'rewritable' | 'review';
  /**
   * A registry entry whose every consumer sits in a transport that `migrate` rewrites to
   * `toCallToolResult(value)` in the same run: results returned here then reach the client as results.
   */
  transportRewritten?: true;
  /**
   * Every such transport keeps writing data as it did (`isCallToolResult(r) ? r : jsonResult(r, {
   * indent: 0 })`): an object returned here becomes the transport's JSON text and structuredContent,
   * so it is no site; rewriting it to `jsonResult(value)` would change that text.
   */
  dataTextKept?: true;
  /**
   * Followed into from a `catch` with the caught error (`return toolErrorResponse(error)`): what it
   * returns reports that failure, whatever its words (an error builder judged by its calls).
   */
  reportsFailure?: true;
  /** For a function followed into from another file: the handler it was reached under. */
  reachedFrom?: TS.SignatureDeclaration;
  /** For a tool object's function: the property that holds it (`execute`, `handler`), the name its consumers call. */
  property?: string;
  /** For a tool object's function: the object literal that defines the tool. */
  definedBy?: TS.ObjectLiteralExpression;
}

export interface Finding {
  kind: SiteKind;
  fileName: string;
  /** Offsets of the reported node (start excludes leading trivia). */
  start: number;
  end: number;
  /** 1-based line and column of `start`. */
  line: number;
  column: number;
  toolName: string | null;
  handlerStyle: HandlerStyle;
  framework: Framework;
  /** The edit that fixes the site, or null when it must be left for a person. */
  rewrite: Rewrite | null;
  /** Why there is no rewrite (set when rewrite is null). */
  reviewReason?: string;
  /** The function the site returns from (its return type may need to change). */
  returningFunction: TS.SignatureDeclaration;
}

/**
 * A `string` / `Promise<string>` return type that becomes the runtime's `ToolResult` after the
 * rewrites. `edit.text` is a placeholder: writers use the file's name for it (`resultTypeName`).
 */
export interface ReturnTypeChange {
  fn: TS.SignatureDeclaration;
  edit: TextEdit;
  /**
   * The edit adds an `isError?: boolean` member to the function's own inline result type (its text
   * is final); otherwise it names the runtime's ToolResult, which writers import.
   */
  isErrorMember?: true;
  /**
   * The annotation's own text, kept before ` | <ToolResult>`: a function declared to return data
   * (`Promise<Entity | { isError: true; message: string }>`) whose returns now include results.
   */
  widening?: string;
}

export interface Analysis {
  fileName: string;
  handlers: ToolHandler[];
  findings: Finding[];
  returnTypeChanges: ReturnTypeChange[];
  /** Handlers this file's dispatchers reach in other files (only with a checker). */
  external: ToolHandler[];
  /**
   * Registry entries without a schema (`{ name, handler }` handed to a call or in an array): tools
   * only if the project shows their handler's value reaching a result (ProjectAnalysis confirms
   * them); until then their returns are not sites.
   */
  candidates?: ToolHandler[];
}
