import { Command, CommanderError, Option } from 'commander';
import type { CheckFlags } from './check.js';
import { EXIT_OK, EXIT_USAGE, UsageError } from './errors.js';
import type { Io } from './io.js';
import type { MigrateFlags } from './migrate.js';
import { packageVersion } from '../src/package-info.js';
import type { ProbeFlags } from './probe/command.js';
import { requirePeers } from './peers.js';

const collect = (value: string, previous: string[] | undefined): string[] => [...(previous ?? []), value];

/** Options shared by migrate and check: discovery, type information and handler options. */
function addSharedOptions(command: Command): Command {
  return command
    .option('--config-file <file>', 'options file (default: mcp-result-kit.config.json or package.json "mcp-result-kit", searched from the cwd upwards)')
    .option('--tsconfig <file>', 'tsconfig.json for type information (default: the nearest one from the first path upwards)')
    .option('--no-tsconfig', 'no type information: syntax only, faster, and the same view the jscodeshift adapter has')
    .option('--include <glob>', 'only files matching this glob (repeatable)', collect)
    .option('--exclude <glob>', 'skip files matching this glob (repeatable)', collect)
    .option('--include-tests', 'also take test files (__tests__/, *.test.*, *.spec.*), skipped by default like dist/')
    .option('--handler-pattern <regex>', 'functions whose name matches are tool handlers, e.g. "^handle[A-Z]" (repeatable)', collect)
    .option('--registration-method <name>', 'extra method registering a tool like server.tool(name, ..., handler) (repeatable)', collect)
    .option('--handler-property <name>', 'property holding the handler in tool-definition objects (repeatable)', collect)
    .option('--result-helper <name>', 'your own function that already returns a CallToolResult (repeatable)', collect)
    .option('--error-pattern <regex>', 'result text matching this reports a failure, besides the built-in words (repeatable)', collect)
    .option('--handler-classes', 'treat classes with a name property and an execute method as tool handlers')
    .option('--no-handler-classes', 'do not (overrides the config file)')
    .option('--import-source <spec>', 'module the helpers are imported from (default "mcp-result-kit")')
    .addOption(new Option('--preset <name>', 'rule set: what check reports and migrate rewrites (default: recommended; config key "preset")').choices(['recommended', 'strict']))
    .option('--protocol-version <date>', 'MCP protocol version the results are written for, e.g. 2025-11-25 or 2026-07-28 (default: from the SDK in package.json; config key "protocolVersion")')
    .option('--color', 'force colour on')
    .option('--no-color', 'no colour (default: colour on a terminal, per FORCE_COLOR / NO_COLOR)');
}

