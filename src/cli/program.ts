import { Command, CommanderError, Option } from 'commander';
import type { CheckFlags } from './check.js';
import { EXIT_OK, EXIT_USAGE, UsageError } from './errors.js';
import type { Io } from './io.js';
import type { MigrateFlags } from './migrate.js';
import { packageVersion } from '../package-info.js';
import { requirePeers } from './peers.js';
import type { ServeFlags } from './serve.js';

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** Options shared by migrate and check: discovery, type information and handler options. */
function addSharedOptions(command: Command): Command {
  return command
    .option('--config-file <file>', 'options file (default: mcp-result-kit.config.json or package.json "mcp-result-kit", searched from the cwd upwards)')
    .option('--tsconfig <file>', 'tsconfig.json for type information (default: the nearest one from the first path upwards)')
    .option('--no-tsconfig', 'no type information: syntax only, faster, and the same view the jscodeshift adapter has')
    .option('--include <glob>', 'only files matching this glob (repeatable)', collect)
    .option('--exclude <glob>', 'skip files matching this glob (repeatable)', collect)
    .option('--handler-pattern <regex>', 'functions whose name matches are tool handlers, e.g. "^handle[A-Z]" (repeatable)', collect)
    .option('--registration-method <name>', 'extra method registering a tool like server.tool(name, ..., handler) (repeatable)', collect)
    .option('--handler-property <name>', 'property holding the handler in tool-definition objects (repeatable)', collect)
    .option('--result-helper <name>', 'your own function that already returns a CallToolResult (repeatable)', collect)
    .option('--handler-classes', 'treat classes with a name property and an execute method as tool handlers')
    .option('--no-handler-classes', 'do not (overrides the config file)')
    .option('--import-source <spec>', 'module the helpers are imported from (default "mcp-result-kit")')
    .addOption(new Option('--preset <name>', 'rule set: what check reports and migrate rewrites (default: recommended; config key "preset")').choices(['recommended', 'strict']))
    .option('--color', 'force colour on')
    .option('--no-color', 'no colour (default: colour on a terminal, per FORCE_COLOR / NO_COLOR)');
}

export interface ProgramState {
  code: number;
}

