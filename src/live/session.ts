/**
 * One session with a live MCP server, through the official SDK's client: initialise (asking for a
 * given revision when the caller names one), list tools, prompts, resources and resource templates
 * (every page), close. Every failure becomes a LiveServerError with one line saying what the server
 * did; the server process, when there is one, is always ended before the session returns.
 */
import { showControls } from '../report/controls.js';
import type { JsonObject } from '../util/json.js';
import { LiveServerError } from './errors.js';
import { type JsonRpcMessage, loadSdk, type Sdk, type SdkTransport } from './sdk.js';
import { OwnedStdioTransport, type StdioServer } from './stdio-transport.js';

export type LiveTarget =
  | ({ kind: 'stdio' } & StdioServer)
  | { kind: 'http'; url: string; headers: Readonly<Record<string, string>> };

export interface SessionOptions {
  /** Limit for the start (initialisation) and for each request, in milliseconds. */
  timeoutMs: number;
  /** The MCP revision to ask for in `initialize` (the SDK's newest when omitted). */
  protocolVersion?: string;
}

/** What a server says about itself: the answer to `initialize` and every list. */
export interface LiveSurface {
  protocolVersion: string;
  serverInfo: JsonObject;
  capabilities: JsonObject;
  instructions?: string;
  tools: JsonObject[];
  prompts: JsonObject[];
  resources: JsonObject[];
  resourceTemplates: JsonObject[];
}

/** `promise`, or nothing once `ms` milliseconds have passed (the timer is cleared either way). */
function atMost(ms: number, promise: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([elapsed, promise.then(() => undefined)]).finally(() => clearTimeout(timer));
}

/** Most pages one list may take: a server whose cursors never end is stopped, not followed forever. */
const MAX_PAGES = 10_000;

/** Something to end from outside while the session runs (Ctrl-C). */
export interface SessionHandle {
  kill(): Promise<void>;
}

export async function readLiveSurface(
  target: LiveTarget,
  options: SessionOptions,
  onStarted?: (handle: SessionHandle) => void,
): Promise<LiveSurface> {
  const sdk = loadSdk();
  const inner: SdkTransport & { kill?: () => Promise<void> } =
    target.kind === 'stdio' ? new OwnedStdioTransport(target, sdk.stdio) : httpTransport(sdk, target);
  const transport = new NegotiationRecorder(inner, options.protocolVersion);
  onStarted?.({ kill: () => (inner.kill ? inner.kill() : inner.close()) });
  const client = new sdk.client.Client({ name: 'mcpdesc', version: '0.8.0' }, { capabilities: {} });
  const describe = (error: unknown, step: string) => describeFailure(error, step, target, inner, options);
  let ended = false;
  // Held open for the whole session: if every handle closed before an answer came (a server that
  // exits while its output is read), the SDK's own timeout still fires instead of Node exiting mid-session.
  const keepAlive = setInterval(() => undefined, 60_000);
  try {
    try {
      await client.connect(transport, { timeout: options.timeoutMs });
    } catch (error) {
      throw describe(error, 'initialize');
    }
    const protocolVersion = transport.negotiated;
    if (protocolVersion === undefined)
      throw new LiveServerError('the server answered initialize without a protocolVersion');
    const capabilities = (client.getServerCapabilities() ?? {}) as JsonObject;
    const serverInfo = (client.getServerVersion() ?? {}) as JsonObject;
    const instructions = client.getInstructions();
    const { types } = sdk;
    const list = async (method: string, schema: unknown, field: string): Promise<JsonObject[]> => {
      const items: JsonObject[] = [];
      const seen = new Set<string>();
      let cursor: string | undefined;
      for (let page = 0; ; page++) {
        if (page >= MAX_PAGES) throw new LiveServerError(`${method}: more than ${MAX_PAGES} pages`);
        let result: Record<string, unknown>;
        try {
          result = (await client.request(
            cursor === undefined ? { method } : { method, params: { cursor } },
            schema as Parameters<typeof client.request>[1],
            { timeout: options.timeoutMs },
          )) as Record<string, unknown>;
        } catch (error) {
          throw describe(error, method);
        }
        // The server's own objects (the SDK's parse checked them, and reorders their keys).
        const raw = transport.lastResult(method) ?? result;
        for (const item of (raw[field] ?? []) as JsonObject[]) items.push(item);
        const next = result.nextCursor;
        if (typeof next !== 'string') return items;
        if (seen.has(next))
          throw new LiveServerError(
            `${method}: the server returned the cursor ${JSON.stringify(next)} twice`,
          );
        seen.add(next);
        cursor = next;
      }
    };
    const surface: LiveSurface = {
      protocolVersion,
      serverInfo,
      capabilities,
      tools: capabilities.tools ? await list('tools/list', types.ListToolsResultSchema, 'tools') : [],
      prompts: capabilities.prompts
        ? await list('prompts/list', types.ListPromptsResultSchema, 'prompts')
        : [],
      resources: capabilities.resources
        ? await list('resources/list', types.ListResourcesResultSchema, 'resources')
        : [],
      resourceTemplates: capabilities.resources
        ? await list('resources/templates/list', types.ListResourceTemplatesResultSchema, 'resourceTemplates')
        : [],
    };
    if (instructions !== undefined) surface.instructions = instructions;
    ended = true;
    // Streamable HTTP: the session is ended on the server too (DELETE), not left to expire.
    const terminate = (inner as { terminateSession?: () => Promise<void> }).terminateSession;
    if (terminate && inner.sessionId !== undefined)
      await atMost(
        options.timeoutMs,
        terminate.call(inner).catch(() => undefined),
      );
    await client.close();
    return surface;
  } finally {
    clearInterval(keepAlive);
    if (!ended) {
      // A failed session: the server is ended at once, without the polite wait for it to exit.
      await (inner.kill ? inner.kill() : client.close().catch(() => undefined));
    }
  }
}