export interface ProgramState {
  code: number;
  /** `migrate --prove … -- <command>`: the words after `--`, the command that starts the server. */
  serverCommand?: string[];
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
    .option('--output-schema', "also declare each tool's outputSchema, inferred from the types of its structured results (needs a tsconfig.json; same as adding -t output-schema)")
    .option('--local-helpers <path>', 'write a self-contained helpers module there and import it instead of mcp-result-kit')
    .option('--add-dependency', 'add mcp-result-kit to package.json dependencies when the project does not have it yet')
    .addOption(new Option('--result-format <format>', 'default result format of the --local-helpers module').choices(['readable', 'structured', 'both']))
    .option('-f, --format <format>', 'output: text (default) or json (readable|structured|both: deprecated, use --result-format)')
    .option('--json', 'same as --format json: print only the JSON report on stdout')
    .option('--verify [mode]', 'typecheck before and after and report new errors by file and line (exit 1); --verify=rollback also leaves the files that cause them unwritten')
    .option('--report <file.md>', 'also write a Markdown report')
    .option('--prove', 'prove the migration on the running server: record it, migrate, build, replay and compare; files of tools that regressed are rolled back (needs the server command after --)')
    .option('--startup-timeout <ms>', 'with --prove: time the server has to start and answer initialize (default 20000)')
    .option('--timeout <ms>', 'with --prove: time one call may take (default 30000)')
    .option('--allow-writes', 'with --prove: also call the tools not annotated readOnlyHint: true (or annotated destructiveHint: true) with generated arguments')
    .option('-s, --scenario <file>', 'with --prove: record the calls of this scenario file instead of generated ones (see docs/probe.md)')
    .action(async (paths: string[], flags: MigrateFlags & { prove?: boolean; startupTimeout?: string; timeout?: string; allowWrites?: boolean; scenario?: string }) => {
      requirePeers('migrate', io.cwd);
      if (flags.prove) {
        requirePeers('probe', io.cwd);
        const { runProve } = await import('./prove.js');
        state.code = await runProve(paths, flags, state.serverCommand ?? [], io);
        return;
      }
      if (state.serverCommand) throw new UsageError('a command after -- is for --prove: migrate --prove src -- node dist/index.js');
      if (flags.startupTimeout !== undefined || flags.timeout !== undefined) throw new UsageError('--startup-timeout and --timeout are for --prove (they bound the server it starts)');
      if (flags.allowWrites || flags.scenario !== undefined) throw new UsageError('--allow-writes and --scenario are for --prove (they choose the calls made to the server it starts)');
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
    .option('--suppress-all', 'accept every error found now in the suppressions file, so that only new ones fail (as ESLint)')
    .option('--suppress-rule <rule>', 'accept the errors of this rule found now (repeatable)', collect)
    .option('--prune-suppressions', 'remove suppressions that no longer occur')
    .option('--suppressions-location <file>', 'the suppressions file (default: eslint-suppressions.json in the current folder)')
    .option('--pass-on-unpruned-suppressions', 'do not fail when the suppressions file holds suppressions that no longer occur')
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
    .command('probe')
    .description("call the server's tools through a real MCP client and judge every result; record and compare them around a migration (see docs/probe.md)")
    .argument('[command...]', 'the server to start over stdio, after --: probe --generate -- node dist/index.js')
    .option('--url <url>', 'reach a running server over Streamable HTTP instead, e.g. http://127.0.0.1:3000/mcp')
    .option('--header <header>', 'HTTP header for --url, e.g. "Authorization: Bearer $TOKEN" (repeatable)', collect)
    .option('--env <KEY=VALUE>', 'environment variable for the server, on top of the current environment (repeatable)', collect)
    .option('--cwd <dir>', 'folder to start the server in (default: the current folder)')
    .option('--log <file>', "write the server's stderr to this file (default: a new file in the temp folder, named in the report)")
    .option('-s, --scenario <file>', 'the calls to make: a JSON or YAML scenario file (see docs/probe.md)')
    .option('--generate', "also call every tool with arguments built from its inputSchema, and once with invalid arguments")
    .option('--allow-writes', 'call tools that are not annotated readOnlyHint: true (or are destructiveHint: true) with generated arguments too')
    .option('--only <tools>', 'call only these tools (names or globs, comma-separated, repeatable)', collect)
    .option('--skip <tools>', 'do not call these tools (names or globs, comma-separated, repeatable)', collect)
    .option('--dry', 'print the plan (after listing the tools) and call nothing')
    .option('--record <file>', 'write every call and its masked result to this file; the calls are made against two starts of the server and what differed is kept as noise that --compare ignores')
    .option('--no-noise-baseline', 'with --record: start the server once (no noise baseline)')
    .option('--compare <file>', 'replay the calls of a recording and report what changed (exit 1 on a regression)')
    .option('--timeout <ms>', 'per-call timeout (default 30000)')
    .option('--startup-timeout <ms>', 'time the server has to start and answer initialize (default 20000)')
    .option('--mask <regex>', 'also mask text matching this regular expression in results (repeatable)', collect)
    .option('--mask-key <name>', 'also mask the value of every property with this name (repeatable)', collect)
    .option('--error-pattern <regex>', 'text matching this also reports a failure (repeatable)', collect)
    .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json', 'sarif', 'junit']).default('text'))
    .option('-o, --output-file <file>', 'write the output to a file instead of stdout')
    .option('--color', 'force colour on')
    .option('--no-color', 'no colour (default: colour on a terminal, per FORCE_COLOR / NO_COLOR)')
    .action(async (command: string[], flags: ProbeFlags) => {
      requirePeers('probe', io.cwd);
      const { runProbeCommand } = await import('./probe/command.js');
      state.code = await runProbeCommand(command, flags, io);
    });

  program
    .command('serve')
    .description('run the code-editor MCP server: an alias of mcp-code-editor, from @mcp-result-kit/code-editor (its options: serve --help)')
    // Every argument, --help included, belongs to mcp-code-editor, which parses and checks them.
    .argument('[options...]')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (args: string[]) => {
      requirePeers('serve', io.cwd);
      const { runServe } = await import('./serve.js');
      state.code = await runServe(args, io);
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
    // `migrate --prove [paths] -- <command>`: the server's command is not paths.
    const separator = argv[0] === 'migrate' ? argv.indexOf('--') : -1;
    if (separator !== -1) state.serverCommand = argv.slice(separator + 1);
    await program.parseAsync(separator === -1 ? [...argv] : argv.slice(0, separator), { from: 'user' });
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
