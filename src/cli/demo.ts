import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCheck } from './check.js';
import { CONFIG_FILE_NAME, type ConfigFlags } from './config.js';
import { EXIT_OK } from './errors.js';
import type { Io } from './io.js';
import { runMigrate } from './migrate.js';
import { packageRoot } from './package-info.js';

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

/** Copies the example, skipping build output and dependencies; links the kit's node_modules for types. */
function copyExample(source: string): string {
  const target = mkdtempSync(path.join(os.tmpdir(), 'mcp-result-kit-demo-'));
  cpSync(source, target, {
    recursive: true,
    filter: (file) => !path.relative(source, file).split(path.sep).some((part) => ['node_modules', 'dist', 'build'].includes(part)),
  });
  const modules = path.join(packageRoot(), 'node_modules');
  if (existsSync(modules) && !existsSync(path.join(target, 'node_modules'))) symlinkSync(modules, path.join(target, 'node_modules'), 'dir');
  return target;
}

/** `mcp-result-kit demo`: check, dry-run, migrate a copy, check again. Exit 0 when it ran. */
export async function runDemo(io: Io, options: { keep?: boolean } = {}): Promise<number> {
  const example = exampleServerDir();
  if (!existsSync(example)) throw new Error(`the bundled example is missing: ${example}`);
  const { flags, text: flagText } = demoFlags(example);
  // The sources only: the example also carries its expected migration output.
  const target = existsSync(path.join(example, 'src')) ? 'src' : '.';
  const inExample: Io = { ...io, cwd: example };

  io.stdout(`mcp-result-kit demo on the bundled example server (${describeExample(example)})\n${example}\n`);

  header(io, 1, 'Lint the example: what is wrong with its tool results', `mcp-result-kit check ${target}${flagText}`);
  await runCheck([target], { ...flags }, inExample);

  header(io, 2, 'Preview the migration (nothing is written)', `mcp-result-kit migrate --dry-run ${target}${flagText}`);
  await runMigrate([target], { ...flags, dryRun: true }, inExample);

  const copy = copyExample(example);
  const inCopy: Io = { ...io, cwd: copy };
  try {
    header(io, 3, 'Migrate a copy of the example', `cd ${copy} && mcp-result-kit migrate ${target}${flagText}`);
    await runMigrate([target], { ...flags, allowDirty: true }, inCopy);

    header(io, 4, 'Lint the migrated copy: what is left for a person', `mcp-result-kit check ${target}${flagText}`);
    const left = await runCheck([target], { ...flags }, inCopy);
    io.stdout(
      left === EXIT_OK
        ? '\nThe migrated example is clean.\n'
        : '\nThese findings had no safe automatic rewrite; the codemod listed them under "Needs review" in step 3.\n',
    );
  } finally {
    if (options.keep) io.stdout(`\nThe migrated copy is kept at ${copy}\n`);
    else rmSync(copy, { recursive: true, force: true });
  }
  return EXIT_OK;
}
