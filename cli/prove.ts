/**
 * `mcp-result-kit migrate --prove [paths] -- <command that starts the server>`: a migration proven
 * on the running server in one command. It records the server (from two starts: the noise
 * baseline), migrates, runs the project's `build` script when package.json has one, starts the
 * server again, replays and compares. The files of tools that regressed are put back as they
 * were (as `--verify=rollback` leaves files unwritten), and rebuilt. Exit 0 proven, 1 a
 * regression (rolled back), 2 could not run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FileResult } from '../transforms/runner.js';
import { writeSourceFile } from '../transforms/write.js';
import { DEFAULT_STARTUP_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, milliseconds } from './probe/command.js';
import { ProbeError } from './probe/errors.js';
import { runProbe, type ProbeOptions } from './probe/run.js';
import { makeTemporaryFolder, removeTemporaryFolder } from './probe/session.js';
import { STATUS_WORDS, callReach, nothingCalled, summarise } from './probe/summary.js';
import type { ProbeReport } from './probe/types.js';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, UsageError } from './errors.js';
import type { Io } from './io.js';
import { runMigrate, type MigrateFlags, type SupportFile } from './migrate.js';
import { projectScripts, runtimeImportProblem, serverEntryProblem } from './prove-checks.js';
import { displayPath } from './report.js';

export interface ProveFlags extends MigrateFlags {
  prove?: boolean;
  /** `--startup-timeout <ms>`: a server that starts slowly (a first start that writes its config, a busy machine). */
  startupTimeout?: string;
  /** `--timeout <ms>`: how long one call may take. */
  timeout?: string;
  /** `--allow-writes`: the tools not annotated read-only are called with generated arguments too. */
  allowWrites?: boolean;
  /** `--scenario <file>`: the calls recorded, instead of generated ones. */
  scenario?: string;
}

/** How one tool fared: its calls' comparison statuses, and whether any regressed. */
export interface ToolProof {
  tool: string;
  statuses: string[];
  regressed: boolean;
  details: string[];
}

/** Per tool, from the replay's comparisons. */
export function proofByTool(report: ProbeReport): ToolProof[] {
  const byTool = new Map<string, ToolProof>();
  for (const call of report.calls) {
    if (!call.comparison) continue;
    const proof = byTool.get(call.step.tool) ?? { tool: call.step.tool, statuses: [], regressed: false, details: [] };
    proof.statuses.push(STATUS_WORDS[call.comparison.status]);
    if (call.comparison.regression) {
      proof.regressed = true;
      proof.details.push(`${call.step.id}: ${STATUS_WORDS[call.comparison.status]}${call.comparison.detail ? `: ${call.comparison.detail}` : ''}`);
    }
    byTool.set(call.step.tool, proof);
  }
  return [...byTool.values()];
}

/**
 * The written files to put back for the tools that regressed: the files whose rewrites name the
 * tool; all written files when a regressed tool's rewrites cannot be told apart (no tool name).
 */
export function filesToRollBack(regressedTools: readonly string[], written: readonly FileResult[]): FileResult[] {
  if (regressedTools.length === 0) return [];
  const chosen = new Set<FileResult>();
  for (const tool of regressedTools) {
    const files = written.filter((file) => file.changes.some((change) => change.toolName === tool));
    if (files.length === 0) return [...written];
    for (const file of files) chosen.add(file);
  }
  return written.filter((file) => chosen.has(file));
}

