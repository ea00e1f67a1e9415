// Stage 2b: OpenAPI sources named in the config become pages: one per operation, plus an index.
// Loaded and validated with swagger-parser; a URL is fetched at build time, with a committed
// snapshot as the offline fallback.
import { readFile, realpath } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { parse as parseYaml } from 'yaml';
import { fileURLToPath } from 'node:url';
import type { OpenApiSourceConfig } from './define-config.ts';
import { isInside, resolveSource, type SourceRoots } from './source-files.ts';
import { error, warning, type Diagnostic } from './errors.ts';
import { rel } from './load-config.ts';
import type { OpenApiDocument, OpenApiOperation } from './openapi-types.ts';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface ApiOperation {
  slug: string;
  operationId: string;
  method: (typeof HTTP_METHODS)[number];
  path: string;
  op: OpenApiOperation;
  tags: string[];
}

export interface LoadedApi {
  source: OpenApiSourceConfig;
  /** Where the document came from, for diagnostics. */
  file: string;
  doc: OpenApiDocument;
  operations: ApiOperation[];
  diagnostics: Diagnostic[];
}

/** `addAccessToProject` → `add-access-to-project`; `getAPIToken` → `get-api-token`. */
export function kebabCase(id: string): string {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
}

/** An operationId for an operation that has none: `get /api/admin/projects/{id}` → `getApiAdminProjectsId`. */
export function operationIdFrom(method: string, apiPath: string): string {
  const words = apiPath.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

/**
 * Values a document may have once its local `$ref`s are replaced by their targets. The validator
 * walks the document that way: ten schemas of ten fields, each referring to the next, nine deep,
 * took it two minutes. The Unleash API document expands to about 46,000.
 */
const MAX_EXPANDED_NODES = 2_000_000;

/**
 * The number of values in the document with every local `$ref` replaced by its target, counted
 * once per target (so in time linear in the document) and up to `cap`; a `$ref` back into one of
 * its own ancestors counts once, as the validator stops there. Infinity for nesting past 1,000 levels.
 */
export function expandedSize(doc: unknown, cap: number): number {
  const memo = new Map<string, number>();
  const open = new Set<string>();
  const lookup = (ref: string): unknown =>
    ref
      .slice(2)
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), doc);
  const size = (node: unknown, depth: number): number => {
    if (depth > 1000) return Infinity;
    if (node === null || typeof node !== 'object') return 1;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      const known = memo.get(ref);
      if (known !== undefined) return known;
      if (open.has(ref)) return 1;
      open.add(ref);
      const n = Math.min(size(lookup(ref), depth + 1), cap + 1);
      open.delete(ref);
      memo.set(ref, n);
      return n;
    }
    let n = 1;
    for (const value of Object.values(node)) {
      n += size(value, depth + 1);
      if (n > cap) return n;
    }
    return n;
  };
  return size(doc, 0);
}

/** Parses and validates a document read with readOpenApiText; its diagnostics are those of the document alone. */
export async function parseOpenApi(source: OpenApiSourceConfig, text: string, file: string, roots: SourceRoots): Promise<LoadedApi> {
  const diagnostics: Diagnostic[] = [];
  let raw: unknown;
  try {
    raw = /\.ya?ml$/i.test(file) ? parseYaml(text) : JSON.parse(text);
  } catch (e) {
    throw fail(error('invalid-openapi', { file }, `invalid OpenAPI document: ${(e as Error).message}`, 'the file must be JSON or YAML'));
  }
  const expanded = expandedSize(raw, MAX_EXPANDED_NODES);
  if (expanded > MAX_EXPANDED_NODES) {
    throw fail(
      error(
        'invalid-openapi',
        { file },
        `the document's $refs expand it to more than ${MAX_EXPANDED_NODES.toLocaleString('en')} values (${expanded === Infinity ? 'or nest deeper than 1,000 levels' : 'schemas that each refer to several others, many levels deep'})`,
        'validating or showing it would take exponential time; share fewer schemas per level, or split the document',
      ),
    );
  }
  try {
    // validate() dereferences its argument in place; keep the original with its $refs for rendering.
    // Loaded here: a site without OpenAPI sources should not pay for it at start-up.
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    // A document is content: its $refs are read only from files inside the source folders, and
    // never fetched unless its source allows it (builds are offline by default).
    const base = /^https?:\/\//.test(file) ? file : path.resolve(file);
    await SwaggerParser.validate(
      base,
      structuredClone(raw) as never,
      {
        resolve: {
          http: source.remoteRefs === true ? { timeout: 15_000 } : false,
          file: { order: 100, canRead: true, read: (ref: { url: string }) => readContainedRef(ref.url, roots) },
        },
      } as never,
    );
  } catch (e) {
    const remote = /"(https?:\/\/[^"]+)"/.exec((e as Error)?.message ?? '');
    if (remote && source.remoteRefs !== true) {
      throw fail(
        error(
          'openapi-source',
          { file },
          `$ref to ${remote[1]} is not fetched: set remoteRefs: true on the openapi source to allow it`,
          'a build reads nothing from the network unless the config says so; or copy the schema into the document',
        ),
      );
    }
    throw fail(...validationDiagnostics(e, file, text));
  }
  const doc = raw as OpenApiDocument;
  const operations = listOperations(doc, file, diagnostics);
  return { source, file, doc, operations, diagnostics };
}

