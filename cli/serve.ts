/**
 * `mcp-result-kit serve`: an alias of `mcp-code-editor`, the bin of @mcp-result-kit/code-editor.
 * The code editor is a server people run in production, so it is a package of its own; the
 * tools forward the command line to it when it is installed (requirePeers names the install
 * command when it is not) and keep none of its dependencies.
 */
import type { Io } from './io.js';

/** The entry the alias loads. */
export const CODE_EDITOR_CLI = '@mcp-result-kit/code-editor/cli';

/**
 * What the alias uses of that entry, written out here: the tools do not depend on the code
 * editor (test/cli/serve-demo.e2e.test.ts runs the alias against the real package).
 */
interface CodeEditorCli {
  runCodeEditorCli(
    argv: readonly string[],
    options: { name: string; io: { stdout(text: string): void; stderr(text: string): void; env: NodeJS.ProcessEnv } },
  ): Promise<number>;
}

/** Runs `mcp-code-editor <args>`; resolves with its exit code when the server stops. */
export async function runServe(args: readonly string[], io: Io): Promise<number> {
  const cli = (await import(CODE_EDITOR_CLI)) as CodeEditorCli;
  return cli.runCodeEditorCli(args, { name: 'mcp-result-kit serve', io });
}