function httpTransport(
  sdk: Sdk,
  target: { url: string; headers: Readonly<Record<string, string>> },
): SdkTransport {
  const url = new URL(target.url);
  const onlyTheUrlGiven = (requested: string | URL, init?: RequestInit): Promise<Response> => {
    // Only the URL the user named is contacted: a redirect elsewhere is an error, not followed.
    if (new URL(String(requested)).href !== url.href)
      return Promise.reject(
        new LiveServerError(`the server sent mcpdesc to ${String(requested)}; only ${url.href} is contacted`),
      );
    return fetch(requested, { ...init, redirect: 'manual' });
  };
  return new sdk.http.StreamableHTTPClientTransport(url, {
    requestInit: { headers: { ...target.headers } },
    fetch: onlyTheUrlGiven,
    reconnectionOptions: {
      maxReconnectionDelay: 1000,
      initialReconnectionDelay: 1000,
      reconnectionDelayGrowFactor: 1,
      maxRetries: 0,
    },
  });
}

/**
 * Passes messages through unchanged but two: the client's `initialize` asks for the revision the
 * caller named (the SDK always asks for its newest), and the server's answer to it is read for the
 * revision negotiated, which the SDK's client does not expose.
 */
class NegotiationRecorder implements SdkTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JsonRpcMessage) => void;
  negotiated: string | undefined;
  private initializeId: string | number | undefined;
  /** Requests in flight by id (their method), and the last result of each method as received. */
  private readonly pending = new Map<string | number, string>();
  private readonly results = new Map<string, Record<string, unknown>>();

  constructor(
    private readonly inner: SdkTransport,
    private readonly requested: string | undefined,
  ) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  start(): Promise<void> {
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onmessage = (message) => {
      const reply = message as { id?: string | number; result?: { protocolVersion?: unknown } };
      if (this.initializeId !== undefined && reply.id === this.initializeId && reply.result) {
        const version = reply.result.protocolVersion;
        if (typeof version === 'string') this.negotiated = version;
      }
      if (reply.id !== undefined && this.pending.has(reply.id)) {
        const method = this.pending.get(reply.id) as string;
        this.pending.delete(reply.id);
        if (reply.result && typeof reply.result === 'object') this.results.set(method, reply.result);
      }
      this.onmessage?.(message);
    };
    return this.inner.start();
  }

  send(message: JsonRpcMessage, options?: Parameters<SdkTransport['send']>[1]): Promise<void> {
    const request = message as { method?: string; id?: string | number; params?: Record<string, unknown> };
    if (request.method !== undefined && request.id !== undefined)
      this.pending.set(request.id, request.method);
    if (request.method === 'initialize' && request.id !== undefined) {
      this.initializeId = request.id;
      if (this.requested !== undefined)
        message = {
          ...request,
          params: { ...request.params, protocolVersion: this.requested },
        } as unknown as JsonRpcMessage;
    }
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** The last result received for `method`, exactly as the server sent it. */
  lastResult(method: string): Record<string, unknown> | undefined {
    return this.results.get(method);
  }
}

