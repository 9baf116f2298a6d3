// Runs mcpdesc command lines in-process for scripts/fuzz.mjs, capturing their output and exit code.
import { parentPort } from 'node:worker_threads';

const { runCli } = await import('../dist/cli/main.js');
let out = '';
let err = '';
process.stdout.write = (chunk) => {
  out += String(chunk);
  return true;
};
process.stderr.write = (chunk) => {
  err += String(chunk);
  return true;
};

parentPort.on('message', async ({ id, argv }) => {
  out = '';
  err = '';
  try {
    const code = await runCli(['node', 'mcpdesc', ...argv]);
    parentPort.postMessage({ id, code, stdout: out.slice(0, 20_000), stderr: err.slice(0, 20_000) });
  } catch (error) {
    parentPort.postMessage({
      id,
      crash: error instanceof Error ? (error.stack ?? error.message) : String(error),
      stdout: out,
      stderr: err,
    });
  }
});
parentPort.postMessage({ ready: true });
