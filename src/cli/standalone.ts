#!/usr/bin/env node
import * as commandLine from './bundle.js';
/**
 * The single-file `mcpdesc` the pre-commit hooks run (hooks/mcpdesc.cjs, built by
 * scripts/build-hooks.mjs and committed): the whole command line, its dependencies and the
 * precompiled validators in one CommonJS file, so a hook repository cloned from git runs with the
 * `node` on PATH and nothing installed.
 */
import { launch } from './launch.js';

launch(async () => commandLine);
