/**
 * The SDK client the probe talks through, loaded when the probe runs. The tools bring their own
 * copy of `@modelcontextprotocol/sdk` 1.x under an npm alias (`@mcp-result-kit/mcp-sdk`): the
 * server's own SDK (any 1.x, the 2.x packages, or none for a server in another language) is
 * never resolved, upgraded or refused by npm because of the probe.
 */
import { createRequire } from 'node:module';
import type { Client } from '@mcp-result-kit/mcp-sdk/client/index.js';
import type { StreamableHTTPClientTransport } from '@mcp-result-kit/mcp-sdk/client/streamableHttp.js';
import type { CallToolResultSchema } from '@mcp-result-kit/mcp-sdk/types.js';
import { ProbeError } from './errors.js';

/** The alias the tools' package.json installs the SDK under. */
const SDK_ALIAS = '@mcp-result-kit/mcp-sdk';

export interface Sdk {
  Client: typeof Client;
  /**
   * The result schema the client parses tools/call results with. The probe reads the raw
   * response from its tap and judges it itself, so it asks the SDK for no parsing: `z.any()` of
   * the zod the SDK itself uses. The SDK's CallToolResultSchema when that zod cannot be found.
   */
  resultSchema: typeof CallToolResultSchema;
  StreamableHTTPClientTransport: typeof StreamableHTTPClientTransport;
}

/** The tools' own SDK copy is missing: an install that skipped the tools' dependencies. */
function missingSdk(): ProbeError {
  return new ProbeError(`probe needs the SDK client the tools install as ${SDK_ALIAS} (an npm alias of @modelcontextprotocol/sdk 1.x), which is missing; reinstall @mcp-result-kit/tools with its dependencies`);
}

function isNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND' || code === 'ERR_PACKAGE_PATH_NOT_EXPORTED') && String((error as Error).message).includes(SDK_ALIAS);
}

/** `z.any()` from the zod the SDK resolves, or undefined. */
function permissiveSchema(): typeof CallToolResultSchema | undefined {
  try {
    const sdkEntry = createRequire(import.meta.url).resolve(`${SDK_ALIAS}/client/index.js`);
    const zod = createRequire(sdkEntry)('zod') as { any?: () => unknown; z?: { any?: () => unknown } };
    const any = zod.any ?? zod.z?.any;
    return any ? (any() as typeof CallToolResultSchema) : undefined;
  } catch {
    return undefined;
  }
}

let loaded: Promise<Sdk> | undefined;

async function load(): Promise<Sdk> {
  try {
    const [client, types, http] = await Promise.all([
      import('@mcp-result-kit/mcp-sdk/client/index.js'),
      import('@mcp-result-kit/mcp-sdk/types.js'),
      import('@mcp-result-kit/mcp-sdk/client/streamableHttp.js'),
    ]);
    return { Client: client.Client, resultSchema: permissiveSchema() ?? types.CallToolResultSchema, StreamableHTTPClientTransport: http.StreamableHTTPClientTransport };
  } catch (error) {
    if (isNotFound(error)) throw missingSdk();
    throw error;
  }
}

export function loadSdk(): Promise<Sdk> {
  loaded ??= load().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}
