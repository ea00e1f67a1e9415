#!/usr/bin/env node
// Builds content/openapi/unleash-api.json, the OpenAPI 3.0.3 document the API reference pages are
// generated from.
//
// Inputs:
//   1. the reference facts (operations, tags, schemas in a compact type notation), by default
//      ../../shared/reference/unleash-api-operations.json relative to this script; a first CLI
//      argument replaces that path;
//   2. content/openapi/descriptions.yaml, the hand-written descriptions (tags, operations,
//      parameters, schemas and their properties) plus the enum values the notation leaves out.
//
// The output is deterministic: the same inputs give a byte-identical file.
//
// Every problem in descriptions.yaml that has a place in the file (an unknown top-level key such
// as a misspelt `responses:`, an unknown key inside `info` or a schema entry, a tag, operation,
// schema, property or enum that the reference does not have) is reported as `file:line:col` and
// makes the script exit with status 1 without writing anything.
//
// Usage: node scripts/generate-openapi.mjs [options] [path/to/unleash-api-operations.json]
//   --descriptions <file>  read the descriptions from this file instead of content/openapi/
//   --out <file>           write the document here instead of content/openapi/unleash-api.json
//   --check                write nothing; exit 1 when the output file differs from what the
//                          inputs generate (the committed document is stale)

import { existsSync, readFileSync, writeFileSync, mkdirSync, renameSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMap, LineCounter, parseDocument } from 'yaml';

const scriptDir = dirname(fileURLToPath(import.meta.url));
const cli = parseArguments(process.argv.slice(2));
const referencePath = cli.reference ? resolve(process.cwd(), cli.reference) : resolve(scriptDir, '../../shared/reference/unleash-api-operations.json');
const descriptionsPath = cli.descriptions ? resolve(process.cwd(), cli.descriptions) : resolve(scriptDir, '../content/openapi/descriptions.yaml');
const outputPath = cli.out ? resolve(process.cwd(), cli.out) : resolve(scriptDir, '../content/openapi/unleash-api.json');

function parseArguments(args) {
  const result = { reference: undefined, descriptions: undefined, out: undefined, check: false };
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === '--check') result.check = true;
    else if (arg === '--descriptions' || arg === '--out') {
      const value = args[i + 1];
      if (!value || value.startsWith('--')) usage(`${arg} needs a file name`);
      result[arg.slice(2)] = value;
      i += 1;
    } else if (arg.startsWith('--')) usage(`unknown option ${arg}`);
    else if (result.reference) usage(`unexpected argument ${arg}`);
    else result.reference = arg;
  }
  return result;
}

function usage(message) {
  console.error(`generate-openapi: ${message}`);
  console.error('usage: node scripts/generate-openapi.mjs [--descriptions file] [--out file] [--check] [reference.json]');
  process.exit(2);
}

// The sections descriptions.yaml may have, and the keys each section's entries may have where
// they are fixed. A key outside these lists is a mistake (usually a typo) whose text would
// otherwise be dropped without a word.
const TOP_LEVEL_KEYS = ['info', 'securitySchemes', 'statusCodes', 'responses', 'requestBodies', 'parameters', 'tags', 'operations', 'schemas', 'commonProperties', 'enums'];
const INFO_KEYS = ['description', 'serverDescription'];
const SCHEMA_ENTRY_KEYS = ['description', 'properties'];

const SERVER_URL = 'https://app.unleash-instance.example.com';

// Operations that Unleash serves without an API token or session: health checks, logging in,
// the password-reset flow and signing up through a public invite link.
const UNAUTHENTICATED_OPERATIONS = new Set([
  'getHealth',
  'login',
  'validateToken',
  'changePassword',
  'validatePassword',
  'sendResetPasswordEmail',
  'validatePublicSignupToken',
  'addPublicSignupTokenUser',
]);

const METHOD_ORDER = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const PRIMITIVES = new Set(['string', 'integer', 'number', 'boolean', 'object']);

const problems = [];
const notes = [];

// Set by main(): finds the line and column of a key path in descriptions.yaml.
let locateInDescriptions = () => undefined;

