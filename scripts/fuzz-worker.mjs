// Runs mcpdesc command lines in-process for scripts/fuzz.mjs, capturing their output and exit code.
// It runs the command line bundle users run (dist/bin/cli.cjs), loaded the way bin.ts loads it.
import { parentPort } from 'node:worker_threads';

const { requirePrecompiled } = await import('../dist/util/precompiled.js');
const { runCli, setModuleImporter } = requirePrecompiled(new URL('../dist/bin/cli.cjs', import.meta.url));
setModuleImporter((url) => import(url));
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
