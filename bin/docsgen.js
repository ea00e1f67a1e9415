#!/usr/bin/env node
// Runs the compiled CLI (dist/, made by scripts/compile-cli.mjs), compiling it first if it is missing
// or older than the sources, so a fresh checkout works after `npm install`.
import v8 from 'node:v8';
v8.setFlagsFromString('--max-semi-space-size=64');
import { ensureCompiled } from '../scripts/compile-cli.mjs';

// React's production build renders several times faster than its development build.
process.env.NODE_ENV ??= 'production';

const entry = await ensureCompiled();
const { main } = await import(entry);
process.exitCode = await main(process.argv.slice(2));
