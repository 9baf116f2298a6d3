import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    // One test file per core (Vitest's default keeps one core free, which on a two-core CI machine
    // ran the files one after another): most of the time goes to the command lines, git and
    // pre-commit the files start, which wait on each other more than on the CPU.
    maxWorkers: availableParallelism(),
    globalSetup: ['test/support/global-setup.ts'],
  },
});
