/**
 * An MCP stdio client transport that owns its server process: the server runs in a process group
 * of its own, and that whole group is ended however the run ends (success, error, timeout, Ctrl-C,
 * even an unexpected exit of mcpdesc). The SDK's StdioClientTransport starts the server in
 * mcpdesc's group and signals only the process it started, so a server started through a wrapper
 * (`npx`, `sh -c`, `uv run`) left its real process running.
 *
 * Framing is strict: every line the server writes to standard output must be a JSON-RPC message
 * (MCP stdio transport: "the server MUST NOT write anything to its stdout that is not a valid MCP
 * message"). The first line that is not ends the session with a message quoting it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { showControls } from '../report/controls.js';
import { LiveServerError } from './errors.js';
import type { JsonRpcMessage, SdkStdioModule, SdkTransport } from './sdk.js';

/** Where the server's standard error goes. */
export type ServerStderr = { kind: 'terminal' } | { kind: 'file'; path: string } | { kind: 'tail' };

export interface StdioServer {
  command: string;
  args: readonly string[];
  /** Variables added to (or replacing) mcpdesc's own environment. */
  env: Readonly<Record<string, string>>;
  cwd?: string;
  stderr: ServerStderr;
}

/** How long a server may take to exit once its input is closed, and once it is sent SIGTERM. */
const EXIT_GRACE_MS = 2000;
const TERM_GRACE_MS = 1000;
/** The end of the server's standard error kept for messages (when it is not shown or saved). */
const STDERR_TAIL_BYTES = 4096;
/** Longest line accepted from the server (a tools/list of a large catalog is one line). */
const MAX_LINE_BYTES = 64 * 1024 * 1024;

/** Process groups still running, ended synchronously if mcpdesc exits before closing them. */
const running = new Set<number>();
let exitHookInstalled = false;

function killGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: nothing of the group is left
  }
}

function groupAlive(pgid: number): boolean {
  return killGroup(pgid, 0);
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const pgid of running) killGroup(pgid, 'SIGKILL');
  });
}

/**
 * Waits for the first of `events`, or `ms` milliseconds. The timer holds the process open while it
 * runs (with nothing else left, an unreferenced one let Node exit mid-session) and is cleared once
 * an event comes first.
 */
function waitAtMost(ms: number, ...events: Promise<void>[]): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([elapsed, ...events]).finally(() => clearTimeout(timer));
}