/** The project's build script, run with npm when package.json has one; undefined when there is none. */
function runBuild(cwd: string): { ok: boolean; output: string } | undefined {
  if (typeof projectScripts(cwd)?.build !== 'string') return undefined;
  const result = spawnSync('npm', ['run', 'build'], { cwd, encoding: 'utf8', shell: process.platform === 'win32', maxBuffer: 64 * 1024 * 1024 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? result.error.message : ''}`;
  return { ok: result.status === 0, output };
}

const tail = (text: string, lines = 12) =>
  text
    .trimEnd()
    .split('\n')
    .slice(-lines)
    .map((line) => `    ${line}`)
    .join('\n');

/** Files for the generated calls' path parameters, outside the project: what the migration changes must not change what they list. */
function scratchFolder(work: string): string {
  const folder = path.join(work, 'files');
  mkdirSync(path.join(folder, 'docs'), { recursive: true });
  writeFileSync(path.join(folder, 'README.md'), '# Scratch copy for mcp-result-kit migrate --prove\n');
  writeFileSync(path.join(folder, 'docs', 'notes.txt'), 'probe\n');
  return folder;
}

/** The recording called nothing: the migration must not be written. */
class NothingCalled extends Error {}

/** m:ss */
const minutes = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/** Where the proof's wall time went, phase by phase: the figures behind docs/benchmarks.md. */
class PhaseClock {
  private readonly started = performance.now();
  private readonly phases: string[] = [];
  /** The time of every phase so far. */
  private timed = 0;

  /** Times a phase; phases timed inside it are not counted in its own time, and come before it. */
  async time<T>(label: string, phase: () => Promise<T>): Promise<T> {
    const start = performance.now();
    const inner = this.timed;
    try {
      return await phase();
    } finally {
      const own = performance.now() - start - (this.timed - inner);
      this.timed += own;
      this.phases.push(`${label} ${minutes(own)}`);
    }
  }

  timeSync<T>(label: string, phase: () => T): T {
    const start = performance.now();
    try {
      return phase();
    } finally {
      this.timed += performance.now() - start;
      this.phases.push(`${label} ${minutes(performance.now() - start)}`);
    }
  }

  report(): string {
    return `${this.phases.join(', ')}; ${minutes(performance.now() - this.started)} in all`;
  }
}

export async function runProve(paths: string[], flags: ProveFlags, serverCommand: readonly string[], io: Io): Promise<number> {
  if (serverCommand.length === 0) throw new UsageError('--prove needs the command that starts the server, after --: migrate --prove src -- node dist/index.js');
  if (flags.dryRun || flags.dry || flags.print) throw new UsageError('--prove writes the migration and runs the server on it; it cannot be combined with --dry-run or --print');
  if ((flags.json || flags.format === 'json') && flags.prove) throw new UsageError('--prove reports in text; --format json is not available with it yet');
  const startupTimeoutMs = milliseconds(flags.startupTimeout, '--startup-timeout', DEFAULT_STARTUP_TIMEOUT_MS);
  const timeoutMs = milliseconds(flags.timeout, '--timeout', DEFAULT_TIMEOUT_MS);
  // Before the server starts: a proof that cannot end well stops now, not after minutes of recording.
  const problem = (await runtimeImportProblem(paths, flags, io.cwd)) ?? serverEntryProblem(serverCommand, io.cwd);
  if (problem) throw new UsageError(`--prove: ${problem}`);
  // The recording's folder, made when the server first starts (a migration that changes nothing
  // makes none) and removed however the proof ends; on SIGINT or SIGTERM the bin's exit removes it.
  let folder: string | undefined;
  const work = () => (folder ??= makeTemporaryFolder('mcp-result-kit-prove-'));
  try {
    return await proveIn(work, paths, flags, serverCommand, io, { startupTimeoutMs, timeoutMs });
  } finally {
    if (folder) removeTemporaryFolder(folder);
  }
}

/** The proof itself, its recording and the server's stderr in the folder `work` makes. */
async function proveIn(
  work: () => string,
  paths: string[],
  flags: ProveFlags,
  serverCommand: readonly string[],
  io: Io,
  { startupTimeoutMs, timeoutMs }: { startupTimeoutMs: number; timeoutMs: number },
): Promise<number> {
  const recording = () => path.join(work(), 'before.json');
  const probe = (extra: Partial<ProbeOptions>): Promise<ProbeReport> =>
    runProbe({
      target: { kind: 'stdio', command: serverCommand[0], args: serverCommand.slice(1), cwd: io.cwd, env: io.env, logFile: path.join(work(), 'server.log') },
      cwd: io.cwd,
      // Recorded from the scenario, or else from the tools' schemas; the replay repeats the recorded calls.
      generate: extra.compare === undefined && flags.scenario === undefined,
      ...(extra.compare === undefined && flags.scenario !== undefined ? { scenario: flags.scenario } : {}),
      allowWrites: flags.allowWrites === true,
      pathRoot: scratchFolder(work()),
      timeoutMs,
      startupTimeoutMs,
      ...extra,
    });
  const say = (text: string) => io.stdout(`${text}\n`);
  const clock = new PhaseClock();

  // 1. Plan the migration (the rewrites, the dependency, the git guard) and, before it writes
  // anything, record the server from two starts: a migration that cannot be written, or that
  // changes nothing, stops before minutes of recording. The first start checks that the command starts.
  let before: ProbeReport | undefined;
  let idle: string | undefined;
  const record = async () => {
    try {
      before = await clock.time('record (two starts)', () => probe({ record: recording() }));
    } catch (error) {
      if (error instanceof ProbeError) throw new ProbeError(`could not record the server before the migration, so nothing was recorded or written: ${error.message}`);
      throw error;
    }
    idle = nothingCalled(before, 'prove');
    if (idle) throw new NothingCalled();
    // How much of the server the proof reaches: a call that only ever fails proves little about a success path.
    const reach = callReach(before);
    const reached = `${reach.succeeded} reached a success, ${reach.failedWithIsError} failed with isError, ${reach.failedWithoutIsError} failed without it${reach.noResult > 0 ? `, ${reach.noResult} got no result` : ''}`;
    say(`Recorded ${before.server.name}: ${before.calls.length} calls to ${before.tools.length} tools (${reached}), made against two starts of the server (the noise baseline).`);
  };

  // 2. Migrate: written once the recording is made.
  let written: FileResult[] = [];
  let support: SupportFile[] = [];
  let migrated: number;
  try {
    migrated = await clock.time('migrate', () =>
      runMigrate(paths, flags, io, {
        beforeWrite: record,
        onWritten: (files, others) => {
          written = [...files];
          support = [...others];
        },
      }),
    );
  } catch (error) {
    if (!(error instanceof NothingCalled)) throw error;
    io.stderr(`mcp-result-kit: --prove: ${idle}; nothing was written\n`);
    return EXIT_USAGE;
  }
  if (written.length === 0) {
    say(migrated === EXIT_OK ? 'Nothing to prove: the migration changed no file (the server was not started).' : 'The migration wrote nothing; nothing to prove.');
    return migrated === EXIT_OK ? EXIT_OK : EXIT_USAGE;
  }
  const rel = (file: string) => displayPath(io.cwd, file);
  const rollBack = (files: readonly FileResult[]) => {
    for (const file of files) writeSourceFile(file.fileName, file.originalText);
    // With every migrated file back, nothing imports the helpers module or needs the dependency any more.
    if (files.length < written.length) return;
    for (const other of support) {
      if (other.before === undefined) rmSync(other.file, { force: true });
      else writeSourceFile(other.file, other.before);
    }
  };

  // 3. Build, when the project has a build script.
  // Timed only when there is one: a plain-JS server's time line has no build phase.
  const build = typeof projectScripts(io.cwd)?.build === 'string' ? clock.timeSync('build', () => runBuild(io.cwd)) : undefined;
  if (build && !build.ok) {
    rollBack(written);
    runBuild(io.cwd);
    io.stderr(`mcp-result-kit: --prove: the build failed after the migration, so every migrated file was put back (and rebuilt):\n${tail(build.output)}\n`);
    return EXIT_USAGE;
  }
  if (build) say('Built the migrated project (npm run build).');

  // 4. Start again, replay, compare.
  let after: ProbeReport;
  try {
    after = await clock.time('replay', () => probe({ compare: recording() }));
  } catch (error) {
    rollBack(written);
    if (build) runBuild(io.cwd);
    if (error instanceof ProbeError) throw new ProbeError(`the migrated server did not run, so every migrated file was put back: ${error.message}`);
    throw error;
  }

  // 5. Per tool; the files of tools that regressed go back.
  const proofs = proofByTool(after);
  const regressed = proofs.filter((proof) => proof.regressed).map((proof) => proof.tool);
  const removed = after.comparison?.tools.removed ?? [];
  const back = filesToRollBack([...regressed, ...removed], written);
  if (back.length > 0) {
    clock.timeSync(build ? 'roll back and rebuild' : 'roll back', () => {
      rollBack(back);
      if (build) runBuild(io.cwd);
    });
  }
  const noise = after.comparison?.noise;
  const lines = ['', `Proof: replayed ${after.calls.length} calls against the migrated server${noise ? ` (noise ignored: ${noise.masked} places in ${noise.calls} calls)` : ''}`];
  const width = Math.max(0, ...proofs.map((proof) => proof.tool.length));
  for (const proof of proofs) {
    const counts = new Map<string, number>();
    for (const status of proof.statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
    const summary = [...counts].map(([status, count]) => (count > 1 ? `${status} ×${count}` : status)).join(', ');
    lines.push(`  ${proof.regressed ? '✖' : '✔'} ${proof.tool.padEnd(width)}  ${summary}`);
    for (const detail of proof.details) lines.push(`      ${detail}`);
  }
  for (const tool of removed) lines.push(`  ✖ ${tool}  no longer listed`);
  const summary = summarise(after);
  if (back.length > 0) {
    lines.push('', `✖ ${summary.regressions} regression${summary.regressions === 1 ? '' : 's'} in ${[...regressed, ...removed].join(', ')}; rolled back (left as they were): ${back.map((file) => rel(file.fileName)).join(', ')}`);
    const kept = written.length - back.length;
    if (kept > 0) lines.push(`  ${kept} other migrated file${kept === 1 ? ' stays' : 's stay'} written.`);
  } else {
    lines.push('', `✔ proven: ${summary.calls} calls, 0 regressions; ${written.length} migrated file${written.length === 1 ? '' : 's'} kept`);
  }
  lines.push(`Time: ${clock.report()}`);
  say(lines.join('\n'));
  return back.length > 0 ? EXIT_FINDINGS : EXIT_OK;
}
