/**
 * startCodeEditorServer: the code-editor MCP server over stdio (default) or Streamable HTTP.
 *
 * Library code: it never calls process.exit and logs only to stderr (stdout is the stdio
 * transport). Problems with the options or the store are thrown as CodeEditorServerError.
 *
 * The SDK 1.x server and the one transport in use are imported when the server starts, not
 * when the package is: a server that only embeds the tools (registerCodeEditorTools, with the
 * SDK 1.x or v2) never loads them, and stdio never loads the HTTP stack.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ResultFormat } from 'mcp-result-kit';
import { bearerCheck, challengeHeader, checkToken, isLoopbackHost, TOKEN_ENV } from './http-auth.js';
import { importDirectory, type ImportReport } from './import.js';
import { packageVersion } from './package-info.js';
import { validateIdentifier } from './paths.js';
import { registerCodeEditorTools } from './register.js';
import { SearchPool, type SearchPoolOptions } from './search/search-pool.js';
import { FsStore } from './stores/fs-store.js';
import { describeLayout, FOLDER_LAYOUTS, type FolderLayout } from './stores/layout.js';
import { describePostgresUrl, PostgresStore } from './stores/postgres-store.js';
import { SqliteStore } from './stores/sqlite-store.js';
import { ContentPathError, ContentStoreError, type ContentStore, type StoreDescriptor } from './types.js';
import { SyntaxChecker } from './validate.js';

export const DEFAULT_DATABASE = './mcp-content.db';
const DEFAULT_HOST = '127.0.0.1';
const SERVER_NAME = 'mcp-result-kit-code-editor';

export interface CodeEditorServerOptions {
  /** SQLite database file, created on first use. Default ./mcp-content.db. */
  db?: string;
  /**
   * Serve a folder instead of a database (FsStore). Excludes `db`, `postgres` and `importDir`.
   * It must exist (a mistyped path is refused, not served empty) unless `createRoot` is set.
   */
  root?: string;
  /** Create `root` (and its parents) when it does not exist. */
  createRoot?: boolean;
  /**
   * Postgres connection URL (postgresql://user:password@host:port/database): the store for
   * several replicas sharing one database. Needs the `pg` package. Excludes `db` and `root`.
   */
  postgres?: string;
  /** Load this folder into the database before serving. */
  importDir?: string;
  /**
   * How the `root` (or `importDir`) folder maps onto entity types: 'plain' (every file is a
   * text file; .gitignore followed) or 'entities' (workflows/, modules/, text/, apps/).
   * Default: detected (stores/layout.ts).
   */
  layout?: FolderLayout;
  readOnly?: boolean;
  /** Bind the session to one organisation. */
  org?: string;
  /** Serve Streamable HTTP on this port (0 = any free port) instead of stdio. */
  http?: number;
  /** HTTP bind address. Default 127.0.0.1. */
  host?: string;
  /** Extra Host header values accepted over HTTP (DNS rebinding protection); localhost forms are always allowed. */
  allowedHosts?: string[];
  /**
   * Bearer token every HTTP request must carry (`Authorization: Bearer <token>`), at least 32
   * characters. Required when `host` is not a loopback address; optional on loopback.
   */
  token?: string;
  format?: ResultFormat;
  search?: SearchPoolOptions;
  /** Default: stdin/stdout of this process. */
  stdio?: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream };
  log?: (message: string) => void;
}

export interface RunningCodeEditorServer {
  transport: 'stdio' | 'http';
  /** For HTTP: the MCP endpoint, e.g. http://127.0.0.1:3000/mcp. */
  url?: string;
  store: ContentStore;
  importReport?: ImportReport;
  /** Resolves when the stdio client disconnects (stdin ends) or close() is called. */
  closed: Promise<void>;
  close(): Promise<void>;
}

export type CodeEditorServerErrorCode = 'invalid_options' | 'store' | 'import' | 'listen';

