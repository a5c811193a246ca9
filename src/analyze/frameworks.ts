import { atLeast, packageReleaseOf, XMCP_PACKAGE, type ReleaseVersion } from './framework-version.js';
import type { Framework, SiteKind } from './types.js';

/**
 * What each framework does with the value a tool handler returns, where it decides whether a
 * returned shape is a site, and how findings put it into words. One table, so that discovery only
 * has to say which framework receives a handler's value, and the rules' messages and `migrate`'s
 * review reasons say the same thing about it.
 */
export interface FrameworkBehaviour {
  /**
   * A plain data object or array returned as the result: `site` where the runtime sends it as
   * something other than a result (the SDK: an empty result; mcp-framework: JSON text without
   * structuredContent); `errors` where only an error object is a site (a transport that serialises
   * whatever it gets); `none` where the framework turns it into a result itself (FastMCP).
   */
  plainData: 'site' | 'errors' | 'none';
  /** structuredContent alone gets a text item from the framework (xmcp from 0.6.6). */
  addsTextToStructured: boolean;
  /** The framework's contract is a string result (AgentKit actions): a value the analyzer cannot see into is one. */
  returnsStrings: boolean;
  /**
   * The framework JSON-encodes every returned value that is not content items (mcp-framework): an
   * API client's result the analyzer cannot see into arrives as JSON text too, so it is a site.
   */
  encodesEveryValue: boolean;
  /**
   * A tool that declares an output schema may return a plain object: the framework sends it as
   * structuredContent with a text item (mcp-framework's `outputSchemaShape`, xmcp's `outputSchema` from 0.6.6).
   */
  structuresPlainData: boolean;
  /**
   * Why `migrate` leaves this framework's sites for review: its runtime does not pass a
   * CallToolResult on as the result (it JSON-encodes or stringifies whatever it gets), so the
   * kit's helpers would make things worse there. Null where a returned result reaches the client.
   */
  helpersDoNotReach: string | null;
}

export const FRAMEWORK_BEHAVIOUR: Readonly<Record<Framework, FrameworkBehaviour>> = {
  sdk: { plainData: 'site', addsTextToStructured: false, returnsStrings: false, encodesEveryValue: false, structuresPlainData: false, helpersDoNotReach: null },
  fastmcp: { plainData: 'none', addsTextToStructured: false, returnsStrings: false, encodesEveryValue: false, structuresPlainData: false, helpersDoNotReach: null },
  transport: { plainData: 'errors', addsTextToStructured: false, returnsStrings: false, encodesEveryValue: false, structuresPlainData: false, helpersDoNotReach: null },
  'mcp-framework': {
    plainData: 'site',
    addsTextToStructured: false,
    returnsStrings: false,
    encodesEveryValue: true,
    structuresPlainData: true,
    // Its sites are rewritten in its own terms instead (framework-rewrites.ts), or reviewed with the reason.
    helpersDoNotReach:
      "mcp-framework JSON-encodes whatever execute returns, so a result from the kit's helpers would arrive double-encoded; return the content array ([{ type: 'text', text }]) or the data object, and throw an Error for a failure",
  },
  xmcp: { plainData: 'site', addsTextToStructured: true, returnsStrings: false, encodesEveryValue: false, structuresPlainData: true, helpersDoNotReach: null },
  agentkit: {
    plainData: 'site',
    addsTextToStructured: false,
    returnsStrings: true,
    encodesEveryValue: false,
    structuresPlainData: false,
    // Read in @coinbase/agentkit 0.6.1 to 0.11 and agentkit-model-context-protocol 0.2.0 / 0.3.0: toolHandler
    // sends JSON.stringify(await action.invoke(args)) as the text, never isError; a thrown error
    // rejects toolHandler. Nothing an action returns or throws is a result in AgentKit's own terms.
    helpersDoNotReach:
      "AgentKit actions must return a string, which its MCP extension (getMcpTools's toolHandler) JSON-encodes into a text item, never isError (a thrown error only rejects toolHandler); in your tools/call handler, call the action yourself (agentKit.getActions().find((action) => action.name === name)) and return successResult(await action.invoke(args)), or errorTextResult(text) for a failure, instead of toolHandler's value",
  },
  registry: {
    plainData: 'site',
    addsTextToStructured: false,
    returnsStrings: false,
    encodesEveryValue: false,
    structuresPlainData: false,
    helpersDoNotReach: "the registry's transport puts this value into a text item as it is; migrate the transport to toCallToolResult(value), then return a result here",
  },
};

