/**
 * A failure talking to a live server (it would not start, closed the connection, answered with
 * something that is not JSON-RPC, did not answer in time): printed as one line, exit 2.
 */
export class LiveServerError extends Error {
  override readonly name = 'LiveServerError';
}

/** The run was interrupted (Ctrl-C, SIGTERM) while a server was running; the exit code follows the signal. */
export class InterruptedError extends Error {
  override readonly name = 'InterruptedError';
  constructor(readonly signal: 'SIGINT' | 'SIGTERM') {
    super(`interrupted (${signal}); the server was stopped`);
  }
}
