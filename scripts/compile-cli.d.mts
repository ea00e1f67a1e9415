export function compile(): Promise<void>;
export function ensureCompiled(): Promise<string>;