/** Record a problem; with `yamlPath` (keys from the root of descriptions.yaml) it gets file:line:col. */
function fail(message, yamlPath) {
  const at = yamlPath ? locateInDescriptions(yamlPath) : undefined;
  problems.push(at ? `${at}: ${message}` : message);
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${path}: ${error.message}`);
  }
}

function displayPath(path) {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') ? rel : path;
}

/**
 * Read descriptions.yaml keeping the positions of its keys, so that problems can point at a line.
 * Returns the plain data and a function from a key path to `file:line:col` (the deepest key of the
 * path that exists).
 */
function readDescriptions(path) {
  let source;
  try {
    source = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${path}: ${error.message}`);
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(source, { lineCounter, uniqueKeys: true });
  const file = displayPath(path);
  if (doc.errors.length > 0) {
    const messages = doc.errors.map((error) => {
      const { line, col } = lineCounter.linePos(error.pos[0]);
      return `${file}:${line}:${col}: ${error.message.split('\n')[0]}`;
    });
    throw new Error(`descriptions.yaml is not valid YAML:\n  ${messages.join('\n  ')}`);
  }
  const locate = (keyPath) => {
    let node = doc.contents;
    let found;
    for (const key of keyPath) {
      if (!isMap(node)) break;
      const pair = node.items.find((item) => String(item.key?.value ?? item.key) === String(key));
      if (!pair) break;
      if (pair.key?.range) found = lineCounter.linePos(pair.key.range[0]);
      node = pair.value;
    }
    return found ? `${file}:${found.line}:${found.col}` : file;
  };
  const data = doc.toJS() ?? {};
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new Error(`${file}:1:1: descriptions.yaml must be a map of sections (${TOP_LEVEL_KEYS.join(', ')})`);
  }
  return { data, locate };
}

/** Keys descriptions.yaml has in places where only a fixed set is allowed. */
function checkKnownKeys(descriptions) {
  for (const key of Object.keys(descriptions)) {
    if (!TOP_LEVEL_KEYS.includes(key)) {
      fail(`unknown top-level key "${key}" in descriptions.yaml${suggestion(key, TOP_LEVEL_KEYS)}; its content would be ignored. Known keys: ${TOP_LEVEL_KEYS.join(', ')}`, [key]);
    }
  }
  for (const key of Object.keys(descriptions.info ?? {})) {
    if (!INFO_KEYS.includes(key)) fail(`unknown key "info.${key}"${suggestion(key, INFO_KEYS)}. Known keys: ${INFO_KEYS.join(', ')}`, ['info', key]);
  }
  for (const [name, entry] of Object.entries(descriptions.schemas ?? {})) {
    if (!entry || typeof entry !== 'object') {
      fail(`schemas.${name} must be a map with "description" and/or "properties"`, ['schemas', name]);
      continue;
    }
    for (const key of Object.keys(entry)) {
      if (!SCHEMA_ENTRY_KEYS.includes(key)) {
        fail(`unknown key "${key}" in schemas.${name}${suggestion(key, SCHEMA_ENTRY_KEYS)}. Known keys: ${SCHEMA_ENTRY_KEYS.join(', ')}`, ['schemas', name, key]);
      }
    }
  }
}

/** ` (did you mean "x"?)` when a known key is one or two edits away, else ''. */
function suggestion(key, known) {
  const close = known.find((candidate) => editDistance(key.toLowerCase(), candidate.toLowerCase()) <= 2);
  return close ? ` (did you mean "${close}"?)` : '';
}

function editDistance(a, b) {
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let diagonal = previous[0];
    previous[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const above = previous[j];
      previous[j] = Math.min(previous[j] + 1, previous[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length];
}

// ---------------------------------------------------------------------------------------------
// Type notation
//
//   string | integer | number | boolean | object     plain JSON Schema types
//   string(date-time), string(uri), ...              a type with a format
//   string(enum), integer(enum), boolean(enum)       an enum whose values the notation omits;
//                                                    they come from descriptions.yaml `enums`
//   any                                              no constraint at all ({})
//   $ref:name                                        a component schema
//   array<T>                                         an array of T
//   oneOf<A|B|...>, anyOf<A|B|...>                   alternatives
//   T|null                                           nullable
// ---------------------------------------------------------------------------------------------

/** Split `text` on `separator` where it is not nested inside <...> or (...). */
function splitTopLevel(text, separator) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '<' || ch === '(') depth += 1;
    else if (ch === '>' || ch === ')') depth -= 1;
    else if (ch === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
    if (depth < 0) throw new Error(`unbalanced brackets in type "${text}"`);
  }
  if (depth !== 0) throw new Error(`unbalanced brackets in type "${text}"`);
  parts.push(text.slice(start));
  return parts.map((part) => part.trim());
}