export class OwnedStdioTransport implements SdkTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JsonRpcMessage) => void;

  private child: ChildProcess | undefined;
  private pgid: number | undefined;
  private buffer: Buffer | undefined;
  private stderrTail = '';
  private stderrFd: number | undefined;
  private exitStatus: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private closing: Promise<void> | undefined;
  /** Why the session ended early, as the one line to print (first cause wins). */
  failure: LiveServerError | undefined;

  constructor(
    private readonly server: StdioServer,
    private readonly framing: SdkStdioModule,
  ) {}

  /** The command as typed, for messages. */
  get commandLine(): string {
    return [this.server.command, ...this.server.args].join(' ');
  }

  /** The last lines the server wrote to standard error (when neither shown nor saved). */
  get lastStderrLine(): string | undefined {
    const lines = this.stderrTail.split('\n').filter((line) => line.trim() !== '');
    return lines.at(-1);
  }

  /** How the server process ended, once it has. */
  get exit(): { code: number | null; signal: NodeJS.Signals | null } | undefined {
    return this.exitStatus;
  }

  start(): Promise<void> {
    const { stderr } = this.server;
    let stderrTarget: 'inherit' | 'pipe' | number = 'pipe';
    if (stderr.kind === 'terminal') stderrTarget = 'inherit';
    else if (stderr.kind === 'file') {
      try {
        this.stderrFd = openSync(stderr.path, 'a', 0o644);
      } catch (error) {
        const reason = (error as NodeJS.ErrnoException).code ?? String(error);
        return Promise.reject(
          new LiveServerError(`cannot open ${stderr.path} for the server's stderr (${reason})`),
        );
      }
      stderrTarget = this.stderrFd;
    }
    return new Promise((resolve, reject) => {
      let child: ChildProcess;
      try {
        child = spawn(this.server.command, [...this.server.args], {
          // A group of its own: the server and whatever it starts are ended together.
          detached: true,
          stdio: ['pipe', 'pipe', stderrTarget],
          env: { ...process.env, ...this.server.env },
          cwd: this.server.cwd,
          windowsHide: true,
        });
      } catch (error) {
        reject(new LiveServerError(`cannot start ${this.server.command}: ${(error as Error).message}`));
        return;
      }
      this.child = child;
      child.once('error', (error: NodeJS.ErrnoException) => {
        const reason =
          error.code === 'ENOENT'
            ? 'command not found'
            : error.code === 'EACCES'
              ? 'permission denied'
              : error.message;
        const failure = new LiveServerError(`cannot start ${this.server.command}: ${reason}`);
        this.fail(failure);
        reject(failure);
      });
      child.once('spawn', () => {
        if (child.pid !== undefined) {
          this.pgid = child.pid;
          running.add(child.pid);
          installExitHook();
        }
        resolve();
      });
      child.once('exit', (code, signal) => {
        this.exitStatus = { code, signal };
      });
      child.once('close', () => {
        if (this.pgid !== undefined && !groupAlive(this.pgid)) running.delete(this.pgid);
        this.onclose?.();
      });
      child.stdin?.on('error', () => {
        // EPIPE: the server has gone; its exit is reported through 'close'.
      });
      child.stdout?.on('data', (chunk: Buffer) => this.receive(chunk));
      child.stderr?.on('data', (chunk: Buffer) => {
        this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
      });
    });
  }

  private receive(chunk: Buffer): void {
    if (this.failure) return;
    this.buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const end = this.buffer.indexOf(0x0a);
      if (end === -1) break;
      const line = this.buffer.toString('utf8', 0, end).replace(/\r$/, '');
      this.buffer = this.buffer.subarray(end + 1);
      if (line.trim() === '') continue;
      let message: JsonRpcMessage;
      try {
        message = this.framing.deserializeMessage(line);
      } catch {
        this.fail(
          new LiveServerError(
            `${this.commandLine} is not an MCP server over stdio, or broke the protocol: it wrote ${quoteLine(line)} where a JSON-RPC message was expected`,
          ),
        );
        return;
      }
      this.onmessage?.(message);
    }
    if (this.buffer.length > MAX_LINE_BYTES)
      this.fail(new LiveServerError(`${this.commandLine} wrote a line longer than ${MAX_LINE_BYTES} bytes`));
  }

  /** Records the first failure, tells the client (its pending requests then fail) and stops the server. */
  private fail(failure: LiveServerError): void {
    if (this.failure) return;
    this.failure = failure;
    this.onerror?.(failure);
    void this.stop(false);
  }

  send(message: JsonRpcMessage): Promise<void> {
    const stdin = this.child?.stdin;
    if (!stdin || stdin.destroyed || this.closing)
      return Promise.reject(new LiveServerError('the server has stopped'));
    return new Promise((resolve) => {
      if (stdin.write(this.framing.serializeMessage(message))) resolve();
      else stdin.once('drain', () => resolve());
    });
  }

  /** Ends the session politely: input closed, time to exit, then the group is signalled. */
  close(): Promise<void> {
    return this.stop(true);
  }

  /** Ends the server's process group now (a timeout, an error, an interrupt). */
  kill(): Promise<void> {
    return this.stop(false);
  }

  private stop(polite: boolean): Promise<void> {
    // A kill during a polite close (the SDK closes politely when initialisation fails) cuts its wait short.
    if (!polite) this.hurry?.();
    this.closing ??= this.end(polite);
    return this.closing;
  }

  /** Ends the polite wait for the server to exit by itself. */
  private hurry: (() => void) | undefined;

  private async end(polite: boolean): Promise<void> {
    const child = this.child;
    const pgid = this.pgid;
    try {
      if (!child || pgid === undefined) return;
      const exited = new Promise<void>((resolve) => {
        if (this.exitStatus || child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once('exit', () => resolve());
      });
      child.stdin?.end();
      if (polite) {
        const hurried = new Promise<void>((resolve) => {
          this.hurry = resolve;
        });
        await waitAtMost(EXIT_GRACE_MS, exited, hurried);
      }
      // Whatever the server started is ended too, even when the server itself has exited.
      if (killGroup(pgid, 'SIGTERM')) {
        const deadline = Date.now() + TERM_GRACE_MS;
        while (groupAlive(pgid) && Date.now() < deadline) await waitAtMost(25);
        if (groupAlive(pgid)) killGroup(pgid, 'SIGKILL');
      }
      await waitAtMost(TERM_GRACE_MS, exited);
      running.delete(pgid);
    } finally {
      if (this.stderrFd !== undefined) {
        closeSync(this.stderrFd);
        this.stderrFd = undefined;
      }
    }
  }
}

/** A line the server wrote, quoted for a one-line message (shortened, control characters shown). */
export function quoteLine(line: string): string {
  const shown = line.length > 80 ? `${line.slice(0, 77)}...` : line;
  return JSON.stringify(showControls(shown));
}
