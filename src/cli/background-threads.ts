import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Linux's lowest scheduling priority: a thread at 19 runs only when no normal thread wants its core. */
const BACKGROUND_NICENESS = 19;

/**
 * Lowers the scheduling priority of the process's other threads, so they never take a core from the
 * main thread, which runs the command.
 *
 * Why: they are V8's background workers (Node starts four, whatever the machine), and in a command
 * over a large document they are busy compiling the hot functions with TurboFan: ≈ 0.25 s of CPU
 * during a 0.3 s lint of a catalog. On a two-core machine (a CI runner) four of them and the main
 * thread share two cores, so the command itself was preempted a hundred times and ran ≈ 15 % slower
 * than with one worker. At the lowest priority they still get every core the main thread leaves
 * free, which on two cores is a whole core. Node's own remedy, `--v8-pool-size`, exists only as a
 * command-line flag, read before any JavaScript runs.
 *
 * Linux only: a thread is a task there (/proc/self/task), each with its own niceness, which
 * setpriority(2) sets given its id; elsewhere nothing is done. Lowering one's own priority needs no
 * privilege; a refusal (a sandbox) leaves the thread as it was.
 */
export function lowerBackgroundThreadPriority(): void {
  if (process.platform !== 'linux') return;
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return;
  }
  for (const task of tasks) {
    const id = Number(task);
    // The main thread's id is the process id.
    if (!Number.isSafeInteger(id) || id === process.pid) continue;
    try {
      setPriority(id, BACKGROUND_NICENESS);
    } catch {
      // not permitted here: the thread keeps its priority
    }
  }
}