/**
 * Parse a type expression into an intermediate tree:
 *   { kind: 'any' } | { kind: 'ref', name } | { kind: 'array', items }
 *   | { kind: 'primitive', type, format?, isEnum? } | { kind: 'oneOf' | 'anyOf', options }
 * with `nullable: true` where the expression ends in `|null`.
 */
function parseType(text) {
  const source = String(text).trim();
  const parts = splitTopLevel(source, '|');
  const nonNull = parts.filter((part) => part !== 'null');
  const nullable = nonNull.length !== parts.length;
  if (nonNull.length === 0) throw new Error(`type "${source}" has nothing but null`);
  let node;
  if (nonNull.length === 1) {
    node = parseSingle(nonNull[0]);
  } else {
    node = { kind: 'oneOf', options: nonNull.map(parseSingle) };
  }
  return nullable ? { ...node, nullable: true } : node;
}

function parseSingle(text) {
  if (text === 'any') return { kind: 'any' };
  if (text.startsWith('$ref:')) {
    const name = text.slice('$ref:'.length);
    if (!/^[A-Za-z0-9_.-]+$/.test(name)) throw new Error(`bad schema reference "${text}"`);
    return { kind: 'ref', name };
  }
  const generic = /^(array|oneOf|anyOf|allOf)<(.*)>$/s.exec(text);
  if (generic) {
    const [, wrapper, inner] = generic;
    if (wrapper === 'array') return { kind: 'array', items: parseType(inner) };
    return { kind: wrapper, options: splitTopLevel(inner, '|').map(parseType) };
  }
  const primitive = /^([a-z]+)(?:\(([^()]+)\))?$/.exec(text);
  if (primitive && PRIMITIVES.has(primitive[1])) {
    const [, type, modifier] = primitive;
    if (modifier === 'enum') return { kind: 'primitive', type, isEnum: true };
    if (modifier) return { kind: 'primitive', type, format: modifier };
    return { kind: 'primitive', type };
  }
  throw new Error(`unknown type notation "${text}"`);
}

// ---------------------------------------------------------------------------------------------
// Tree -> OpenAPI schema objects
// ---------------------------------------------------------------------------------------------

function refTo(name) {
  return { $ref: `#/components/schemas/${name}` };
}

/** Stable identity for de-duplicating alternatives. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The notation flattens inline object shapes to "object", so a union such as
 * oneOf<object|object> lists identical alternatives. Identical alternatives are merged: a oneOf
 * whose alternatives all look the same would match nothing, and the merged form says exactly what
 * the notation knows.
 */
function dedupe(options) {
  const seen = new Set();
  const result = [];
  for (const option of options) {
    const key = canonical(option);
    if (!seen.has(key)) {
      seen.add(key);
      result.push(option);
    }
  }
  return result;
}

/**
 * @param node parsed type
 * @param ctx { enumKey, enums, schemaNames, where } — enumKey names the entry in `enums` that
 *            supplies values for an (enum) marker
 */
function toSchema(node, ctx) {
  let schema;
  switch (node.kind) {
    case 'any':
      schema = {};
      break;
    case 'ref':
      if (!ctx.schemaNames.has(node.name)) fail(`${ctx.where}: reference to unknown schema "${node.name}"`);
      schema = refTo(node.name);
      break;
    case 'array':
      schema = { type: 'array', items: toSchema(node.items, ctx) };
      break;
    case 'primitive': {
      schema = { type: node.type };
      if (node.format) schema.format = node.format;
      if (node.isEnum) {
        const values = ctx.enums[ctx.enumKey];
        if (Array.isArray(values) && values.length > 0) {
          ctx.usedEnums.add(ctx.enumKey);
          for (const value of values) {
            const ok =
              value === null ||
              (node.type === 'string' && typeof value === 'string') ||
              (node.type === 'boolean' && typeof value === 'boolean') ||
              ((node.type === 'integer' || node.type === 'number') && typeof value === 'number');
            if (!ok) fail(`${ctx.where}: enum value ${JSON.stringify(value)} does not fit type ${node.type}`);
          }
          schema.enum = [...values];
        } else {
          notes.push(`${ctx.enumKey}: marked (enum) but no values are known; emitted as plain ${node.type}`);
        }
      }
      break;
    }
    case 'oneOf':
    case 'anyOf':
    case 'allOf': {
      const options = dedupe(node.options.map((option) => toSchema(option, ctx)));
      schema = options.length === 1 ? options[0] : { [node.kind]: options };
      break;
    }
    default:
      throw new Error(`unhandled node kind ${node.kind}`);
  }
  if (node.nullable) schema = makeNullable(schema);
  return schema;
}

