/**
 * The SDK, loaded when the probe runs: `@modelcontextprotocol/sdk` is an optional peer of the
 * tools (only the probe and the reference server need it), resolved from where the tools are
 * installed. When it is missing, the error names the install command for the project.
 */
import { createRequire } from 'node:module';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { missingPackage } from '../install.js';

const SDK = '@modelcontextprotocol/sdk';

export interface Sdk {
  Client: typeof Client;
  /**
   * The result schema the client parses tools/call results with. The probe reads the raw
   * response from its tap and judges it itself, so it asks the SDK for no parsing: `z.any()` of
   * the zod the SDK itself uses (v3 or v4, whichever its version accepts). The SDK's
   * CallToolResultSchema when that zod cannot be found.
   */
  resultSchema: typeof CallToolResultSchema;
  /** Absent before SDK 1.10, which added the Streamable HTTP client. */
  StreamableHTTPClientTransport?: typeof StreamableHTTPClientTransport;
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND' || code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') && String((error as Error).message).includes(SDK);
}

/** `z.any()` from the zod the SDK resolves, or undefined. */
function permissiveSchema(): typeof CallToolResultSchema | undefined {
  try {
    const sdkEntry = createRequire(import.meta.url).resolve('@modelcontextprotocol/sdk/client/index.js');
    const zod = createRequire(sdkEntry)('zod') as { any?: () => unknown; z?: { any?: () => unknown } };
    const any = zod.any ?? zod.z?.any;
    return any ? (any() as typeof CallToolResultSchema) : undefined;
  } catch {
    return undefined;
  }
}

let loaded: Promise<Sdk> | undefined;

async function load(cwd: string): Promise<Sdk> {
  try {
    const [client, types] = await Promise.all([import('@modelcontextprotocol/sdk/client/index.js'), import('@modelcontextprotocol/sdk/types.js')]);
    let http: typeof StreamableHTTPClientTransport | undefined;
    try {
      http = (await import('@modelcontextprotocol/sdk/client/streamableHttp.js')).StreamableHTTPClientTransport;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    return { Client: client.Client, resultSchema: permissiveSchema() ?? types.CallToolResultSchema, ...(http ? { StreamableHTTPClientTransport: http } : {}) };
  } catch (error) {
    if (isNotFound(error)) throw missingPackage(SDK, 'probe', cwd);
    throw error;
  }
}

export function loadSdk(cwd: string): Promise<Sdk> {
  loaded ??= load(cwd).catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
