/**
 * A connection to the server under test through the SDK Client: start it (stdio) or reach it
 * (Streamable HTTP), list its tools, call them one at a time with a timeout, and always end it.
 * Every failure of the server becomes a message that says what happened and when: before it
 * answered `initialize`, or during which call.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ProbeError } from './errors.js';
import { loadSdk } from './sdk.js';
import { ProcessTransport, type NoiseLine } from './stdio-transport.js';
import { TapTransport } from './tap.js';
import type { Json, JsonObject, Outcome, ToolInfo } from './types.js';

export type Target =
  /** Without `logFile`, the server's stderr goes to a file in a temp folder that is removed when the session ends. */
  | { kind: 'stdio'; command: string; args: string[]; cwd: string; env: NodeJS.ProcessEnv; logFile?: string }
  | { kind: 'http'; url: string; headers: Record<string, string> };

export interface SessionOptions {
  startupTimeoutMs: number;
  /** How long the server may take to exit when the probe is done (stdio), before it is killed. */
  graceMs?: number;
  cwd: string;
}

/** The SDK's error codes the probe tells apart (`ErrorCode` in its types). */
const REQUEST_TIMEOUT = -32001;
const CONNECTION_CLOSED = -32000;

const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** Temp folders made and not yet removed: removed when the process exits, also on a signal the CLI turns into an exit. */
const temporaryFolders = new Set<string>();

function removeTemporaryFolders(): void {
  for (const folder of temporaryFolders) rmSync(folder, { recursive: true, force: true });
  temporaryFolders.clear();
}

/** A new folder under the system temp folder, for `removeTemporaryFolder` to remove; removed at the latest when the process exits. */
export function makeTemporaryFolder(prefix: string): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  if (temporaryFolders.size === 0) process.once('exit', removeTemporaryFolders);
  temporaryFolders.add(folder);
  return folder;
}

export function removeTemporaryFolder(folder: string): void {
  rmSync(folder, { recursive: true, force: true });
  temporaryFolders.delete(folder);
  if (temporaryFolders.size === 0) process.removeListener('exit', removeTemporaryFolders);
}

/**
 * The server's stderr log: the file asked for (its folder created), else one in a temp folder
 * (`folder`: the session removes it when it ends).
 */
export function logFileFor(target: Extract<Target, { kind: 'stdio' }>): { file: string; folder?: string } {
  if (target.logFile) {
    mkdirSync(path.dirname(target.logFile), { recursive: true });
    return { file: target.logFile };
  }
  const folder = makeTemporaryFolder('mcp-result-kit-probe-');
  return { file: path.join(folder, 'server.log'), folder };
}

/** The command line as a person would type it. */
export function describeTarget(target: Target): string {
  if (target.kind === 'http') return target.url;
  return [target.command, ...target.args].map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : JSON.stringify(part))).join(' ');
}

function indentTail(text: string, lines = 8): string {
  const tail = text.trimEnd().split('\n').slice(-lines);
  return tail.map((line) => `    ${line}`).join('\n');
}

export class Session {
  private closed = false;
  /** Set when the connection ended: why, for the calls that follow. */
  private ended?: string;
  private noiseSeen = 0;

  private constructor(
    private readonly client: InstanceType<Awaited<ReturnType<typeof loadSdk>>['Client']>,
    private readonly tap: TapTransport,
    private readonly sdk: Awaited<ReturnType<typeof loadSdk>>,
    readonly target: Target,
    private readonly process?: ProcessTransport,
    /** The temp folder of the server's stderr log, when no `logFile` was asked for: removed by `close`. */
    private readonly logFolder?: string,
  ) {}

  /** How the server's process ended and what it said on the way out, for messages: `it exited with code 1; its stderr ends with: …`. */
  exitDescription(): string {
    const transport = this.process;
    if (!transport) return 'it closed the connection';
    const exit = transport.exit;
    const how = !exit ? 'it closed its stdout' : exit.signal ? `it was killed by ${exit.signal}` : `it exited with code ${exit.code}`;
    const stderr = transport.stderr.trim();
    return stderr ? `${how}; its stderr ends with:\n${indentTail(stderr)}` : how;
  }

  /** Starts or reaches the server and completes `initialize`, within the start-up timeout. */
  static async open(target: Target, options: SessionOptions): Promise<Session> {
    const sdk = await loadSdk();
    let inner: ProcessTransport | InstanceType<typeof sdk.StreamableHTTPClientTransport>;
    let logFolder: string | undefined;
    if (target.kind === 'stdio') {
      const log = logFileFor(target);
      logFolder = log.folder;
      inner = new ProcessTransport({ command: target.command, args: target.args, cwd: target.cwd, env: target.env, logFile: log.file, graceMs: options.graceMs });
    } else {
      inner = new sdk.StreamableHTTPClientTransport(new URL(target.url), { requestInit: { headers: target.headers } });
    }
    const tap = new TapTransport(inner);
    const client = new sdk.Client({ name: 'mcp-result-kit-probe', version: '1.0.0' }, { capabilities: {} });
    const session = new Session(client, tap, sdk, target, inner instanceof ProcessTransport ? inner : undefined, logFolder);
    try {
      await client.connect(tap, { timeout: options.startupTimeoutMs });
    } catch (error) {
      const message = session.startFailure(error, options.startupTimeoutMs);
      await session.close();
      throw new ProbeError(message);
    }
    return session;
  }

