/**
 * The command line of `mcp-code-editor`, which `mcp-result-kit serve` forwards to: flags become
 * startCodeEditorServer options, secrets come from files or the environment (cli-env.ts), and the
 * server runs until the client disconnects or SIGINT / SIGTERM. Returns the exit code (only the
 * bin sets it): 0 after serving, 1 when the server cannot start (store, import, port), 2 for a
 * bad command line.
 */
import { parseArgs } from 'node:util';
import { RESULT_FORMATS, type ResultFormat } from 'mcp-result-kit';
import { secretsFromCli } from './cli-env.js';
import { packageVersion } from './package-info.js';
import { CodeEditorServerError, startCodeEditorServer, type CodeEditorServerOptions } from './serve.js';
import { FOLDER_LAYOUTS, type FolderLayout } from './stores/layout.js';

export const EXIT_OK = 0;
export const EXIT_START_FAILED = 1;
export const EXIT_USAGE = 2;

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
}

export interface CliOptions {
  /** The command name in messages and help: `mcp-code-editor`, or `mcp-result-kit serve` for the alias. */
  name?: string;
  io?: CliIo;
}

export function usage(name: string): string {
  return `Usage: ${name} [options]

The reference code-editor MCP server: list_content, search_content, read_content_lines,
get_content, patch_content, replace_content and delete_content over a folder, a SQLite database
or Postgres; over stdio, or Streamable HTTP with --http.

Store (one of; default: SQLite ./mcp-content.db):
  --db <file>                SQLite database file (needs better-sqlite3)
  --root <dir>               serve this folder in place; it must exist
  --create-root              create the --root folder if it does not exist
  --postgres [url]           Postgres database several servers share (needs pg); without a URL
                             it is MCP_CONTENT_DATABASE_URL, which also selects Postgres when no
                             other store is given
  --import <dir>             load this folder into the database before serving
  --layout <plain|entities>  how the --root / --import folder maps onto entity types (default: detected)

Access:
  --read-only                refuse every write
  --org <id>                 bind the session to one organisation's workflows

HTTP (Streamable HTTP at /mcp):
  --http <port>              serve HTTP on this port instead of stdio
  --host <addr>              listen address (default 127.0.0.1; any other needs a token)
  --token-file <file>        bearer token clients must send (or MCP_CONTENT_TOKEN)
  --allowed-host <name>      also accept this Host header, e.g. the name clients use (repeatable)

Results:
  --result-format <readable|structured|both>   result format of the tools (default both)
  --search-timeout <ms>      regex deadline per search shard (default 1000)

  -h, --help                 show this help
  -v, --version              show the version
`;
}

class UsageError extends Error {}