export class CodeEditorServerError extends Error {
  override readonly name = 'CodeEditorServerError';
  constructor(
    readonly code: CodeEditorServerErrorCode,
    message: string,
  ) {
    super(message);
  }
}

function checkOptions(options: CodeEditorServerOptions): void {
  const stores = [options.db !== undefined && '--db <file>', options.root !== undefined && '--root <dir>', options.postgres !== undefined && '--postgres <url>'].filter(Boolean);
  if (stores.length > 1) {
    throw new CodeEditorServerError('invalid_options', `choose one store: ${stores.join(' or ')}, not ${stores.length === 2 ? 'both' : 'several'}`);
  }
  if (options.postgres !== undefined && !/^postgres(ql)?:\/\//.test(options.postgres)) {
    throw new CodeEditorServerError('invalid_options', `--postgres takes a URL such as postgresql://user@host:5432/database, got ${describePostgresUrl(options.postgres)}`);
  }
  if (options.root !== undefined && options.importDir !== undefined) {
    throw new CodeEditorServerError(
      'invalid_options',
      '--import loads files into the database; with --root the folder itself is the store, so drop --import',
    );
  }
  checkRoot(options);
  if (options.layout !== undefined && !(FOLDER_LAYOUTS as readonly string[]).includes(options.layout)) {
    throw new CodeEditorServerError('invalid_options', `--layout must be one of ${FOLDER_LAYOUTS.join(', ')}, got ${String(options.layout)}`);
  }
  if (options.layout !== undefined && options.root === undefined && options.importDir === undefined) {
    throw new CodeEditorServerError('invalid_options', '--layout applies to a folder: use it with --root <dir> or --import <dir>');
  }
  if (options.http !== undefined && (!Number.isInteger(options.http) || options.http < 0 || options.http > 65535)) {
    throw new CodeEditorServerError('invalid_options', `--http must be a port number between 0 and 65535, got ${options.http}`);
  }
  if (options.host !== undefined && options.http === undefined) {
    throw new CodeEditorServerError('invalid_options', '--host only applies with --http <port>');
  }
  checkAuthOptions(options);
  const timeout = options.search?.timeoutMs;
  if (timeout !== undefined && (!Number.isFinite(timeout) || timeout <= 0)) {
    throw new CodeEditorServerError('invalid_options', `--search-timeout must be a positive number of milliseconds, got ${timeout}`);
  }
  if (options.org !== undefined) {
    try {
      validateIdentifier('organization_id', options.org);
    } catch (error) {
      throw new CodeEditorServerError('invalid_options', `--org: ${(error as Error).message}`);
    }
  }
}

/**
 * A root that does not exist is almost always a typo, and serving it would create an empty folder
 * and hide the mistake: refuse it unless asked to create it. SQLite and Postgres create their own
 * storage, so only --root needs this.
 */
function checkRoot(options: CodeEditorServerOptions): void {
  if (options.createRoot && options.root === undefined) {
    throw new CodeEditorServerError('invalid_options', '--create-root applies to a folder: use it with --root <dir>');
  }
  if (options.root === undefined) return;
  const absolute = path.resolve(options.root);
  let stats: fs.Stats | undefined;
  try {
    stats = fs.statSync(absolute);
  } catch (error) {
    // ENOTDIR: a parent on the path is a file, so the folder does not exist either.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') {
      throw new CodeEditorServerError('invalid_options', `--root ${options.root}: cannot use ${absolute}: ${(error as Error).message}`);
    }
  }
  if (stats === undefined) {
    if (options.createRoot) return;
    throw new CodeEditorServerError(
      'invalid_options',
      `--root ${options.root}: ${absolute} does not exist; check the path, or add --create-root to create it`,
    );
  }
  if (!stats.isDirectory()) {
    throw new CodeEditorServerError('invalid_options', `--root ${options.root}: ${absolute} is a file, not a folder; --root serves a folder`);
  }
}

