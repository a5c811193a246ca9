import type { Framework } from './types.js';

/**
 * What each framework does with the value a tool handler returns, where it decides whether a
 * returned shape is a site. One table, so that discovery only has to say which framework receives
 * a handler's value.
 */
export interface FrameworkBehaviour {
  /**
   * A plain data object or array returned as the result: `site` where the runtime sends it as
   * something other than a result (the SDK: an empty result; mcp-framework: JSON text without
   * structuredContent); `errors` where only an error object is a site (a transport that serialises
   * whatever it gets); `none` where the framework turns it into a result itself (FastMCP).
   */
  plainData: 'site' | 'errors' | 'none';
  /** structuredContent alone gets a text item from the framework (xmcp). */
  addsTextToStructured: boolean;
  /** The framework's contract is a string result (AgentKit actions): a value the analyzer cannot see into is one. */
  returnsStrings: boolean;
}

export const FRAMEWORK_BEHAVIOUR: Readonly<Record<Framework, FrameworkBehaviour>> = {
  sdk: { plainData: 'site', addsTextToStructured: false, returnsStrings: false },
  fastmcp: { plainData: 'none', addsTextToStructured: false, returnsStrings: false },
  transport: { plainData: 'errors', addsTextToStructured: false, returnsStrings: false },
  'mcp-framework': { plainData: 'site', addsTextToStructured: false, returnsStrings: false },
  xmcp: { plainData: 'site', addsTextToStructured: true, returnsStrings: false },
  agentkit: { plainData: 'site', addsTextToStructured: false, returnsStrings: true },
  registry: { plainData: 'site', addsTextToStructured: false, returnsStrings: false },
};
