import { describe, expect, it } from 'vitest';
import type { ElementContent } from 'hast';
import { expandedSize, kebabCase, operationIdFrom, type LoadedApi } from '../../src/compiler/collect-openapi.ts';
import { buildApiPages, exampleFromSchema } from '../../src/compiler/openapi-pages.ts';
import type { OpenApiSchema } from '../../src/compiler/openapi-types.ts';

describe('OpenAPI slugs', () => {
  it('kebab-cases operation ids the way the Unleash routes are spelled', () => {
    expect(kebabCase('addAccessToProject')).toBe('add-access-to-project');
    expect(kebabCase('validateUserPassword')).toBe('validate-user-password');
    expect(kebabCase('getAPIToken')).toBe('get-api-token');
    expect(kebabCase('importToggles')).toBe('import-toggles');
    expect(kebabCase('get-thing')).toBe('get-thing');
    expect(kebabCase('getOidcSettings2')).toBe('get-oidc-settings2');
  });

  it('derives an operation id from method and path when there is none', () => {
    expect(operationIdFrom('get', '/api/admin/projects/{projectId}/features')).toBe('getApiAdminProjectsProjectIdFeatures');
    expect(kebabCase(operationIdFrom('delete', '/health'))).toBe('delete-health');
  });
});

describe('examples generated from schemas', () => {
  const schemas: Record<string, OpenApiSchema> = {
    node: { type: 'object', properties: { name: { type: 'string', example: 'root' }, children: { type: 'array', items: { $ref: '#/components/schemas/node' } } } },
  };
  const ctx = {
    resolve<T extends { $ref?: string }>(value: T) {
      if (!value.$ref) return { value };
      const name = value.$ref.split('/').pop()!;
      return { value: schemas[name] as unknown as T, name };
    },
  };

  it('uses examples, defaults and enums, and types otherwise', () => {
    const schema: OpenApiSchema = {
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 1 },
        kind: { type: 'string', enum: ['cat', 'dog'] },
        limit: { type: 'integer', default: 20 },
        at: { type: 'string', format: 'date-time' },
        ok: { type: 'boolean' },
        label: { type: 'string', example: 'fluffy' },
      },
    };
    expect(exampleFromSchema(schema, ctx, [], 0)).toEqual({ id: 1, kind: 'cat', limit: 20, at: '2024-01-01T12:00:00.000Z', ok: true, label: 'fluffy' });
  });

  it('stops at circular references instead of recursing forever', () => {
    expect(exampleFromSchema({ $ref: '#/components/schemas/node' }, ctx, [], 0)).toEqual({ name: 'root', children: [] });
  });
});

describe('expandedSize: what the validator would walk', () => {
  const fan = (width: number, levels: number) => ({
    components: {
      schemas: Object.fromEntries(
        Array.from({ length: levels }, (_, l) => [`s${l}`, { properties: Object.fromEntries(Array.from({ length: width }, (_, i) => [`f${i}`, l === levels - 1 ? { type: 'string' } : { $ref: `#/components/schemas/s${l + 1}` }])) }]),
      ),
    },
    paths: { '/x': { get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/s0' } } } } } } } },
  });

  it('counts a shared schema once per place it is used, in time linear in the document', () => {
    expect(expandedSize(fan(10, 3), Infinity)).toBeGreaterThan(1000);
    expect(expandedSize(fan(10, 9), 2_000_000)).toBeGreaterThan(2_000_000);
  });

  it('counts a schema that refers to itself once', () => {
    const doc = { components: { schemas: { node: { properties: { children: { type: 'array', items: { $ref: '#/components/schemas/node' } } } } } } };
    expect(expandedSize(doc, Infinity)).toBeLessThan(20);
  });
});

describe('API pages', () => {
  const highlight = (code: string): ElementContent[] => [{ type: 'element', tagName: 'pre', properties: {}, children: [{ type: 'text', value: code }] }];
  const api: LoadedApi = {
    source: { id: 'pets', spec: 'pets.json', route: '/api' },
    file: 'pets.json',
    diagnostics: [],
    doc: {
      openapi: '3.0.3',
      info: { title: 'Pets', version: '1 <beta>', description: 'About.' },
      servers: [{ url: 'https://pets.example/?a=1&b=2', description: 'The first.\n\nThe second, *in* full.' }],
      tags: [{ name: 'Cats & <Dogs>', description: 'Animals.' }],
      paths: {},
    },
    operations: [{ slug: 'list-pets', operationId: 'listPets', method: 'get', path: '/pets/{id}', tags: ['Cats & <Dogs>'], op: { summary: 'List `<pets>`', responses: {} } }],
  };
  const pages = buildApiPages(api, '/', highlight);
  const html = (route: string) => pages.pages.find((p) => p.route === route)!.prebuilt!.html;

  it('escapes what the document says, in text and in attributes', () => {
    const index = html('/api');
    expect(index).toContain('<h2 id="cats--dogs">Cats &#x26; &#x3C;Dogs></h2>');
    expect(index).toContain('<p>Version 1 &#x3C;beta> · 1 operations in 1 groups.');
    expect(html('/api/list-pets')).toContain('<h1 id="list-pets">List <code>&#x3C;pets></code></h1>');
    expect(html('/api/pets')).toContain('<code>https://pets.example/?a=1&#x26;b=2</code>');
  });

  it('keeps a server description of several paragraphs whole', () => {
    expect(html('/api/pets')).toContain('<li><code>https://pets.example/?a=1&#x26;b=2</code>: <p>The first.</p>\n<p>The second, <em>in</em> full.</p></li>');
  });
});
