import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packageRoot } from '../src/package-info.js';
import { SKIPPED_FOLDERS } from '../src/source-files.js';
import { runCheck } from './check.js';
import { CONFIG_FILE_NAME, type ConfigFlags } from './config.js';
import { EXIT_OK } from './errors.js';
import { note, type Io } from './io.js';
import { runMigrate } from './migrate.js';

export function exampleServerDir(): string {
  return path.join(packageRoot(), 'fixtures', 'example-server');
}

/**
 * Handler options for the example when it carries no config file of its own: its
 * transport-style tools are `handleXxx` functions.
 */
export const DEMO_FLAGS: ConfigFlags = { handlerPattern: ['^handle[A-Z]'] };

/** The example's own mcp-result-kit.config.json (found by the commands themselves), else DEMO_FLAGS. */
export function demoFlags(dir: string): { flags: ConfigFlags; text: string } {
  if (existsSync(path.join(dir, CONFIG_FILE_NAME))) return { flags: {}, text: '' };
  return { flags: DEMO_FLAGS, text: ` --handler-pattern '${DEMO_FLAGS.handlerPattern!.join(' ')}'` };
}

function header(io: Io, step: number, title: string, command: string): void {
  const line = '='.repeat(72);
  io.stdout(`\n${line}\n ${step}. ${title}\n    $ ${command}\n${line}\n\n`);
}

function describeExample(dir: string): string {
  try {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; description?: string };
    return [manifest.name, manifest.description].filter(Boolean).join(': ');
  } catch {
    return path.basename(dir);
  }
}

/**
 * The node_modules folder that holds the kit's dependencies, so the copy gets type information:
 * the kit's own when it has one (a checkout), else the one the kit is installed in.
 */
function dependenciesFolder(root: string): string | undefined {
  if (existsSync(path.join(root, 'node_modules', '@modelcontextprotocol', 'sdk'))) return path.join(root, 'node_modules');
  for (let dir = path.dirname(root); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (path.basename(dir) === 'node_modules') return dir;
  }
  return undefined;
}

function git(cwd: string, args: string[]): boolean {
  const result = spawnSync('git', ['-c', 'user.name=mcp-result-kit demo', '-c', 'user.email=demo@mcp-result-kit.invalid', '-c', 'core.hooksPath=/dev/null', ...args], {
    cwd,
    encoding: 'utf8',
  });
  return result.status === 0 && !result.error;
}

/**
 * Copies the example into a fresh temporary git repository (one commit), so that wherever the kit
 * is installed — under a project's git-ignored node_modules, say — the demo sees the example as a
 * project of its own, and nothing is ever written next to the installed package.
 */
function copyExample(source: string): { dir: string; git: boolean } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-result-kit-demo-'));
  cpSync(source, dir, {
    recursive: true,
    filter: (file) => !path.relative(source, file).split(path.sep).some((part) => (SKIPPED_FOLDERS as readonly string[]).includes(part)),
  });
  const committed = git(dir, ['init', '-q']) && git(dir, ['add', '-A']) && git(dir, ['commit', '-q', '--no-verify', '--no-gpg-sign', '-m', 'example server before the migration']);
  // Linked after the commit; the example's .gitignore does not list it, and it must not be committed.
  const modules = dependenciesFolder(packageRoot());
  if (modules) symlinkSync(modules, path.join(dir, 'node_modules'), 'dir');
  return { dir, git: committed };
}

/** `mcp-result-kit demo`: on a temporary copy, check, dry-run, migrate, check again. Exit 0 when it ran. */
export async function runDemo(io: Io, options: { keep?: boolean } = {}): Promise<number> {
  const example = exampleServerDir();
  if (!existsSync(example)) throw new Error(`the bundled example is missing: ${example}`);
  const { flags, text: flagText } = demoFlags(example);
  // The sources only: the example also carries its expected migration output.
  const target = existsSync(path.join(example, 'src')) ? 'src' : '.';

  const copy = copyExample(example);
  const inCopy: Io = { ...io, cwd: copy.dir };
  if (!copy.git) note(io, 'git is not available: the copy is not a git repository, so step 3 writes without the uncommitted-changes check');
  io.stdout(`mcp-result-kit demo on the bundled example server (${describeExample(example)})\nA copy of ${example}\nin a temporary git repository: ${copy.dir}\n`);
  try {
    header(io, 1, 'Lint the example: what is wrong with its tool results', `mcp-result-kit check ${target}${flagText}`);
    await runCheck([target], { ...flags }, inCopy);

    header(io, 2, 'Preview the migration (nothing is written)', `mcp-result-kit migrate --dry-run ${target}${flagText}`);
    await runMigrate([target], { ...flags, dryRun: true }, inCopy);

    header(io, 3, 'Migrate the copy', `mcp-result-kit migrate ${target}${flagText}`);
    await runMigrate([target], { ...flags, allowDirty: !copy.git }, inCopy);

    header(io, 4, 'Lint the migrated copy: what is left for a person', `mcp-result-kit check ${target}${flagText}`);
    const left = await runCheck([target], { ...flags }, inCopy);
    io.stdout(
      left === EXIT_OK
        ? '\nThe migrated example is clean.\n'
        : '\nThese findings had no safe automatic rewrite; the codemod listed them under "Needs review" in step 3.\n',
    );
  } finally {
    if (options.keep) io.stdout(`\nThe migrated copy is kept at ${copy.dir}${copy.git ? ' (git diff shows the migration)' : ''}\n`);
    else rmSync(copy.dir, { recursive: true, force: true });
  }
  return EXIT_OK;
}
