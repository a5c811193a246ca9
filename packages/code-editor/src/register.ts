/**
 * registerCodeEditorTools: the seven code-editor tools on an McpServer: the SDK 1.x one
 * (`@modelcontextprotocol/sdk` 1.23 and later) or the v2 one (`@modelcontextprotocol/server`).
 */
import type { ResultFormat } from 'mcp-result-kit';
import type { AccessContext } from './access.js';
import { SearchPool, type SearchPoolOptions } from './search/search-pool.js';
import { registerReadTools } from './tools/read-tools.js';
import { DEFAULT_LIMITS, type ToolLimits, type ToolRuntime } from './tools/runtime.js';
import type { ToolServer } from './tools/tool-server.js';
import { registerWriteTools } from './tools/write-tools.js';
import { toolSchemas } from './tools/schemas.js';
import { ENTITY_TYPES, type ContentStore } from './types.js';
import { SyntaxChecker } from './validate.js';

export interface CodeEditorToolsOptions {
  store: ContentStore;
  context?: AccessContext;
  /** Server-wide default result format; a call's `format` argument wins. Default 'both'. */
  format?: ResultFormat;
  /**
   * Declare an outputSchema on every tool. Default: true, except when `format` is 'readable' —
   * then results carry no structuredContent at all (the text-only mode clients that prefer
   * structuredContent over text need), which the SDK only allows without an outputSchema.
   */
  declareOutputSchemas?: boolean;
  /** Search worker pool size and regex deadline (ignored when `searchPool` is given). */
  search?: SearchPoolOptions;
  /** Share one pool between several servers (HTTP serves one McpServer per request). */
  searchPool?: SearchPool;
  /** Share parse trees between several servers, for the same reason. */
  syntaxChecker?: SyntaxChecker;
  limits?: Partial<ToolLimits>;
  /** Diagnostics sink; default writes to stderr (stdout belongs to the stdio transport). */
  log?: (message: string) => void;
}

export interface CodeEditorTools {
  /** Stops the search workers this call started. The store belongs to the caller and stays open. */
  close(): Promise<void>;
}

export const CODE_EDITOR_TOOL_NAMES = [
  'list_content',
  'search_content',
  'read_content_lines',
  'get_content',
  'patch_content',
  'replace_content',
  'delete_content',
] as const;

export function registerCodeEditorTools(server: ToolServer, options: CodeEditorToolsOptions): CodeEditorTools {
  const defaultFormat = options.format ?? 'both';
  const declaresOutputSchema = options.declareOutputSchemas ?? defaultFormat !== 'readable';
  const ownsPool = options.searchPool === undefined;
  const searchPool = options.searchPool ?? new SearchPool(options.search);
  searchPool.warm(options.store.descriptor);
  const runtime: ToolRuntime = {
    store: options.store,
    schemas: toolSchemas(options.store.entityTypes ?? ENTITY_TYPES),
    context: { ...options.context },
    searchPool,
    defaultFormat,
    declaresOutputSchema,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    syntax: options.syntaxChecker ?? new SyntaxChecker(),
    log: options.log ?? ((message) => process.stderr.write(`[code-editor] ${message}\n`)),
  };
  registerReadTools(server, runtime);
  registerWriteTools(server, runtime);
  return { close: async () => (ownsPool ? searchPool.close() : undefined) };
}
