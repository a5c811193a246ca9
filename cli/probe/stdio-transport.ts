/**
 * A stdio client transport for the probe. The SDK's StdioClientTransport would do for a healthy
 * server, but the probe is for servers that may not be: it kills the server's whole process tree
 * at the end (an `npm start`, a shell wrapper, the workers a server starts); it keeps the
 * lines a server writes to stdout that are not JSON-RPC (instead of dropping them); it hands every
 * JSON-RPC message on as it came, even a response whose result is no CallToolResult (the SDK's
 * transport drops those, which turns a raw string into a hang); and it writes the server's stderr
 * to a log file while keeping its tail for messages.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { descendants, signalAll } from './process-tree.js';
import type { Transport } from '@mcp-result-kit/mcp-sdk/shared/transport.js';
import type { JSONRPCMessage } from '@mcp-result-kit/mcp-sdk/types.js';

export interface ProcessOptions {
  command: string;
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Where the server's stderr goes. */
  logFile: string;
  /** How long a server may take to exit after stdin closes, and again after SIGTERM (default: see `exitGrace`). */
  graceMs?: number;
}

/** What the SDK's own StdioClientTransport waits after closing stdin, and the most the probe waits. */
const MIN_GRACE_MS = 2000;
const MAX_GRACE_MS = 10_000;

/**
 * How long a server may take to exit after stdin closes: as long as it took to answer its first
 * message, at least the SDK's 2 s and at most 10 s. A server that saves its state on the way out
 * (a config file, usage counters) and is killed mid-write leaves the file empty, and its next start
 * begins afresh: on a busy machine a slow start goes with a slow exit, so the wait scales with it.
 */
export function exitGrace(startupMs: number | undefined): number {
  return Math.min(MAX_GRACE_MS, Math.max(MIN_GRACE_MS, Math.ceil(startupMs ?? 0)));
}

/** A line the server wrote to stdout that is not a protocol message. */
export interface NoiseLine {
  text: string;
  /** How many protocol messages had arrived before it: lets the session say during which call it came. */
  afterMessages: number;
}

const TAIL_BYTES = 4096;

function isJsonRpc(value: unknown): value is JSONRPCMessage {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const message = value as Record<string, unknown>;
  return message.jsonrpc === '2.0' && (typeof message.method === 'string' || 'id' in message);
}

export class ProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly noise: NoiseLine[] = [];
  /** How the process ended, once it has. */
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  private child?: ChildProcess;
  private log?: WriteStream;
  private stdoutBuffer = '';
  private stderrTail = '';
  private messages = 0;
  private closing = false;
  private spawnedAt?: number;
  /** From the spawn to the server's first protocol message (its answer to `initialize`). */
  private startupMs?: number;
  private readonly exited: Promise<void>;
  private markExited!: () => void;
  /** Every process of the server's tree seen so far: its children may outlive it. */
  private readonly tree = new Set<number>();
  private readonly killOnExit = () => this.killTree('SIGKILL');

  constructor(private readonly options: ProcessOptions) {
    this.exited = new Promise((resolve) => (this.markExited = resolve));
  }

  get logFile(): string {
    return this.options.logFile;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last few KB the server wrote to stderr. */
  get stderr(): string {
    return this.stderrTail;
  }

  start(): Promise<void> {
    this.log = createWriteStream(this.options.logFile, { flags: 'w' });
    this.log.on('error', () => {
      // A log that cannot be written must not stop the probe; the tail is still kept.
    });
    return new Promise((resolve, reject) => {
      const child = spawn(this.options.command, [...this.options.args], {
        cwd: this.options.cwd,
        env: this.options.env,
        stdio: ['pipe', 'pipe', 'pipe'],
        // Not `detached`: a new session would also be a new scheduling group (Linux autogroups),
        // which made every call three times slower on a busy machine. The tree is found instead.
        shell: process.platform === 'win32',
        windowsHide: true,
      });
      this.child = child;
      child.once('error', (error: NodeJS.ErrnoException) => {
        this.markExited();
        reject(new Error(error.code === 'ENOENT' ? `${this.options.command}: command not found (ENOENT)` : error.message));
      });
      child.once('spawn', () => {
        this.spawnedAt = performance.now();
        process.once('exit', this.killOnExit);
        resolve();
      });
      child.stdout!.setEncoding('utf8');
      child.stdout!.on('data', (chunk: string) => this.read(chunk));
      child.stderr!.on('data', (chunk: Buffer) => {
        this.log?.write(chunk);
        this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-TAIL_BYTES);
      });
      // Writing to a server that has gone is reported by the exit, not as an unhandled error.
      child.stdin!.on('error', () => {});
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
      });
      child.once('close', () => {
        if (this.stdoutBuffer.trim() !== '') this.line(this.stdoutBuffer);
        this.stdoutBuffer = '';
        this.markExited();
        process.removeListener('exit', this.killOnExit);
        this.onclose?.();
      });
    });
  }

  private read(chunk: string): void {
    this.stdoutBuffer += chunk;
    let newline = this.stdoutBuffer.indexOf('\n');
    while (newline !== -1) {
      const line = this.stdoutBuffer.slice(0, newline).replace(/\r$/, '');
      this.stdoutBuffer = this.stdoutBuffer.slice(newline + 1);
      this.line(line);
      newline = this.stdoutBuffer.indexOf('\n');
    }
  }

  private line(line: string): void {
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      parsed = undefined;
    }
    if (!isJsonRpc(parsed)) {
      this.noise.push({ text: line, afterMessages: this.messages });
      return;
    }
    this.messages++;
    if (this.startupMs === undefined && this.spawnedAt !== undefined) this.startupMs = performance.now() - this.spawnedAt;
    this.onmessage?.(parsed);
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed || this.exit) return Promise.reject(new Error('the server is not running'));
    return new Promise((resolve, reject) => {
      stdin.write(`${JSON.stringify(message)}\n`, (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Remembers the processes the server has started so far. */
  private noteTree(): void {
    const pid = this.child?.pid;
    if (pid === undefined || this.exit) return;
    for (const descendant of descendants(pid)) this.tree.add(descendant);
  }

  /** Signals the server and every process of its tree seen so far; processes already gone are fine. */
  private killTree(signal: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    if (process.platform === 'win32') {
      spawnSync('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore' });
      return;
    }
    this.noteTree();
    signalAll([...(this.exit ? [] : [pid]), ...this.tree], signal);
  }

  private async waitForExit(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    const done = await Promise.race([this.exited.then(() => true as const), timedOut]);
    clearTimeout(timer);
    return done;
  }

  /**
   * Closes stdin and gives the server `graceMs` to exit, then SIGTERM, then SIGKILL; and always
   * kills what is left of its tree, so nothing it started outlives the probe.
   */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    const grace = this.options.graceMs ?? exitGrace(this.startupMs);
    this.noteTree();
    if (this.child && !this.exit) {
      this.child.stdin?.end();
      if (!(await this.waitForExit(grace))) {
        this.killTree('SIGTERM');
        if (!(await this.waitForExit(grace))) {
          this.killTree('SIGKILL');
          await this.waitForExit(grace);
        }
      }
    }
    this.killTree('SIGKILL');
    process.removeListener('exit', this.killOnExit);
    await new Promise<void>((resolve) => (this.log ? this.log.end(resolve) : resolve()));
  }
}
