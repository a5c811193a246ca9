/**
 * Minimal runner for the code-editor server, used by the e2e test and the bench:
 *
 *   node dist/src/code-editor/cli-main.js [--db file | --root dir | --postgres url] [--import dir]
 *                                         [--layout plain|entities] [--read-only] [--org id] [--format f]
 *                                         [--http port [--host addr] [--token-file f] [--allowed-host h]...]
 *
 * MCP_CONTENT_DATABASE_URL selects Postgres when no store flag is given; MCP_CONTENT_TOKEN is the
 * HTTP bearer token when --token-file is not given (see cli-env.ts).
 *
 * The package CLI (`mcp-result-kit serve`) calls startCodeEditorServer the same way.
 */
import { parseArgs } from 'node:util';
import { RESULT_FORMATS, type ResultFormat } from 'mcp-result-kit';
import { secretsFromCli } from './cli-env.js';
import { CodeEditorServerError, startCodeEditorServer } from './serve.js';
import type { FolderLayout } from './stores/layout.js';

function fail(message: string): void {
  process.stderr.write(`code-editor: ${message}\n`);
  process.exitCode = 2;
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        db: { type: 'string' },
        root: { type: 'string' },
        postgres: { type: 'string' },
        import: { type: 'string' },
        layout: { type: 'string' },
        'read-only': { type: 'boolean' },
        org: { type: 'string' },
        http: { type: 'string' },
        host: { type: 'string' },
        'token-file': { type: 'string' },
        'allowed-host': { type: 'string', multiple: true },
        format: { type: 'string' },
        'search-timeout': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail((error as Error).message);
    return;
  }
  const format = values.format;
  if (format !== undefined && !(RESULT_FORMATS as readonly string[]).includes(format)) {
    fail(`--format must be one of ${RESULT_FORMATS.join(', ')}, got ${format}`);
    return;
  }
  const httpPort = values.http === undefined ? undefined : Number(values.http);
  const searchTimeout = values['search-timeout'] === undefined ? undefined : Number(values['search-timeout']);
  try {
    const secrets = secretsFromCli(
      { db: values.db, root: values.root, postgres: values.postgres, tokenFile: values['token-file'], http: httpPort !== undefined },
      process.env,
    );
    for (const warning of secrets.warnings) process.stderr.write(`code-editor: warning: ${warning}\n`);
    const server = await startCodeEditorServer({
      db: values.db,
      root: values.root,
      ...secrets.options,
      importDir: values.import,
      // startCodeEditorServer checks the value and names the allowed ones.
      layout: values.layout as FolderLayout | undefined,
      readOnly: values['read-only'],
      org: values.org,
      http: httpPort,
      host: values.host,
      allowedHosts: values['allowed-host'],
      format: format as ResultFormat | undefined,
      search: searchTimeout === undefined ? undefined : { timeoutMs: searchTimeout },
    });
    const stop = (): void => void server.close();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    await server.closed;
  } catch (error) {
    if (error instanceof CodeEditorServerError) fail(error.message);
    else throw error;
  }
}

await main();