function checkAuthOptions(options: CodeEditorServerOptions): void {
  if (options.token !== undefined) {
    if (options.http === undefined) {
      throw new CodeEditorServerError('invalid_options', `a token only applies with --http <port> (stdio has no network to protect)`);
    }
    try {
      checkToken(options.token, 'the token');
    } catch (error) {
      throw new CodeEditorServerError('invalid_options', (error as Error).message);
    }
  }
  const host = options.host ?? DEFAULT_HOST;
  if (options.http !== undefined && options.token === undefined && !isLoopbackHost(host)) {
    throw new CodeEditorServerError(
      'invalid_options',
      `refusing to serve HTTP on ${host} without authentication: anyone who can reach the port could read, patch and delete all content. ` +
        `Put a token in a file (openssl rand -hex 32 > token; chmod 600 token) and pass --token-file token, or set ${TOKEN_ENV}; or listen on 127.0.0.1`,
    );
  }
}

async function openConfiguredStore(options: CodeEditorServerOptions): Promise<ContentStore> {
  try {
    if (options.root !== undefined) return new FsStore(options.root, { layout: options.layout ?? 'auto' });
    if (options.postgres !== undefined) return await PostgresStore.open(options.postgres, { readonly: options.readOnly });
    const file = path.resolve(options.db ?? DEFAULT_DATABASE);
    if (options.readOnly && !fs.existsSync(file)) {
      throw new ContentStoreError(`database ${file} does not exist; a read-only server cannot create it`);
    }
    return new SqliteStore(file);
  } catch (error) {
    if (error instanceof ContentStoreError || error instanceof ContentPathError) {
      throw new CodeEditorServerError('store', error.message);
    }
    throw error;
  }
}

function describeStore(descriptor: StoreDescriptor): string {
  switch (descriptor.kind) {
    case 'fs':
      return `folder ${descriptor.root}`;
    case 'sqlite':
      return `database ${descriptor.file}`;
    case 'postgres':
      return `Postgres ${describePostgresUrl(descriptor.url)}`;
  }
}

/** Host header values a local server accepts: a browser page on another name is refused. */
function allowedHostHeaders(host: string, port: number, extra: readonly string[]): Set<string> {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]', host.includes(':') ? `[${host}]` : host, ...extra]);
  const headers = new Set<string>();
  for (const name of names) {
    headers.add(name);
    headers.add(`${name}:${port}`);
  }
  return headers;
}

function rejectRequest(response: http.ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(
    JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }),
  );
}