function makeNullable(schema) {
  if (schema.$ref) return { allOf: [schema], nullable: true };
  const result = { ...schema, nullable: true };
  if (Array.isArray(result.enum) && !result.enum.includes(null)) result.enum = [...result.enum, null];
  return result;
}

/** Attach a description (and other annotations) without breaking a bare $ref. */
function annotate(schema, annotations) {
  const entries = Object.entries(annotations).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return schema;
  const base = schema.$ref ? { allOf: [schema] } : { ...schema };
  const result = {};
  // Keep `description` first for readability, then the schema itself, then other annotations.
  if (annotations.description !== undefined) result.description = annotations.description;
  Object.assign(result, base);
  for (const [key, value] of entries) if (key !== 'description') result[key] = value;
  return result;
}

// ---------------------------------------------------------------------------------------------
// Descriptions
// ---------------------------------------------------------------------------------------------

function text(value) {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim().replace(/[ \t]+\n/g, '\n');
  return trimmed.length > 0 ? trimmed : undefined;
}

function checkWording(where, value) {
  if (value && /\b(TODO|TBD|FIXME|lorem ipsum)\b/i.test(value)) fail(`${where}: placeholder text "${value}"`);
}

function describeParameter(descriptions, operation, parameter) {
  const entry = descriptions.parameters?.[parameter.name];
  let value;
  if (typeof entry === 'string') value = entry;
  else if (entry && typeof entry === 'object') value = entry[operation.operationId] ?? entry.default;
  const result = text(value);
  if (!result) fail(`parameter "${parameter.name}" of ${operation.operationId} has no description`);
  return result;
}

function describeResponse(descriptions, operation, response) {
  const override = descriptions.responses?.[operation.operationId]?.[response.status];
  if (text(override)) return text(override);
  const base = text(descriptions.statusCodes?.[response.status]);
  if (!base) fail(`${operation.operationId}: descriptions.yaml has no text for status ${response.status}`);
  return base ?? '';
}

// ---------------------------------------------------------------------------------------------
// Build
// ---------------------------------------------------------------------------------------------

function infoVersion(reference) {
  if (reference.info?.version) return String(reference.info.version);
  // The reference records the version of the server build the operations were taken from.
  const where = reference.source?.ossPart?.what ?? '';
  const match = /info\.version\s+([0-9][0-9A-Za-z.+-]*)/.exec(where);
  if (!match) throw new Error('the reference names no API version (info.version or source.ossPart.what)');
  return match[1];
}