/**
 * mcp-framework releases where `MCPTool.toolCall` changed what it does with execute's value (read
 * in its source, src/tools/BaseTool.ts, at every tag from 0.2.8 to 0.2.22; docs/rewrite-spec.md
 * has the whole table):
 * - `contentItems`: an array holding content items is sent as the content (the items that are
 *   valid; the rest dropped); before, it was JSON-encoded like any value (added in the 0.1 series);
 * - `errorResponseHook`: the earliest release read where `createErrorResponse(error)` and
 *   `createSuccessResponse(data)`, which build the result of a thrown Error and of a returned
 *   value, are protected methods a tool class can override;
 * - `thrownIsError`: a thrown Error becomes `{ content: [{ type: 'text', text: message }], isError:
 *   true }`; before, `{ content: [{ type: 'error', text: message }] }`, a content type that MCP
 *   clients reject (the SDK Client fails the call);
 * - `outputSchema`: with `outputSchemaShape` declared, a returned plain object that the schema
 *   parses is also sent as structuredContent.
 * Every release JSON-encodes anything else (`JSON.stringify(value)`, compact) into one text item,
 * a string included (unless the tool sets `useStringify = false`, 0.2.13 and later: `String(value)`).
 */
export const MCP_FRAMEWORK_RELEASES = {
  contentItems: [0, 2, 0],
  errorResponseHook: [0, 2, 8],
  thrownIsError: [0, 2, 19],
  outputSchema: [0, 2, 20],
} as const satisfies Record<string, ReleaseVersion>;

/**
 * xmcp releases where its tool transformer (packages/xmcp/src/runtime/utils/transformers/tool.ts,
 * read at every tag from 0.3.0 to 1.1.0) changed what it does with a handler's value:
 * - `structuredFallback`: `{ structuredContent }` alone gets a text item holding its JSON, and a
 *   plain object from a tool with an output schema is sent as structuredContent; before, the
 *   first went out with no text item at all, and the second was refused ("Tool handler must return
 *   at least 'content' or 'structuredContent'").
 */
export const XMCP_RELEASES = {
  structuredFallback: [0, 6, 6],
} as const satisfies Record<string, ReleaseVersion>;

const XMCP_BEFORE_FALLBACK: FrameworkBehaviour = { ...FRAMEWORK_BEHAVIOUR.xmcp, addsTextToStructured: false, structuresPlainData: false };

/**
 * What the framework does with the values of `fileName`'s tools, at the release the file runs on.
 * A release nobody names is taken to be the newest: what the framework does today.
 */
export function frameworkBehaviourIn(framework: Framework, fileName: string): FrameworkBehaviour {
  if (framework !== 'xmcp') return FRAMEWORK_BEHAVIOUR[framework];
  const release = packageReleaseOf(XMCP_PACKAGE, fileName, undefined);
  return release && !atLeast(release.version, XMCP_RELEASES.structuredFallback) ? XMCP_BEFORE_FALLBACK : FRAMEWORK_BEHAVIOUR.xmcp;
}

/** The shape of the value a finding is about, as a framework tells them apart. */
export type ReturnedShape = 'string' | 'json' | 'error' | 'object' | 'result';

const SHAPE_OF_KIND: Readonly<Record<SiteKind, ReturnedShape | null>> = {
  string: 'string',
  'json-stringify': 'json',
  'json-text-content': 'result',
  'error-string': 'error',
  'error-json': 'error',
  'error-object': 'error',
  'error-content': 'error',
  'bare-object': 'object',
  'hand-built-result': 'result',
  'structured-not-object': null,
  'structured-without-text': null,
  'missing-structured-content': null,
  'transport-wrapper': null,
};

/** Two sentences of a finding's message: what the framework does with the value, and what to return instead. */
export interface FrameworkWording {
  delivery: string;
  instead: string;
}

const MCP_FRAMEWORK_ENCODES = 'mcp-framework JSON-encodes whatever MCPTool.execute returns into one text item';
const AGENTKIT_ENCODES = "AgentKit's MCP extension (getMcpTools) sends JSON.stringify(value) as the text";
const AGENTKIT_INSTEAD =
  "AgentKit actions return strings: keep the action's contract and serve the actions through a tools/call handler of your own that returns successResult(text), errorTextResult(text) or jsonResult(data), instead of getMcpTools's toolHandler.";
const REGISTRY_PUTS = "The server's own transport puts whatever this handler returns into a text item as it is";
const registryInstead = (helper: string) =>
  `Migrate that transport (reported as transport-wrapper where it calls the handler) to return toCallToolResult(value), then return ${helper} here.`;

/**
 * The frameworks whose handling of a returned value differs from the SDK's, per shape. Where a
 * framework has no sentence for a shape, the rule's SDK message holds there too.
 */
