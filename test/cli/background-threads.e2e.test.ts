import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CLI = join(import.meta.dirname, '../../dist/bin/mcpdesc.cjs');
const onLinux = process.platform === 'linux' && existsSync('/proc/self/task');

/** Niceness of each thread of a process, main thread first (its id is the process id). */
function threadNiceness(pid: number): { main: number; others: number[] } {
  const others: number[] = [];
  let main = Number.NaN;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
    // Fields after the command name (in parentheses, which may hold spaces): state is field 3, nice 19.
    const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    if (Number(task) === pid) main = nice;
    else others.push(nice);
  }
  return { main, others };
}

describe.skipIf(!onLinux)('background threads', () => {
  it('runs V8 workers at the lowest priority and the command at its own', async () => {
    // `validate -` waits on standard input, so its threads can be looked at while it runs.
    const child = spawn(process.execPath, [CLI, 'validate', '-'], { stdio: ['pipe', 'ignore', 'ignore'] });
    const pid = child.pid as number;
    const ended = new Promise((resolve) => child.on('close', resolve));
    try {
      let seen = threadNiceness(pid);
      for (let waited = 0; waited < 5000 && !seen.others.includes(19); waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen = threadNiceness(pid);
      }
      expect(seen.others.length).toBeGreaterThanOrEqual(4);
      expect(seen.others.every((nice) => nice === 19)).toBe(true);
      expect(seen.main).toBe(getPriority());
    } finally {
      child.stdin.end('{}');
      await ended;
    }
  });
});