/** The document's text, from its file or URL (or the URL's snapshot, with a warning in `diagnostics`). */
export async function readOpenApiText(source: OpenApiSourceConfig, siteDir: string, roots: SourceRoots, diagnostics: Diagnostic[]): Promise<{ text: string; file: string }> {
  if (/^https?:\/\//.test(source.spec)) {
    try {
      const res = await fetch(source.spec, { signal: AbortSignal.timeout(15_000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return { text: await res.text(), file: source.spec };
    } catch (e) {
      const snapshot = source.snapshot ? path.resolve(siteDir, source.snapshot) : undefined;
      if (snapshot && existsSync(snapshot)) {
        diagnostics.push(
          warning('openapi-source', { file: rel(snapshot) }, `could not fetch ${source.spec} (${(e as Error).message}); using the committed snapshot`, 'the API pages may be out of date'),
        );
        return { text: await readFile(snapshot, 'utf8'), file: rel(snapshot) };
      }
      throw fail(error('openapi-source', { file: source.spec }, `could not fetch the OpenAPI document: ${(e as Error).message}`, `add "snapshot" to openapi source "${source.id}" to build offline`));
    }
  }
  const abs = path.resolve(siteDir, source.spec);
  // The config may name a document anywhere (it is code); a document file inside the source
  // folders is content, and must not be a link that leads out of them.
  const found = (await isInSourceFolder(abs, roots)) ? await resolveSource(abs, roots) : undefined;
  if (found && 'outside' in found) {
    throw fail(
      error(
        'outside-sources',
        { file: rel(abs) },
        `the OpenAPI document of source "${source.id}" is a link to ${found.outside}, outside the project's content, site and static folders`,
        'sources are read only from the content, site and static folders; copy the file in instead of linking to it',
      ),
    );
  }
  try {
    return { text: await readFile(found?.real ?? abs, 'utf8'), file: rel(abs) };
  } catch {
    throw fail(error('openapi-source', { file: rel(abs) }, `OpenAPI document not found (openapi source "${source.id}")`, 'the spec path is relative to the config file'));
  }
}

/**
 * Whether a path is named through one of the source folders: some folder on its way there is one
 * of them or inside one once its links are resolved. A linked folder inside content/ that leads
 * out of it still counts, so it cannot pass for a document the config names elsewhere.
 */
async function isInSourceFolder(abs: string, roots: SourceRoots): Promise<boolean> {
  for (let dir = path.dirname(abs); ; dir = path.dirname(dir)) {
    const real = await realpath(dir).catch(() => undefined);
    if (real && roots.some((r) => isInside(real, r))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

async function readContainedRef(url: string, roots: SourceRoots): Promise<Buffer> {
  if (/^https?:/i.test(url)) throw new Error(`${url} is not fetched: set remoteRefs: true on the openapi source to allow it`);
  const file = url.startsWith('file:') ? fileURLToPath(url) : url;
  const found = await resolveSource(file, roots);
  if (!found) throw new Error(`${rel(file)} not found`);
  if ('outside' in found) throw new Error(`${rel(file)} lies outside the content, site and static folders`);
  return readFile(found.real);
}

class OpenApiFailure extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map((d) => d.message).join('\n'));
  }
}

function fail(...diagnostics: Diagnostic[]): OpenApiFailure {
  return new OpenApiFailure(diagnostics);
}

export function isOpenApiFailure(e: unknown): e is OpenApiFailure {
  return e instanceof OpenApiFailure;
}

interface AjvDetail {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** One diagnostic per JSON pointer, at its line in the document when it is JSON. */
function validationDiagnostics(e: unknown, file: string, text: string): Diagnostic[] {
  const details = (e as { details?: AjvDetail[] }).details;
  const tree = file.endsWith('.json') || text.trimStart().startsWith('{') ? parseTree(text) : undefined;
  const locate = (pointer: string) => {
    if (!tree) return {};
    const segments = pointer
      .split('/')
      .slice(1)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    const node = findNodeAtLocation(tree, segments);
    if (!node) return {};
    const before = text.slice(0, node.offset).split('\n');
    return { line: before.length, column: before[before.length - 1].length + 1 };
  };
  if (Array.isArray(details) && details.length) {
    const byPointer = new Map<string, AjvDetail>();
    for (const d of details) {
      const pointer = `#${d.instancePath ?? ''}`;
      // The first message per place is the most direct one; the rest are alternatives Ajv tried.
      if (!byPointer.has(pointer)) byPointer.set(pointer, d);
    }
    // A complaint about an object is only noise when a field inside it is named too.
    const pointers = [...byPointer.keys()];
    const deepest = [...byPointer].filter(([p]) => !pointers.some((q) => q !== p && q.startsWith(`${p}/`)));
    return deepest.map(([pointer, d]) => {
      const extra = d.params?.additionalProperty ? ` ("${d.params.additionalProperty}")` : d.params?.allowedValues ? ` (${(d.params.allowedValues as string[]).join(', ')})` : '';
      return error('invalid-openapi', { file, ...locate(pointer.slice(1)) }, `invalid OpenAPI document at ${pointer}: ${d.message}${extra}`, 'see the OpenAPI 3 specification for this object');
    });
  }
  const message = (e as Error).message ?? String(e);
  const pointer = /"(#[^"]*)"/.exec(message)?.[1];
  return [
    error(
      'invalid-openapi',
      { file, ...(pointer ? locate(pointer.slice(1).split('/').slice(0, -1).join('/')) : {}) },
      `invalid OpenAPI document: ${message.split('\n')[0]}`,
      pointer ? `check the $ref ${pointer}` : undefined,
    ),
  ];
}

function listOperations(doc: OpenApiDocument, file: string, diagnostics: Diagnostic[]): ApiOperation[] {
  const operations: ApiOperation[] = [];
  const bySlug = new Map<string, ApiOperation>();
  for (const [apiPath, item] of Object.entries(doc.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = item?.[method];
      if (!op) continue;
      let operationId = op.operationId;
      if (!operationId) {
        operationId = operationIdFrom(method, apiPath);
        diagnostics.push(
          warning(
            'openapi-operation-id',
            { file },
            `${method.toUpperCase()} ${apiPath} has no operationId; using "${operationId}"`,
            'give every operation an operationId so its page address is stable',
          ),
        );
      }
      const operation: ApiOperation = { slug: kebabCase(operationId), operationId, method, path: apiPath, op, tags: op.tags?.length ? op.tags : ['Other'] };
      const clash = bySlug.get(operation.slug);
      if (clash) {
        diagnostics.push(
          error(
            'duplicate-route',
            { file },
            `operations ${clash.method.toUpperCase()} ${clash.path} ("${clash.operationId}") and ${method.toUpperCase()} ${apiPath} ("${operationId}") have the same page slug "${operation.slug}"`,
            'give one of them a different operationId',
          ),
        );
        continue;
      }
      bySlug.set(operation.slug, operation);
      operations.push(operation);
    }
  }
  return operations.sort((a, b) => a.slug.localeCompare(b.slug));
}
