// A "server" that never answers: it starts a child of its own, writes both process ids to the file
// named by its first argument, and waits forever. The tests check that both are ended.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
writeFileSync(process.argv[2], JSON.stringify([process.pid, child.pid]));
process.stdin.resume();
// Ignores SIGTERM, as a stuck server might: only SIGKILL ends it.
process.on('SIGTERM', () => {});
setInterval(() => {}, 1000);