function buildSchemas(reference, descriptions, schemaNames, enums, usedEnums) {
  const schemas = {};
  const schemaDescriptions = descriptions.schemas ?? {};
  const common = descriptions.commonProperties ?? {};
  for (const entry of reference.schemas) {
    const where = `schema ${entry.name}`;
    const own = schemaDescriptions[entry.name] ?? {};
    const ownProps = own.properties ?? {};
    const ctx = { enums, usedEnums, schemaNames, where, enumKey: entry.name };
    for (const key of Object.keys(ownProps)) {
      if (!entry.properties || !(key in entry.properties)) fail(`${where}: descriptions.yaml describes unknown property "${key}"`, ['schemas', entry.name, 'properties', key]);
    }

    const schema = {};
    const description = text(own.description) ?? fallbackSchemaDescription(entry);
    checkWording(where, description);
    if (description) schema.description = description;

    const topType = entry.type;
    if (PRIMITIVES.has(topType) || topType === 'array') schema.type = topType;
    else if (topType !== 'oneOf' && topType !== 'anyOf') fail(`${where}: unknown top-level type "${topType}"`);

    if (topType === 'array') {
      if (!entry.items) fail(`${where}: array without items`);
      else schema.items = toSchema(parseType(entry.items), { ...ctx, enumKey: `${entry.name}.items` });
    }

    if (entry.properties) {
      const properties = {};
      for (const [name, type] of Object.entries(entry.properties)) {
        const propCtx = { ...ctx, where: `${where}.${name}`, enumKey: `${entry.name}.${name}` };
        let parsed;
        try {
          parsed = parseType(type);
        } catch (error) {
          fail(`${propCtx.where}: ${error.message}`);
          continue;
        }
        const propSchema = toSchema(parsed, propCtx);
        const propDescription = text(ownProps[name]) ?? commonPropertyDescription(common, name, type);
        checkWording(propCtx.where, propDescription);
        properties[name] = annotate(propSchema, { description: propDescription });
      }
      schema.properties = properties;
    }

    if (Array.isArray(entry.required) && entry.required.length > 0) {
      for (const name of entry.required) {
        if (!entry.properties || !(name in entry.properties)) fail(`${where}: required property "${name}" is not defined`);
      }
      schema.required = [...entry.required];
    }

    if (entry.additionalProperties !== undefined) {
      if (typeof entry.additionalProperties === 'boolean') schema.additionalProperties = entry.additionalProperties;
      else schema.additionalProperties = toSchema(parseType(entry.additionalProperties), { ...ctx, enumKey: `${entry.name}.additionalProperties` });
    }

    for (const combiner of ['oneOf', 'anyOf', 'allOf']) {
      if (!entry[combiner]) continue;
      let options = dedupe(entry[combiner].map((option) => toSchema(parseType(option), { ...ctx, enumKey: `${entry.name}.${combiner}` })));
      // Alternatives that add nothing to the schema's own type carry no information.
      options = options.filter((option) => {
        const keys = Object.keys(option);
        if (keys.length === 0) return false;
        return !(keys.length === 1 && option.type !== undefined && option.type === schema.type);
      });
      if (options.length > 0) schema[combiner] = options;
      else if (!schema.type && topType === combiner) schema.type = 'object';
    }

    if (entry.nullable) schema.nullable = true;
    if (entry.deprecated) schema.deprecated = true;
    if (entry.example !== undefined) schema.example = entry.example;

    schemas[entry.name] = schema;
  }
  for (const name of Object.keys(schemaDescriptions)) {
    if (!schemaNames.has(name)) fail(`descriptions.yaml describes unknown schema "${name}"`, ['schemas', name]);
  }
  return schemas;
}

function fallbackSchemaDescription(entry) {
  // Only where a plain sentence says something true and useful.
  if (entry.type === 'array' && typeof entry.items === 'string' && entry.items.startsWith('$ref:')) {
    return `A list of \`${entry.items.slice('$ref:'.length)}\` objects.`;
  }
  return undefined;
}

function commonPropertyDescription(common, name, type) {
  const entry = common[name];
  if (!entry) return undefined;
  if (typeof entry === 'string') return text(entry);
  // { when: "<exact type notation>", text: "..." } or a list of them.
  const candidates = Array.isArray(entry) ? entry : [entry];
  for (const candidate of candidates) {
    const when = candidate.when === undefined ? [] : [].concat(candidate.when);
    if (when.length === 0 || when.includes(type)) return text(candidate.text);
  }
  return undefined;
}

