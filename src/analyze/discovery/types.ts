/**
 * The types discovery's recognizers share with discovery/index.ts, in a module of their own so that
 * the recognizers (definitions, frameworks, registrations, result-shape) import no module that
 * imports them.
 */
import type * as TS from 'typescript';
import type { ResolvedHandlerOptions } from '../options.js';
import type { Framework, HandlerStyle, ToolHandler } from '../types.js';
import type { ResolveScope } from './resolve.js';

/** What discovery found about one function; `add` merges several findings of the same function. */
export interface HandlerEvidence {
  fn: TS.SignatureDeclaration;
  style: HandlerStyle;
  framework: Framework;
  toolName: string | null;
  hasOutputSchema: boolean;
  at: TS.Node;
  serialisedBy?: ToolHandler['serialisedBy'];
  property?: string;
  definedBy?: TS.ObjectLiteralExpression;
}

export interface DiscoveryScope extends ResolveScope {
  options: ResolvedHandlerOptions;
  /** The file imports FastMCP: tool objects and result builders here belong to it. */
  fastmcp: boolean;
  /** The file imports an agent or LLM SDK: its `{ name, parameters, execute }` objects are that SDK's tools. */
  agentSdk: boolean;
}
