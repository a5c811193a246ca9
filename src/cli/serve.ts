import { existsSync } from 'node:fs';
import { UsageError } from './errors.js';
import { deprecated, type Io } from './io.js';
import type { CodeEditorServerOptions } from '../code-editor/serve.js';

export interface ServeFlags {
  db?: string;
  root?: string;
  /** A URL, or true for a bare --postgres (URL from MCP_CONTENT_DATABASE_URL). */
  postgres?: string | true;
  import?: string;
  layout?: string;
  readOnly?: boolean;
  org?: string;
  http?: string;
  host?: string;
  allowedHost?: string[];
  tokenFile?: string;
  resultFormat?: string;
  /** Deprecated spelling of resultFormat (--format is the output format in check and migrate). */
  format?: string;
}

const FORMATS = ['readable', 'structured', 'both'] as const;
const LAYOUTS = ['plain', 'entities'] as const;

/** The flags as startCodeEditorServer options; bad values are usage errors. */
export function serveOptions(flags: ServeFlags): CodeEditorServerOptions {
  const options: CodeEditorServerOptions = {};
  if (flags.db !== undefined) options.db = flags.db;
  if (flags.root !== undefined) options.root = flags.root;
  if (flags.import !== undefined) options.importDir = flags.import;
  if (flags.layout !== undefined) {
    if (!(LAYOUTS as readonly string[]).includes(flags.layout)) throw new UsageError(`--layout must be one of ${LAYOUTS.join(', ')}, got "${flags.layout}"`);
    options.layout = flags.layout as (typeof LAYOUTS)[number];
  }
  if (flags.readOnly) options.readOnly = true;
  if (flags.org !== undefined) options.org = flags.org;
  if (flags.host !== undefined) options.host = flags.host;
  if (flags.allowedHost !== undefined) options.allowedHosts = flags.allowedHost;
  if (flags.http !== undefined) {
    const port = Number(flags.http);
    if (!/^\d+$/.test(flags.http) || port > 65535) throw new UsageError(`--http must be a port number (0-65535), got "${flags.http}"`);
    options.http = port;
  }
  if (flags.format !== undefined && flags.resultFormat !== undefined && flags.format !== flags.resultFormat) {
    throw new UsageError(`--format ${flags.format} (deprecated) and --result-format ${flags.resultFormat} disagree`);
  }
  const format = flags.resultFormat ?? flags.format;
  if (format !== undefined) {
    if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--result-format must be one of ${FORMATS.join(', ')}, got "${format}"`);
    options.format = format as (typeof FORMATS)[number];
  }
  return options;
}

/**
 * `mcp-result-kit serve`: the reference code-editor MCP server over stdio (or Streamable HTTP
 * with --http). Resolves when the client disconnects or on SIGINT / SIGTERM. Loaded lazily so
 * the other commands never pay for the SQLite store.
 */
export async function runServe(flags: ServeFlags, io?: Io): Promise<number> {
  if (flags.format !== undefined && io) deprecated(io, `serve --format ${flags.format} is now --result-format ${flags.format} (--format is the output format in check and migrate)`);
  const env = io?.env ?? process.env;
  const options = serveOptions(flags);
  let module: typeof import('../code-editor/serve.js');
  let cliEnv: typeof import('../code-editor/cli-env.js');
  try {
    module = await import('../code-editor/serve.js');
    cliEnv = await import('../code-editor/cli-env.js');
  } catch (error) {
    if (!existsSync(new URL('../code-editor/serve.js', import.meta.url))) throw new Error('the code-editor server is not part of this build (src/code-editor/serve.ts is missing)', { cause: error });
    throw new Error(`cannot load the code-editor server: ${(error as Error).message}`, { cause: error });
  }
  let server: Awaited<ReturnType<typeof module.startCodeEditorServer>>;
  try {
    // The token and the database URL can come from a file or the environment, out of argv (ps shows argv).
    const secrets = cliEnv.secretsFromCli({ ...flags, http: flags.http !== undefined }, env);
    Object.assign(options, secrets.options);
    for (const warning of secrets.warnings) process.stderr.write(`[code-editor] warning: ${warning}\n`);
    server = await module.startCodeEditorServer(options);
  } catch (error) {
    if (error instanceof module.CodeEditorServerError) {
      if (error.code === 'invalid_options') throw new UsageError(error.message, { cause: error });
      throw new Error(error.message, { cause: error });
    }
    throw error;
  }
  const stop = (): void => void server.close();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await server.closed;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  return 0;
}