function buildOperation(operation, descriptions, ctxBase) {
  const where = `operation ${operation.operationId}`;
  const result = {};
  result.tags = [...operation.tags];
  if (operation.summary) result.summary = operation.summary.trim();
  const description = text(descriptions.operations?.[operation.operationId]);
  if (!description) fail(`${where} has no description`);
  checkWording(where, description);
  if (description) result.description = description;
  result.operationId = operation.operationId;

  if (operation.parameters.length > 0) {
    result.parameters = operation.parameters.map((parameter) => {
      const schema = toSchema(parseType(parameter.type), {
        ...ctxBase,
        where: `${where} parameter ${parameter.name}`,
        enumKey: `${operation.operationId}.${parameter.name}`,
      });
      const out = { name: parameter.name, in: parameter.in };
      const parameterDescription = describeParameter(descriptions, operation, parameter);
      checkWording(`${where} parameter ${parameter.name}`, parameterDescription);
      if (parameterDescription) out.description = parameterDescription;
      out.required = parameter.in === 'path' ? true : Boolean(parameter.required);
      out.schema = schema;
      return out;
    });
  }

  if (operation.requestBody) {
    const schema = toSchema(parseType(operation.requestBody), { ...ctxBase, where: `${where} request body`, enumKey: `${operation.operationId}.requestBody` });
    const contentTypes = operation.requestBodyContentTypes?.length ? operation.requestBodyContentTypes : ['application/json'];
    const content = {};
    for (const contentType of contentTypes) content[contentType] = { schema };
    const requestBody = {};
    const bodyDescription = text(descriptions.requestBodies?.[operation.operationId]);
    if (bodyDescription) requestBody.description = bodyDescription;
    requestBody.required = operation.requestBodyRequired !== false;
    requestBody.content = content;
    result.requestBody = requestBody;
  }

  const responses = {};
  for (const response of operation.responses) {
    const out = { description: describeResponse(descriptions, operation, response) };
    if (response.schema) {
      const schema = toSchema(parseType(response.schema), { ...ctxBase, where: `${where} response ${response.status}`, enumKey: `${operation.operationId}.${response.status}` });
      const contentTypes = response.contentTypes?.length ? response.contentTypes : ['application/json'];
      out.content = {};
      for (const contentType of contentTypes) out.content[contentType] = { schema };
    }
    if (responses[response.status]) fail(`${where}: duplicate response ${response.status}`);
    responses[response.status] = out;
  }
  result.responses = responses;

  if (operation.deprecated) result.deprecated = true;
  if (UNAUTHENTICATED_OPERATIONS.has(operation.operationId)) result.security = [];
  return result;
}

function build(reference, descriptions) {
  const schemaNames = new Set(reference.schemas.map((schema) => schema.name));
  const enums = descriptions.enums ?? {};
  const usedEnums = new Set();
  const ctxBase = { enums, usedEnums, schemaNames };

  // Tags
  const tagNames = new Set();
  const tags = reference.tags.map((tag) => {
    if (tagNames.has(tag.name)) fail(`duplicate tag "${tag.name}"`);
    tagNames.add(tag.name);
    const description = text(descriptions.tags?.[tag.name]);
    if (!description) fail(`tag "${tag.name}" has no description`);
    checkWording(`tag ${tag.name}`, description);
    return description ? { name: tag.name, description } : { name: tag.name };
  });
  for (const name of Object.keys(descriptions.tags ?? {})) {
    if (!tagNames.has(name)) fail(`descriptions.yaml describes unknown tag "${name}"`, ['tags', name]);
  }

  // Paths
  const paths = {};
  const operationIds = new Set();
  for (const operation of reference.operations) {
    if (operationIds.has(operation.operationId)) fail(`duplicate operationId "${operation.operationId}"`);
    operationIds.add(operation.operationId);
    for (const tag of operation.tags) if (!tagNames.has(tag)) fail(`${operation.operationId}: unknown tag "${tag}"`);
    const method = operation.method.toLowerCase();
    if (!METHOD_ORDER.includes(method)) fail(`${operation.operationId}: unknown method ${operation.method}`);
    paths[operation.path] ??= {};
    if (paths[operation.path][method]) fail(`${operation.operationId}: ${operation.method} ${operation.path} is defined twice`);
    paths[operation.path][method] = buildOperation(operation, descriptions, ctxBase);
  }
  for (const path of Object.keys(paths)) {
    const sorted = {};
    for (const method of METHOD_ORDER) if (paths[path][method]) sorted[method] = paths[path][method];
    paths[path] = sorted;
  }
  for (const id of Object.keys(descriptions.operations ?? {})) {
    if (!operationIds.has(id)) fail(`descriptions.yaml describes unknown operation "${id}"`, ['operations', id]);
  }
  // Per-operation overrides must name real operations (and, for responses, statuses they have).
  const operationsById = new Map(reference.operations.map((operation) => [operation.operationId, operation]));
  for (const [id, statuses] of Object.entries(descriptions.responses ?? {})) {
    const operation = operationsById.get(id);
    if (!operation) {
      fail(`descriptions.yaml has responses for unknown operation "${id}"`, ['responses', id]);
      continue;
    }
    const known = new Set((operation.responses ?? []).map((response) => String(response.status)));
    for (const status of Object.keys(statuses ?? {})) {
      if (!known.has(String(status))) fail(`descriptions.yaml describes status ${status} of ${id}, which has no such response`, ['responses', id, status]);
    }
  }
  for (const id of Object.keys(descriptions.requestBodies ?? {})) {
    if (!operationsById.has(id)) fail(`descriptions.yaml has a request body text for unknown operation "${id}"`, ['requestBodies', id]);
  }

  const schemas = buildSchemas(reference, descriptions, schemaNames, enums, usedEnums);

  for (const key of Object.keys(enums)) {
    if (!usedEnums.has(key)) fail(`descriptions.yaml lists enum values for "${key}", which is not an (enum) in the reference`, ['enums', key]);
  }

  // Security schemes: the reference names them; the descriptions are ours.
  const securitySchemes = {};
  const referenceSchemes = reference.info?.securitySchemes ?? {
    apiKey: { type: 'apiKey', in: 'header', name: 'Authorization' },
  };
  for (const [name, scheme] of Object.entries(referenceSchemes)) {
    const out = {};
    const description = text(descriptions.securitySchemes?.[name]);
    if (description) out.description = description;
    Object.assign(out, scheme);
    securitySchemes[name] = out;
  }
  if (!securitySchemes.apiKey) fail('no apiKey security scheme');
  const security = reference.info?.security ?? [{ apiKey: [] }];

  const infoDescription = text(descriptions.info?.description);
  if (!infoDescription) fail('descriptions.yaml has no info.description');

  return {
    openapi: '3.0.3',
    info: {
      title: reference.info?.title ?? 'Unleash API',
      version: infoVersion(reference),
      description: infoDescription,
      license: { name: 'Apache 2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0.html' },
    },
    servers: [
      {
        url: SERVER_URL,
        description: text(descriptions.info?.serverDescription) ?? 'Replace with the address of your Unleash instance.',
      },
    ],
    security: security.map((requirement) => ({ ...requirement })),
    tags,
    paths,
    components: {
      securitySchemes,
      schemas,
    },
  };
}

