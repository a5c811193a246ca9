/**
 * What the tools need from a server: `registerTool(name, config, handler)`, which the SDK 1.x
 * `McpServer` (`@modelcontextprotocol/sdk`, 1.23 and later: zod 4 schemas) and the v2
 * `McpServer` (`@modelcontextprotocol/server`, whose schemas are Standard Schema; zod 4 is one)
 * both have. Written out structurally so either server fits without importing either SDK's
 * types, which differ between releases.
 */
import type { ToolResult } from 'mcp-result-kit';
import type { z } from 'zod';

export interface ToolAnnotations {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolConfig<Args> {
  title: string;
  description: string;
  inputSchema: z.ZodType<Args>;
  outputSchema?: z.ZodType;
  annotations: ToolAnnotations;
}

export interface ToolServer {
  // A method (not a property) on purpose: its parameters are compared bivariantly, so each
  // SDK's generic registerTool, whose handler type is inferred from the schema, is accepted.
  registerTool<Args>(name: string, config: ToolConfig<Args>, handler: (args: Args) => Promise<ToolResult>): unknown;
}
