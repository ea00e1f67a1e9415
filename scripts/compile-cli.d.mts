/** Compiles the CLI into `outDir` (default: dist/); `outDir` is for tests. */
export function compile(outDir?: string): Promise<void>;
export function ensureCompiled(): Promise<string>;
/** Whether the compiled CLI at `outFile` is missing, or older than the sources or the dependencies installed in `projectRoot`. */
export function isStale(outFile: string, projectRoot: string): boolean;
