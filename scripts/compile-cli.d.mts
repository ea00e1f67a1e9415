/** Compiles the CLI into `outDir` (default: dist/); `outDir` is for tests. */
export function compile(outDir?: string): Promise<void>;
export function ensureCompiled(): Promise<string>;
