/**
 * The SDK, loaded when the probe runs: `@modelcontextprotocol/sdk` is an optional peer of the
 * tools (only the probe and the reference server need it), resolved from where the tools are
 * installed. When it is missing, the error names the install command for the project.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { missingPackage } from '../install.js';

const SDK = '@modelcontextprotocol/sdk';

export interface Sdk {
  Client: typeof Client;
  CallToolResultSchema: typeof CallToolResultSchema;
  /** Absent before SDK 1.10, which added the Streamable HTTP client. */
  StreamableHTTPClientTransport?: typeof StreamableHTTPClientTransport;
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND' || code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') && String((error as Error).message).includes(SDK);
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
    return { Client: client.Client, CallToolResultSchema: types.CallToolResultSchema, ...(http ? { StreamableHTTPClientTransport: http } : {}) };
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