/** The one line for a failed step, from what the SDK threw and what the server process did. */
function describeFailure(
  error: unknown,
  step: string,
  target: LiveTarget,
  inner: SdkTransport,
  options: SessionOptions,
): LiveServerError {
  if (error instanceof LiveServerError) return error;
  if (inner instanceof OwnedStdioTransport && inner.failure) return inner.failure;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const where = target.kind === 'stdio' ? 'the server' : target.url;
  if (error instanceof Error && error.name === 'McpError') {
    if (code === -32001)
      return new LiveServerError(
        `${where} did not answer ${step} within ${options.timeoutMs / 1000} s (--timeout)`,
      );
    if (code === -32000 && inner instanceof OwnedStdioTransport) return exited(inner, step);
    return new LiveServerError(`${where} answered ${step} with an error: ${firstLine(message)}`);
  }
  if (inner instanceof OwnedStdioTransport && inner.exit) return exited(inner, step);
  if (error instanceof Error && error.name === 'StreamableHTTPError')
    return new LiveServerError(`${where} refused ${step}: ${firstLine(message)} (HTTP ${String(code)})`);
  if (error instanceof Error && error.name === 'UnauthorizedError')
    return new LiveServerError(`${where} requires authorisation (pass it with --header)`);
  if (error instanceof Error && (error.name === 'ZodError' || error.name === '$ZodError'))
    return new LiveServerError(`${where} answered ${step} with a malformed result: ${zodIssue(error)}`);
  if (error instanceof TypeError && message === 'fetch failed') {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return new LiveServerError(`cannot reach ${where}: ${cause?.code ?? cause?.message ?? message}`);
  }
  if (/protocol version is not supported/.test(message))
    return new LiveServerError(`${where} ${firstLine(message).replace(/^Server's /, 'negotiated a ')}`);
  return new LiveServerError(`${where}: ${step} failed: ${firstLine(message)}`);
}

function exited(inner: OwnedStdioTransport, step: string): LiveServerError {
  const status = inner.exit;
  const how = status?.signal
    ? `was killed by ${status.signal}`
    : status
      ? `exited with code ${status.code}`
      : 'closed its output';
  const said = inner.lastStderrLine;
  return new LiveServerError(
    `${inner.commandLine} ${how} before answering ${step}${said ? `; its last stderr line: ${JSON.stringify(showControls(said.slice(0, 200)))}` : ''}`,
  );
}

function zodIssue(error: Error): string {
  const issues = (error as { issues?: { path?: unknown[]; message?: string }[] }).issues;
  const first = issues?.[0];
  if (!first) return firstLine(error.message);
  return `${(first.path ?? []).join('.') || '(root)'}: ${first.message ?? 'invalid'}`;
}

function firstLine(text: string): string {
  return showControls(text.split('\n')[0] ?? text);
}