  private startFailure(error: unknown, timeoutMs: number): string {
    const where = describeTarget(this.target);
    const noise = this.takeNoise();
    const noiseNote = noise.length > 0 ? `\n  it wrote to stdout, outside the protocol:\n${indentTail(noise.map((line) => line.text).join('\n'), 5)}` : '';
    if (codeOf(error) === REQUEST_TIMEOUT) return `the server (${where}) did not answer initialize within ${timeoutMs} ms (--startup-timeout)${noiseNote}`;
    if (this.process && (this.process.exit || codeOf(error) === CONNECTION_CLOSED)) {
      const wholeLog = this.logFolder ? '--log <file> keeps its whole stderr' : `its whole stderr: ${this.process.logFile}`;
      return `the server (${where}) stopped before it answered initialize: ${this.exitDescription()}${noiseNote}\n  (${wholeLog})`;
    }
    const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    const status = codeOf(error);
    const hint = this.target.kind === 'http' && (status === 401 || status === 403) ? ` (HTTP ${status}: the server wants credentials; pass --header "Authorization: Bearer <token>")` : '';
    return `cannot start or reach the server (${where}): ${reason}${hint}${noiseNote}`;
  }

  get serverInfo(): { name: string; version: string } {
    const info = this.client.getServerVersion();
    return { name: info?.name ?? 'unknown server', version: info?.version ?? '' };
  }

  /** Every tool the server lists, page by page. */
  async listTools(timeoutMs: number): Promise<ToolInfo[]> {
    const tools: ToolInfo[] = [];
    let cursor: string | undefined;
    try {
      do {
        const page = await this.client.listTools(cursor ? { cursor } : {}, { timeout: timeoutMs });
        for (const tool of page.tools) tools.push(JSON.parse(JSON.stringify(tool)) as ToolInfo);
        cursor = page.nextCursor;
      } while (cursor);
    } catch (error) {
      const reason = codeOf(error) === REQUEST_TIMEOUT ? `no answer within ${timeoutMs} ms` : this.tap.closed ? this.exitDescription() : (error as Error).message;
      throw new ProbeError(`the server (${describeTarget(this.target)}) did not list its tools: ${reason}`);
    }
    return tools;
  }

  /** Where the server's stderr went (stdio only), when that file outlives the session: the `logFile` asked for. */
  get logFile(): string | undefined {
    return this.logFolder ? undefined : this.process?.logFile;
  }

  /** Lines written to stdout outside the protocol since the last time this was asked. */
  takeNoise(): NoiseLine[] {
    if (!this.process) return [];
    const fresh = this.process.noise.slice(this.noiseSeen);
    this.noiseSeen = this.process.noise.length;
    return fresh;
  }

  /** Calls one tool and says what came back; never throws for what the server does. */
  async call(tool: string, args: JsonObject, timeoutMs: number, label: string): Promise<Outcome> {
    if (this.ended) return { type: 'not-run', reason: `not called: ${this.ended}` };
    if (this.tap.closed) {
      await this.settleExit();
      this.ended = `the server stopped before ${label}`;
      return { type: 'crash', message: `the server stopped before ${label} was sent: ${this.exitDescription()}` };
    }
    let thrown: unknown;
    try {
      await this.client.request({ method: 'tools/call', params: { name: tool, arguments: args } }, this.sdk.resultSchema, { timeout: timeoutMs });
    } catch (error) {
      thrown = error;
    }
    const raw = this.tap.take(this.tap.lastCallId);
    this.tap.lastCallId = undefined;
    if (raw && 'result' in raw) return { type: 'result', result: raw.result as Json };
    if (raw) return { type: 'protocol-error', code: raw.error.code, message: raw.error.message, ...(raw.error.data !== undefined ? { data: raw.error.data as Json } : {}) };
    if (codeOf(thrown) === REQUEST_TIMEOUT) return { type: 'timeout', timeoutMs };
    if (this.tap.closed || codeOf(thrown) === CONNECTION_CLOSED) {
      await this.settleExit();
      const description = this.exitDescription();
      this.ended = `the server stopped during ${label}`;
      return { type: 'crash', message: `the server stopped during ${label}: ${description}` };
    }
    const message = thrown instanceof Error ? ((thrown.cause as Error | undefined)?.message ?? thrown.message) : String(thrown);
    return { type: 'crash', message: `the call failed in the client during ${label}: ${message}` };
  }

  /** After the connection closes, the exit status follows shortly; wait for it (briefly) so the message has it. */
  private async settleExit(): Promise<void> {
    for (let i = 0; i < 20 && this.process && !this.process.exit; i++) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Ends the connection and, over stdio, the server's whole process tree. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.ended ??= 'the probe closed the connection';
    try {
      await this.client.close();
    } finally {
      try {
        await this.process?.close();
      } finally {
        if (this.logFolder) removeTemporaryFolder(this.logFolder);
      }
    }
  }
}
