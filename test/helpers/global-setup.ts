// Compiles the CLI once before any test spawns it, so test files do not race to compile it.
import { compile } from '../../scripts/compile-cli.mjs';

export default async function setup() {
  await compile();
}
