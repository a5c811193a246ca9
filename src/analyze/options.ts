import { parseRelease } from './framework-version.js';
import { compileErrorPatterns } from './words.js';
import { protocolVersionProblem, type ProtocolVersion } from '../protocol-version.js';

/**
 * Handler options shared by the ESLint rules, `migrate` and `check`, so that all of them see the
 * same handlers. The names are the rule option names and the config-file keys.
 */
export interface HandlerOptions {
  /** Regular expressions (source text) for names of functions that are tool handlers, e.g. `^handle[A-Z]`. */
  handlerPatterns?: string[];
  /** Extra registration method names that take `(name, …, handler)` like `server.tool`. */
  registrationMethods?: string[];
  /** Property names holding the handler in tool-definition objects, e.g. `handler`, `execute`. */
  handlerProperties?: string[];
  /** Function names whose call already builds a proper result (the user's own `ok()` / `fail()`). */
  resultHelpers?: string[];
  /** Treat classes with a `name` property and an `execute` method as tool handlers. */
  handlerClasses?: boolean;
  /**
   * Recognise tool-definition objects (`{ name, inputSchema | parameters | schema, execute | handler }`)
   * wherever they are written (default true).
   */
  toolDefinitions?: boolean;
  /** Leave plain strings returned from FastMCP tools alone: FastMCP wraps them in a text item itself (default false). */
  allowFastmcpStrings?: boolean;
  /**
   * Regular expressions (source text, matched case-insensitively) for result texts that report a
   * failure, added to the built-in words (src/analyze/words.ts): your own phrasing or language.
   */
  errorPatterns?: string[];
  /**
   * The MCP protocol version results are written for (`2026-07-28` and later: any JSON value is
   * valid structuredContent). Default: from the SDK in the nearest package.json (src/protocol-version.ts).
   */
  protocolVersion?: string;
  /**
   * The mcp-framework release the tools run on (`0.2.22`), which decides how its tools' sites are
   * rewritten. Default: the installed copy, else package-lock.json, else the lowest release the
   * nearest package.json allows (src/analyze/framework-version.ts).
   */
  mcpFrameworkVersion?: string;
}

export interface ResolvedHandlerOptions {
  handlerPatterns: RegExp[];
  registrationMethods: ReadonlySet<string>;
  handlerProperties: ReadonlySet<string>;
  resultHelpers: ReadonlySet<string>;
  /** The names the team listed in `resultHelpers` (the kit's own are in `resultHelpers` too). */
  userResultHelpers: ReadonlySet<string>;
  handlerClasses: boolean;
  toolDefinitions: boolean;
  allowFastmcpStrings: boolean;
  errorPatterns: RegExp[];
  /** Undefined: each file follows the SDK its package.json depends on. */
  protocolVersion: ProtocolVersion | undefined;
  /** Undefined: each file follows the mcp-framework its project installs. */
  mcpFrameworkVersion: string | undefined;
  /** A stable key for caching analyses per option set. */
  key: string;
}

export const KIT_HELPERS = ['successResult', 'errorResult', 'errorTextResult', 'jsonResult', 'toCallToolResult'] as const;

/**
 * A function of the project named like one of the kit's helpers (`jsonResult`, `successResult`)
 * that is the project's own, not the kit's: its file does not come from the kit (the module
 * `migrate --local-helpers` writes names it) and the name is not one the team listed in
 * `resultHelpers`. It is analyzed like any other function, and its calls judged by what it builds.
 */
export function isOwnKitNamedFunction(name: string, sourceFile: { text: string; fileName: string }, options: ResolvedHandlerOptions): boolean {
  return (KIT_HELPERS as readonly string[]).includes(name) && !options.userResultHelpers.has(name) && !sourceFile.text.includes('mcp-result-kit') && !/[\\/]node_modules[\\/]/.test(sourceFile.fileName);
}

export class HandlerOptionsError extends Error {
  override name = 'HandlerOptionsError';
}

const KNOWN_KEYS = new Set(['handlerPatterns', 'registrationMethods', 'handlerProperties', 'resultHelpers', 'handlerClasses', 'toolDefinitions', 'allowFastmcpStrings', 'errorPatterns', 'protocolVersion', 'mcpFrameworkVersion']);

function optionalBoolean(value: unknown, key: string): boolean | undefined {
  if (value !== undefined && typeof value !== 'boolean') throw new HandlerOptionsError(`${key} must be a boolean`);
  return value;
}

function stringList(value: unknown, key: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new HandlerOptionsError(`${key} must be an array of strings`);
  }
  return value as string[];
}

/** Validates and compiles handler options; throws HandlerOptionsError with the offending key. */
export function resolveHandlerOptions(raw: HandlerOptions | undefined = {}): ResolvedHandlerOptions {
  for (const key of Object.keys(raw)) {
    if (!KNOWN_KEYS.has(key)) {
      throw new HandlerOptionsError(`unknown handler option "${key}" (known: ${[...KNOWN_KEYS].join(', ')})`);
    }
  }
  const patterns = stringList(raw.handlerPatterns, 'handlerPatterns').map((source) => {
    try {
      return new RegExp(source);
    } catch (error) {
      throw new HandlerOptionsError(`handlerPatterns: "${source}" is not a valid regular expression (${(error as Error).message})`);
    }
  });
  const registrationMethods = stringList(raw.registrationMethods, 'registrationMethods');
  const handlerProperties = stringList(raw.handlerProperties, 'handlerProperties');
  const resultHelpers = stringList(raw.resultHelpers, 'resultHelpers');
  const handlerClasses = optionalBoolean(raw.handlerClasses, 'handlerClasses') ?? false;
  const toolDefinitions = optionalBoolean(raw.toolDefinitions, 'toolDefinitions') ?? true;
  const allowFastmcpStrings = optionalBoolean(raw.allowFastmcpStrings, 'allowFastmcpStrings') ?? false;
  const errorPatternSources = stringList(raw.errorPatterns, 'errorPatterns');
  let errorPatterns: RegExp[];
  try {
    errorPatterns = compileErrorPatterns(errorPatternSources);
  } catch (error) {
    throw new HandlerOptionsError((error as Error).message);
  }
  const problem = raw.protocolVersion === undefined ? undefined : protocolVersionProblem(raw.protocolVersion);
  if (problem !== undefined) throw new HandlerOptionsError(`protocolVersion ${problem}`);
  const protocolVersion = raw.protocolVersion as ProtocolVersion | undefined;
  const mcpFrameworkVersion = raw.mcpFrameworkVersion;
  if (mcpFrameworkVersion !== undefined && (typeof mcpFrameworkVersion !== 'string' || parseRelease(mcpFrameworkVersion) === null)) {
    throw new HandlerOptionsError(`mcpFrameworkVersion must be a release number such as "0.2.22", got ${JSON.stringify(mcpFrameworkVersion)}`);
  }
  return {
    handlerPatterns: patterns,
    registrationMethods: new Set(registrationMethods),
    handlerProperties: new Set(handlerProperties),
    resultHelpers: new Set([...KIT_HELPERS, ...resultHelpers]),
    userResultHelpers: new Set(resultHelpers),
    handlerClasses,
    toolDefinitions,
    allowFastmcpStrings,
    errorPatterns,
    protocolVersion,
    mcpFrameworkVersion,
    key: JSON.stringify([patterns.map((p) => p.source), registrationMethods, handlerProperties, resultHelpers, handlerClasses, toolDefinitions, allowFastmcpStrings, errorPatternSources, protocolVersion ?? null, mcpFrameworkVersion ?? null]),
  };
}