/** The commander program; each action stores its exit code in `state`. Commands load lazily (ESLint and ts-morph are slow to import). */
export function createProgram(io: Io, state: ProgramState): Command {
  const program = new Command('mcp-result-kit')
    .description('Find and fix MCP tool handlers that do not return a proper CallToolResult.')
    .version(packageVersion(), '-v, --version')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: () => {} });

  addSharedOptions(
    program
      .command('migrate')
      .description('rewrite tool handlers to return CallToolResults (see docs/cli.md)')
      .argument('[paths...]', 'files and folders (default: the current folder)'),
  )
    .option('-d, --dry-run', 'print a diff of what would change; write nothing (exit 1 if anything would change)')
    .addOption(new Option('--dry', 'same as --dry-run (jscodeshift)').hideHelp())
    .option('-p, --print', 'print each changed file in full on stdout (the summary goes to stderr)')
    .option('--allow-dirty', 'write even over files with uncommitted git changes')
    .option('--force', 'same as --allow-dirty (next-codemod)')
    .option('-t, --transforms <ids>', 'run only these transforms (comma-separated; see --list-transforms)')
    .option('--list-transforms', 'print every transform id with what it does, and exit')
    .option('--mark-review', 'add a // TODO(mcp-result-kit) comment above each site left for review')
    .option('--local-helpers <path>', 'write a self-contained helpers module there and import it instead of mcp-result-kit')
    .option('--add-dependency', 'add mcp-result-kit to package.json dependencies when the project does not have it yet')
    .addOption(new Option('--result-format <format>', 'default result format of the --local-helpers module').choices(['readable', 'structured', 'both']))
    .option('-f, --format <format>', 'output: text (default) or json (readable|structured|both: deprecated, use --result-format)')
    .option('--json', 'same as --format json: print only the JSON report on stdout')
    .option('--verify [mode]', 'typecheck before and after and report new errors by file and line (exit 1); --verify=rollback also leaves the files that cause them unwritten')
    .option('--report <file.md>', 'also write a Markdown report')
    .action(async (paths: string[], flags: MigrateFlags) => {
      requirePeers('migrate', io.cwd);
      const { runMigrate } = await import('./migrate.js');
      state.code = await runMigrate(paths, flags, io);
    });

  addSharedOptions(
    program
      .command('check')
      .description("lint tool handlers with the plugin's rules; no ESLint config needed")
      .argument('[paths...]', 'files and folders (default: the current folder)'),
  )
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'sarif']).default('text'))
    .option('-o, --output-file <file>', 'write the output to a file instead of stdout')
    .option('--quiet', 'report errors only, not warnings')
    .option('--max-warnings <number>', 'exit 1 when there are more warnings than this')
    .addOption(new Option('--config <name>', 'deprecated: use --preset').choices(['recommended', 'strict']).hideHelp())
    .action(async (paths: string[], flags: CheckFlags) => {
      requirePeers('check', io.cwd);
      const { runCheck } = await import('./check.js');
      state.code = await runCheck(paths, flags, io);
    });

  program
    .command('demo')
    .description('run check and migrate on the bundled example server')
    .option('--keep', 'keep the migrated temporary copy')
    .action(async (flags: { keep?: boolean }) => {
      requirePeers('demo', io.cwd);
      const { runDemo } = await import('./demo.js');
      state.code = await runDemo(io, flags);
    });

  program
    .command('serve')
    .description('start the reference code-editor MCP server (stdio, or HTTP with --http)')
    .option('--db <file>', 'SQLite database file')
    .option('--root <dir>', 'folder the editor works in')
    .option('--postgres [url]', 'Postgres database shared by several servers (without a URL: MCP_CONTENT_DATABASE_URL, which also selects it when no other store is given)')
    .option('--import <dir>', 'import files from this folder into the store')
    .addOption(
      new Option('--layout <layout>', "how the --root/--import folder maps onto entity types (default: detected; printed on start)").choices(['plain', 'entities']),
    )
    .option('--read-only', 'refuse every write')
    .option('--org <id>', 'organisation id')
    .option('--http <port>', 'serve over HTTP on this port instead of stdio')
    .option('--host <addr>', 'address to listen on with --http (not loopback: a token is required)')
    .option('--token-file <file>', 'bearer token clients must send over HTTP (or MCP_CONTENT_TOKEN)')
    .option('--allowed-host <name>', 'also accept this Host header over HTTP, e.g. the name clients use (repeatable)', collect)
    .addOption(new Option('--result-format <format>', 'result format of the tools').choices(['readable', 'structured', 'both']))
    .addOption(new Option('--format <format>', 'deprecated: use --result-format').choices(['readable', 'structured', 'both']).hideHelp())
    .action(async (flags: ServeFlags) => {
      requirePeers('serve', io.cwd);
      const { runServe } = await import('./serve.js');
      state.code = await runServe(flags, io);
    });

  return program;
}

/** Commander's message without its own "error: " prefix. */
function commanderMessage(error: CommanderError): string {
  return error.message.replace(/^error:\s*/i, '');
}

/** Runs the CLI on `argv` (without node and the script); returns the exit code. Never throws. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const state: ProgramState = { code: EXIT_OK };
  const program = createProgram(io, state);
  try {
    if (argv.length === 0) {
      io.stderr(program.helpInformation());
      return EXIT_USAGE;
    }
    await program.parseAsync([...argv], { from: 'user' });
    return state.code;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
      io.stderr(`mcp-result-kit: ${commanderMessage(error)}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof UsageError) {
      io.stderr(`mcp-result-kit: ${error.message}\n`);
      return EXIT_USAGE;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`mcp-result-kit: ${message}\n`);
    if (io.env.MCP_RESULT_KIT_DEBUG && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
    return EXIT_USAGE;
  }
}