const FRAMEWORK_WORDING: Readonly<Partial<Record<Framework, Partial<Record<ReturnedShape, FrameworkWording>>>>> = {
  'mcp-framework': {
    string: {
      delivery: `${MCP_FRAMEWORK_ENCODES}, so the model reads the string in quotes with its line breaks escaped.`,
      instead: "Return [{ type: 'text', text }]: mcp-framework (every 0.2 release) sends an array of content items as the content.",
    },
    json: {
      delivery: `${MCP_FRAMEWORK_ENCODES}, so this JSON text arrives encoded twice (escaped JSON inside a JSON string), without structuredContent.`,
      instead: "Return [{ type: 'text', text: <the JSON> }], which mcp-framework sends as it is; in a tool with an outputSchemaShape (0.2.20 and later), return the data object, which it also sends as structuredContent.",
    },
    object: {
      delivery: `${MCP_FRAMEWORK_ENCODES}, so clients get this object as JSON text without structuredContent.`,
      instead: 'Declare an outputSchemaShape (a zod object) on the tool, so that mcp-framework (0.2.20 and later) also sends the object as structuredContent; before 0.2.20, override createSuccessResponse(data) to add it (migrate adds it).',
    },
    error: {
      delivery: `${MCP_FRAMEWORK_ENCODES} and never sets isError from it, so the model cannot tell the call failed.`,
      instead: 'Throw an Error with this text: mcp-framework 0.2.19 and later turns a thrown Error into an isError: true result with the message as its text; earlier releases send a content item of type "error", which clients reject, unless the tool overrides createErrorResponse(error) to return that result (migrate adds it).',
    },
    result: {
      delivery: `${MCP_FRAMEWORK_ENCODES}, so a hand-built { content } result arrives double-encoded: the model reads the result object as JSON text.`,
      instead: "Return the content array itself ([{ type: 'text', text }]), and throw an Error for a failure (0.2.19 and later).",
    },
  },
  xmcp: {
    string: {
      delivery: 'xmcp sends a returned string as a text item, but a failure is then not marked isError and there is no structuredContent, so its results differ from every other tool.',
      instead: 'Return successResult(text).',
    },
    object: {
      delivery: "Without an outputSchema (before 0.6.6, even with one), xmcp refuses it (\"Tool handler must return at least 'content' or 'structuredContent'\"), so the call fails.",
      instead: 'Return jsonResult(value), or (xmcp 0.6.6 and later) declare an outputSchema to send it as structuredContent.',
    },
  },
  agentkit: {
    string: { delivery: `${AGENTKIT_ENCODES}, so the model reads this string in quotes with its line breaks escaped, and a failure is never isError.`, instead: AGENTKIT_INSTEAD },
    json: { delivery: `${AGENTKIT_ENCODES}, so this JSON text arrives encoded twice (escaped JSON inside a JSON string), without structuredContent.`, instead: AGENTKIT_INSTEAD },
    object: { delivery: `${AGENTKIT_ENCODES}: clients get JSON text without structuredContent, and the action breaks AgentKit's string contract.`, instead: AGENTKIT_INSTEAD },
    error: { delivery: `${AGENTKIT_ENCODES} and never sets isError, so the model cannot tell the action failed.`, instead: AGENTKIT_INSTEAD },
    result: { delivery: `${AGENTKIT_ENCODES}, so a { content } result arrives as JSON text, not as a result.`, instead: AGENTKIT_INSTEAD },
  },
  registry: {
    string: { delivery: `${REGISTRY_PUTS}: the text arrives, but a failure cannot be marked isError and data has no structuredContent.`, instead: registryInstead('successResult(text)') },
    json: { delivery: `${REGISTRY_PUTS}: the model reads escaped JSON and clients get no structuredContent.`, instead: registryInstead('jsonResult(data)') },
    object: { delivery: `${REGISTRY_PUTS}: an object arrives as JSON or as "[object Object]", never as structuredContent.`, instead: registryInstead('jsonResult(value)') },
    error: { delivery: `${REGISTRY_PUTS}, without isError: true, so the model cannot tell it failed.`, instead: registryInstead('errorTextResult(text)') },
    result: { delivery: `${REGISTRY_PUTS}, so a { content } result arrives as text, not as a result.`, instead: registryInstead('the result') },
  },
};

/** What a finding of this kind should say about its framework, or undefined where the SDK's wording holds. */
export function frameworkWording(framework: Framework, kind: SiteKind): FrameworkWording | undefined {
  const shape = SHAPE_OF_KIND[kind];
  return shape === null ? undefined : FRAMEWORK_WORDING[framework]?.[shape];
}
