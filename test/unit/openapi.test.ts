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
        Array.from({ length: levels }, (_, l) => [
          `s${l}`,
          { properties: Object.fromEntries(Array.from({ length: width }, (_, i) => [`f${i}`, l === levels - 1 ? { type: 'string' } : { $ref: `#/components/schemas/s${l + 1}` }])) },
        ]),
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

  it('names the base URL, the token and the server in the request samples as the config says, neutrally by default', () => {
    const secured: LoadedApi = { ...api, doc: { ...api.doc, security: [{ key: [] }] } };
    const sampleText = (pages: ReturnType<typeof buildApiPages>) =>
      pages.pages
        .find((p) => p.route === '/api/list-pets')!
        .prebuilt!.html.match(/<pre>[^<]*<\/pre>/g)!
        .slice(1)
        .join('\n');
    const neutral = sampleText(buildApiPages(secured, '/', highlight));
    expect(neutral).toContain('curl -X GET "$API_URL/pets/&#x3C;id>" \\\n  -H "Authorization: $API_TOKEN"');
    expect(neutral).toContain('Authorization: process.env.API_TOKEN,');
    expect(neutral).toContain('throw new Error(`The server answered ${response.status}`)');
    const named = sampleText(
      buildApiPages({ ...secured, source: { ...secured.source, samples: { urlVariable: 'PETS_URL', tokenVariable: 'PETS_TOKEN', serverName: 'Pets `${x}`' } } }, '/', highlight),
    );
    expect(named).toContain('curl -X GET "$PETS_URL/pets/&#x3C;id>" \\\n  -H "Authorization: $PETS_TOKEN"');
    expect(named).toContain('f"{os.environ[\'PETS_URL\']}/pets/&#x3C;id>",\n    headers={"Authorization": os.environ["PETS_TOKEN"]}');
    expect(named).toContain('os.Getenv("PETS_URL")');
    expect(named).toContain('req.Header.Set("Authorization", os.Getenv("PETS_TOKEN"))');
    expect(named).toContain('throw new Error(`Pets \\`\\${x}\\` answered ${response.status}`)');
    expect(named).not.toMatch(/API_URL|API_TOKEN/);
  });

  it('tells which token an operation needs from the first hint whose prefix starts its path, and nothing without one', () => {
    const secured: LoadedApi = { ...api, doc: { ...api.doc, security: [{ key: [] }] } };
    const said = (tokenHints?: { pathPrefix: string; hint: string }[]) =>
      buildApiPages({ ...secured, source: { ...secured.source, tokenHints } }, '/', highlight)
        .pages.find((p) => p.route === '/api/list-pets')!
        .prebuilt!.html.match(/<p>Send an API token[^\n]*?<\/p>/)![0];
    expect(said()).toBe('<p>Send an API token in the <code>Authorization</code> header.</p>');
    expect(
      said([
        { pathPrefix: '/users', hint: 'No.' },
        { pathPrefix: '/pets', hint: 'A pet token.' },
        { pathPrefix: '/', hint: 'Any token.' },
      ]),
    ).toBe('<p>Send an API token in the <code>Authorization</code> header. A pet token.</p>');
  });

  it("names the token in an operation's samples as its hint says, else as the samples do", () => {
    const secured: LoadedApi = { ...api, doc: { ...api.doc, security: [{ key: [] }] } };
    const samples = (tokenHints: { pathPrefix: string; hint: string; tokenVariable?: string }[]) =>
      buildApiPages({ ...secured, source: { ...secured.source, samples: { tokenVariable: 'ANY_TOKEN' }, tokenHints } }, '/', highlight).pages.find((p) => p.route === '/api/list-pets')!.prebuilt!.html;
    const pet = samples([
      { pathPrefix: '/pets', hint: 'A pet token.', tokenVariable: 'PET_TOKEN' },
      { pathPrefix: '/', hint: 'Any.', tokenVariable: 'ROOT_TOKEN' },
    ]);
    expect(pet).toContain('-H "Authorization: $PET_TOKEN"');
    expect(pet).not.toMatch(/ANY_TOKEN|ROOT_TOKEN/);
    expect(samples([{ pathPrefix: '/pets', hint: 'A pet token.' }])).toContain('-H "Authorization: $ANY_TOKEN"');
  });

  it('keeps a server description of several paragraphs whole', () => {
    expect(html('/api/pets')).toContain('<li><code>https://pets.example/?a=1&#x26;b=2</code>: <p>The first.</p>\n<p>The second, <em>in</em> full.</p></li>');
  });
});