const OPTIONS = {
  db: { type: 'string' },
  root: { type: 'string' },
  'create-root': { type: 'boolean' },
  postgres: { type: 'string' },
  import: { type: 'string' },
  layout: { type: 'string' },
  'read-only': { type: 'boolean' },
  org: { type: 'string' },
  http: { type: 'string' },
  host: { type: 'string' },
  'token-file': { type: 'string' },
  'allowed-host': { type: 'string', multiple: true },
  'result-format': { type: 'string' },
  /** Deprecated spelling of --result-format (--format is the output format of check and migrate). */
  format: { type: 'string' },
  'search-timeout': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/**
 * `--postgres` takes an optional value, which parseArgs cannot express: a bare `--postgres`
 * (last, or followed by another option) becomes `--postgres=`, and the empty URL means "from
 * the environment".
 */
function withBarePostgres(argv: readonly string[]): string[] {
  return argv.map((arg, index) => (arg === '--postgres' && (index === argv.length - 1 || argv[index + 1].startsWith('-')) ? '--postgres=' : arg));
}

/**
 * parseArgs reads `--search-timeout -5` as a flag without its value ("argument is ambiguous");
 * a negative number is a value, so it is joined (`--search-timeout=-5`) and gets the flag's own
 * range message.
 */
function withNegativeNumbers(argv: readonly string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    const option = arg.startsWith('--') ? (OPTIONS as Record<string, { type: string } | undefined>)[arg.slice(2)] : undefined;
    const next = argv[index + 1];
    if (option?.type === 'string' && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      joined.push(`${arg}=${next}`);
      index++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

function oneOf<T extends string>(flag: string, value: string | undefined, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
}

function wholeNumber(flag: string, value: string | undefined, max: number, what: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > max) throw new UsageError(`${flag} must be ${what}, got "${value}"`);
  return Number(value);
}

export interface ParsedCommandLine {
  /** Help or version was asked for: print this and exit 0. */
  print?: string;
  options: CodeEditorServerOptions;
  /** A URL, or true for a bare --postgres. */
  postgres?: string | true;
  tokenFile?: string;
  warnings: string[];
}

/** The command line as server options (secrets not yet read); a bad flag throws a usage error. */
export function parseCommandLine(argv: readonly string[], name = 'mcp-code-editor'): ParsedCommandLine {
  let values;
  try {
    ({ values } = parseArgs({ args: withNegativeNumbers(withBarePostgres(argv)), options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    // On one line, without parseArgs' hint on positionals that start with '-' (there are none here).
    const message = (error as Error).message.replace(/([.?])?\n/g, (_, end: string | undefined) => `${end ?? '.'} `).replace(/\. To specify a positional argument.*$/, '').replace(/\.$/, '');
    throw new UsageError(`${message.charAt(0).toLowerCase()}${message.slice(1)} (see ${name} --help)`);
  }
  if (values.help) return { print: usage(name), options: {}, warnings: [] };
  if (values.version) return { print: `${packageVersion()}\n`, options: {}, warnings: [] };
  const warnings: string[] = [];
  if (values.format !== undefined) {
    if (values['result-format'] !== undefined && values['result-format'] !== values.format) {
      throw new UsageError(`--format ${values.format} (deprecated) and --result-format ${values['result-format']} disagree`);
    }
    warnings.push(`--format ${values.format} is now --result-format ${values.format}`);
  }
  const searchTimeout = values['search-timeout'] === undefined ? undefined : Number(values['search-timeout']);
  if (searchTimeout !== undefined && !(Number.isFinite(searchTimeout) && searchTimeout > 0)) {
    throw new UsageError(`--search-timeout must be a positive number of milliseconds, got "${values['search-timeout']}"`);
  }
  const options: CodeEditorServerOptions = {
    db: values.db,
    root: values.root,
    createRoot: values['create-root'],
    importDir: values.import,
    layout: oneOf<FolderLayout>('--layout', values.layout, FOLDER_LAYOUTS),
    readOnly: values['read-only'],
    org: values.org,
    http: wholeNumber('--http', values.http, 65535, 'a port number (0-65535)'),
    host: values.host,
    allowedHosts: values['allowed-host'],
    format: oneOf<ResultFormat>('--result-format', values['result-format'] ?? values.format, RESULT_FORMATS),
    search: searchTimeout === undefined ? undefined : { timeoutMs: searchTimeout },
  };
  for (const key of Object.keys(options) as Array<keyof CodeEditorServerOptions>) if (options[key] === undefined) delete options[key];
  return { options, postgres: values.postgres === '' ? true : values.postgres, tokenFile: values['token-file'], warnings };
}

const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  env: process.env,
};

/** Runs the server as the command line says; resolves with the exit code when it stops. */
export async function runCodeEditorCli(argv: readonly string[], cli: CliOptions = {}): Promise<number> {
  const name = cli.name ?? 'mcp-code-editor';
  const io = cli.io ?? processIo;
  let server: Awaited<ReturnType<typeof startCodeEditorServer>>;
  try {
    const parsed = parseCommandLine(argv, name);
    if (parsed.print !== undefined) {
      io.stdout(parsed.print);
      return EXIT_OK;
    }
    for (const warning of parsed.warnings) io.stderr(`${name}: warning: ${warning}\n`);
    // The token and the database URL come from a file or the environment, out of argv (ps shows argv).
    const secrets = secretsFromCli({ ...parsed.options, postgres: parsed.postgres, tokenFile: parsed.tokenFile, http: parsed.options.http !== undefined }, io.env);
    for (const warning of secrets.warnings) io.stderr(`${name}: warning: ${warning}\n`);
    server = await startCodeEditorServer({ ...parsed.options, ...secrets.options, log: (message) => io.stderr(`[code-editor] ${message}\n`) });
  } catch (error) {
    if (error instanceof UsageError || (error instanceof CodeEditorServerError && error.code === 'invalid_options')) {
      io.stderr(`${name}: ${error.message}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof CodeEditorServerError) {
      io.stderr(`${name}: ${error.message}\n`);
      return EXIT_START_FAILED;
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
  return EXIT_OK;
}