function main() {
  const reference = readJson(referencePath);
  let descriptions;
  try {
    const read = readDescriptions(descriptionsPath);
    descriptions = read.data;
    locateInDescriptions = read.locate;
  } catch (error) {
    console.error(`generate-openapi: ${error.message}`);
    process.exit(1);
  }
  for (const key of ['tags', 'operations', 'schemas']) {
    if (!Array.isArray(reference[key])) throw new Error(`${referencePath}: "${key}" is missing or not a list`);
  }

  checkKnownKeys(descriptions);
  const doc = build(reference, descriptions);

  if (problems.length > 0) {
    console.error(`generate-openapi: ${problems.length} problem(s):`);
    for (const problem of problems) console.error(`  - ${problem}`);
    process.exit(1);
  }

  const output = `${JSON.stringify(doc, null, 2)}\n`;
  if (cli.check) {
    const current = existsSync(outputPath) ? readFileSync(outputPath, 'utf8') : undefined;
    if (current === output) {
      console.log(`generate-openapi: ${displayPath(outputPath)} is up to date`);
      return;
    }
    console.error(
      current === undefined
        ? `generate-openapi: ${displayPath(outputPath)} does not exist; run node scripts/generate-openapi.mjs`
        : `generate-openapi: ${displayPath(outputPath)} is stale: it differs from what ${displayPath(descriptionsPath)} and the reference generate (first difference at line ${firstDifferentLine(current, output)}); run node scripts/generate-openapi.mjs and commit the result`,
    );
    process.exit(1);
  }
  mkdirSync(dirname(outputPath), { recursive: true });
  const temporary = `${outputPath}.tmp-${process.pid}`;
  writeFileSync(temporary, output);
  renameSync(temporary, outputPath);

  const operationCount = Object.values(doc.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
  console.log(`generate-openapi: wrote ${outputPath} (${operationCount} operations, ${Object.keys(doc.components.schemas).length} schemas, ${doc.tags.length} tags, ${output.length} bytes)`);
  if (process.env.OPENAPI_VERBOSE) for (const note of notes) console.log(`  note: ${note}`);
}

function firstDifferentLine(a, b) {
  const left = a.split('\n');
  const right = b.split('\n');
  for (let i = 0; i < Math.max(left.length, right.length); i += 1) if (left[i] !== right[i]) return i + 1;
  return 1;
}

main();