export async function startCodeEditorServer(options: CodeEditorServerOptions = {}): Promise<RunningCodeEditorServer> {
  checkOptions(options);
  const log = options.log ?? ((message: string) => process.stderr.write(`[code-editor] ${message}\n`));
  const store = await openConfiguredStore(options);
  if (options.org !== undefined && store instanceof FsStore && store.layout === 'plain') {
    store.close();
    throw new CodeEditorServerError(
      'invalid_options',
      `--org binds the session to an organisation's workflows, and ${store.root} is served as a plain folder, which has none; drop --org or use --layout entities`,
    );
  }

  let importReport: ImportReport | undefined;
  if (options.importDir !== undefined) {
    try {
      importReport = await importDirectory(store, options.importDir, { layout: options.layout ?? 'auto' });
    } catch (error) {
      await store.close();
      throw new CodeEditorServerError('import', (error as Error).message);
    }
    log(
      `imported ${importReport.imported} file(s) from ${options.importDir} (${describeLayout(importReport.layout, options.layout === undefined)}); skipped ${importReport.skipped.length}`,
    );
    for (const skipped of importReport.skipped) log(`  skipped ${skipped.file}: ${skipped.reason}`);
  }

  const searchPool = new SearchPool(options.search);
  const toolOptions = {
    store,
    context: { organizationId: options.org, readOnly: options.readOnly ?? false },
    format: options.format,
    searchPool,
    syntaxChecker: new SyntaxChecker(),
    log,
  };
  const storeLabel = describeStore(store.descriptor);
  if (store instanceof FsStore) log(`${store.root}: ${describeLayout(store.layout, store.layoutDetected)}`);

  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });

  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  if (options.http === undefined) {
    const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
    const server = new McpServer({ name: SERVER_NAME, version: packageVersion() });
    registerCodeEditorTools(server, toolOptions);
    const transport = options.stdio
      ? new StdioServerTransport(options.stdio.stdin as NodeJS.ReadStream, options.stdio.stdout as NodeJS.WriteStream)
      : new StdioServerTransport();
    let closing: Promise<void> | undefined;
    const close = (): Promise<void> => {
      closing ??= (async () => {
        await server.close();
        await searchPool.close();
        await store.close();
        markClosed();
      })();
      return closing;
    };
    // The stdio transport does not report stdin ending; a client that goes away closes stdin.
    (options.stdio?.stdin ?? process.stdin).once('end', () => void close());
    await server.connect(transport);
    log(`serving ${storeLabel} over stdio${options.readOnly ? ' (read-only)' : ''}${options.org ? ` for organization ${options.org}` : ''}`);
    return { transport: 'stdio', store, importReport, closed, close };
  }

  const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const host = options.host ?? DEFAULT_HOST;
  const httpServer = http.createServer();
  const authenticate = options.token === undefined ? undefined : bearerCheck(options.token);
  let allowed = new Set<string>();
  httpServer.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    // DNS rebinding protection: a page on evil.example resolving to 127.0.0.1 sends its own Host.
    const hostHeader = request.headers.host;
    if (!hostHeader || !allowed.has(hostHeader)) {
      rejectRequest(response, 403, `Invalid Host header: ${hostHeader ?? '(missing)'}`);
      return;
    }
    const origin = request.headers.origin;
    if (origin !== undefined) {
      let originHost: string;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = '';
      }
      if (!allowed.has(originHost)) {
        rejectRequest(response, 403, `Invalid Origin header: ${origin}`);
        return;
      }
    }
    // After the Host check (which is about browsers), before anything else answers.
    const verdict = authenticate?.(request) ?? 'ok';
    if (verdict !== 'ok') {
      response.setHeader('WWW-Authenticate', challengeHeader(verdict));
      rejectRequest(response, 401, verdict === 'missing' ? 'Unauthorized: send Authorization: Bearer <token>' : 'Unauthorized: invalid bearer token');
      return;
    }
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== '/mcp') {
      rejectRequest(response, 404, 'Not found: the MCP endpoint is /mcp');
      return;
    }
    // Stateless Streamable HTTP: one server + transport per request, sharing store and workers.
    const server = new McpServer({ name: SERVER_NAME, version: packageVersion() });
    registerCodeEditorTools(server, toolOptions);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    server
      .connect(transport)
      .then(() => transport.handleRequest(request, response))
      .catch((error: unknown) => {
        log(`HTTP request failed: ${error instanceof Error ? error.message : String(error)}`);
        if (!response.headersSent) rejectRequest(response, 500, 'Internal server error');
      });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(options.http, host, () => {
        httpServer.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await searchPool.close();
    await store.close();
    throw new CodeEditorServerError('listen', `cannot listen on ${host}:${options.http}: ${(error as Error).message}`);
  }
  const port = (httpServer.address() as AddressInfo).port;
  allowed = allowedHostHeaders(host, port, options.allowedHosts ?? []);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/mcp`;
  const auth = authenticate ? 'bearer token required' : 'no authentication: loopback only';
  log(`serving ${storeLabel} at ${url} (${auth})${options.readOnly ? ' (read-only)' : ''}`);
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      });
      await searchPool.close();
      await store.close();
      markClosed();
    })();
    return closing;
  };
  return { transport: 'http', url, store, importReport, closed, close };
}
