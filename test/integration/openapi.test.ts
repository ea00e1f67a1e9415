// The OpenAPI stage end to end: a small document with refs, a cycle, oneOf/allOf, a deprecated
// operation and one without an operationId; and the ways a document can be wrong.
import { existsSync, readFileSync, readdirSync, cpSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, runCli, snapshotTree, tempDir } from '../helpers/run.ts';

const site = tempDir('docsgen-openapi-');
const out = path.join(site, 'build');
let stderr = '';

beforeAll(() => {
  cpSync(fixture('openapi-site'), site, { recursive: true });
  const r = runCli(['build'], site);
  stderr = r.stderr;
  expect(r.status).toBe(0);
});

const html = (route: string) => readFileSync(path.join(out, route.slice(1), 'index.html'), 'utf8');

/** The code blocks of a page: their text as a reader copies it, and whether shiki coloured them. */
function codeBlocks(page: string): { text: string; highlighted: boolean }[] {
  const entities: Record<string, string> = { '&quot;': '"', '&#x27;': "'", '&lt;': '<', '&gt;': '>', '&amp;': '&' };
  return [...page.matchAll(/<pre[^>]*><code>([\s\S]*?)<\/code><\/pre>/g)].map(([, code]) => ({
    text: code.replace(/<[^>]+>/g, '').replace(/&quot;|&#x27;|&lt;|&gt;|&amp;/g, (e) => entities[e]),
    highlighted: /style="color:var\(--code-token-/.test(code),
  }));
}

describe('OpenAPI pages', () => {
  it('makes one page per operation at the kebab-cased operationId, and an index', () => {
    for (const slug of ['list-pets', 'create-pet', 'delete-pet', 'get-health', 'get-api-owners-owner-id-pets']) {
      expect(existsSync(path.join(out, 'reference/api/pets', slug, 'index.html')), slug).toBe(true);
    }
    expect(existsSync(path.join(out, 'reference/api/pets/index.html'))).toBe(true);
  });

  it('warns about an operation without an operationId', () => {
    expect(stderr).toContain('content/openapi/pets.json  warning: GET /api/owners/{ownerId}/pets has no operationId; using "getApiOwnersOwnerIdPets"');
  });

  it('shows method, path, description, authorization and parameters by location', () => {
    const page = html('/reference/api/pets/list-pets');
    expect(page).toContain('<span class="api-method api-method-get">GET</span> <code class="api-path">/api/pets</code>');
    expect(page).toContain('Returns all pets, newest first.');
    expect(page).toMatch(/<h2 id="authorization">Authorization<\/h2>\s*<p>Send an API token in the <code>Authorization<\/code> header/);
    expect(page).toContain('<h3 id="query-parameters">Query parameters</h3>');
    expect(page).toMatch(/<code>limit<\/code><\/td><td>integer<\/td><td>no<\/td><td><code>20<\/code><\/td>/);
    expect(page).toMatch(/<code>kind<\/code>.*<code>cat<\/code>, <code>dog<\/code>/);
    expect(html('/reference/api/pets/get-health')).toContain('This operation needs no authorization.');
  });

  it('shows the request body schema as a collapsible tree with required marks, enums, oneOf and allOf', () => {
    const create = html('/reference/api/pets/create-pet');
    expect(create).toContain('<strong>Required.</strong> Content type: <code>application/json</code>');
    expect(create).toMatch(/<details class="schema-node" open><summary><span class="schema-type">createPet<\/span>/);
    // allOf merges the properties of both parts.
    expect(create).toMatch(/<code class="schema-name">label<\/code>/);
    expect(create).toMatch(/<code class="schema-name">name<\/code> <span class="schema-type">string<\/span> <span class="schema-required">required<\/span>/);
    const list = html('/reference/api/pets/list-pets');
    expect(list).toContain('one of, option 2');
    expect(list).toMatch(/<code class="schema-name">kind<\/code> <span class="schema-type">string<\/span>  <span class="schema-flag">nullable<\/span>/);
  });

  it('stops at circular references', () => {
    const list = html('/reference/api/pets/list-pets');
    expect(list).toContain('circular: see pet above');
  });

  it('shows responses by status with an example, given or generated', () => {
    const create = html('/reference/api/pets/create-pet');
    expect(create).toContain('<h3 id="response-201">201: Created.</h3>');
    expect(codeBlocks(create).some((b) => b.text.includes('"name": "Rex"') && b.highlighted)).toBe(true);
    const list = html('/reference/api/pets/list-pets');
    expect(list).toContain('<h3 id="response-401">401: No valid token.</h3>');
    expect(list).toContain('<div class="code-title">Example response</div>');
    expect(codeBlocks(list).some((b) => b.text.includes('"id": 0'))).toBe(true);
  });

  it('marks deprecated operations', () => {
    expect(html('/reference/api/pets/delete-pet')).toMatch(/admonition-caution[\s\S]*Deprecated/);
  });

  it('has request samples in curl, JavaScript, Python and Go as grouped tabs, with path values filled in', () => {
    const page = html('/reference/api/pets/delete-pet');
    expect(page).toContain('data-group="api-sample-language"');
    expect(page.match(/role="tab"/g)).toHaveLength(4);
    for (const label of ['curl', 'JavaScript', 'Python', 'Go']) expect(page).toContain(`data-value="${label}" class="tabs-tab">${label}</button>`);
    const samples = codeBlocks(page.slice(page.indexOf('data-group="api-sample-language"')));
    expect(samples.map((b) => b.text.split('\n')[0])).toEqual([
      'curl -X DELETE "$API_URL/api/pets/7" \\',
      'const response = await fetch(`${process.env.API_URL}/api/pets/7`, {',
      'import os',
      'package main',
    ]);
    expect(samples[2].text).toContain('requests.delete(');
    expect(samples[3].text).toContain('http.NewRequest("DELETE"');
    // Highlighted at build time, like fenced code in markdown.
    expect(samples.map((b) => b.highlighted)).toEqual([true, true, true, true]);
    const create = html('/reference/api/pets/create-pet');
    expect(codeBlocks(create).some((b) => b.text.includes("--data '{"))).toBe(true);
  });

  it('lists operations by tag on the index, with method and path', () => {
    const index = html('/reference/api/pets');
    expect(index).toMatch(/<h2 id="pets">Pets<\/h2>[\s\S]*Everything about pets[\s\S]*<a href="\/reference\/api\/pets\/create-pet">Create a pet<\/a>/);
    // A narrow column wraps a path after a slash, never inside a segment.
    expect(index).toMatch(/<h2 id="owners">Owners<\/h2>[\s\S]*<code>\/<wbr>api\/<wbr>owners\/<wbr>\{ownerId\}\/<wbr>pets<\/code>/);
  });

  it('adds an API category per tag to the sidebar, operations in alphabetical order', () => {
    const chunk = JSON.parse(readFileSync(path.join(out, '_data/reference/api/pets/list-pets.json'), 'utf8'));
    const sidebar = JSON.parse(readFileSync(path.join(out, chunk.sidebar.file), 'utf8'));
    const api = sidebar.items.find((i: { label: string }) => i.label === 'API reference');
    expect(api.route).toBe('/reference/api/pets');
    expect(api.items.map((c: { label: string }) => c.label)).toEqual(['Introduction', 'Pets', 'Owners', 'Other']);
    expect(api.items[0].route).toBe('/reference/api/pets/pet-store-api');
    expect(api.items[1].route).toBe('/reference/api/pets/pets');
    expect(api.items[1].items.map((d: { label: string }) => d.label)).toEqual(['Create a pet', 'Delete a pet', 'List pets']);
  });

  it('makes a page per tag, at the kebab-cased tag name, listing its operations', () => {
    const pets = html('/reference/api/pets/pets');
    const content = pets.slice(pets.indexOf('<div class="markdown"'), pets.indexOf('</article>'));
    expect(pets).toContain('<title>Pets');
    expect(pets).toContain('Everything about pets.');
    expect(content).toContain('<a href="/reference/api/pets/list-pets">List pets</a>');
    expect(content).not.toContain('/reference/api/pets/get-api-owners-owner-id-pets"');
    expect(html('/reference/api/pets/owners')).toContain('<a href="/reference/api/pets/get-api-owners-owner-id-pets">');
  });

  it('makes an introduction page with the description, base URL and authentication schemes', () => {
    const intro = html('/reference/api/pets/pet-store-api');
    expect(intro).toContain('Manage <strong>pets</strong> and their owners.');
    expect(intro).toMatch(/<h2 id="authentication">Authentication<\/h2>[\s\S]*<code>apiKey<\/code><\/td><td>Authorization header<\/td>/);
    expect(intro).toMatch(/<a href="\/reference\/api\/pets\/pets">Pets<\/a> \(3\): Everything about pets\./);
    expect(html('/reference/api/pets')).toContain('The <a href="/reference/api/pets/pet-store-api">introduction</a>');
    // The two pages are told apart: the index has a title of its own.
    expect(html('/reference/api/pets')).toContain('<title>Pet Store API reference');
    expect(intro).toContain('<title>Pet Store API |');
  });

  it('lets markdown pages link to operation pages and their anchors', () => {
    expect(html('/')).toContain('href="/reference/api/pets/list-pets#responses"');
  });
});

describe('a hostile OpenAPI document', () => {
  it('builds with schemas that refer to themselves, fan out, or link to scripts', () => {
    const dir = tempDir('docsgen-openapi-hostile-');
    cpSync(fixture('openapi-site'), dir, { recursive: true });
    const spec = path.join(dir, 'content/openapi/pets.json');
    const doc = JSON.parse(readFileSync(spec, 'utf8'));
    const schemas = doc.components.schemas;
    // Through allOf and through array items, each its own loop; then ten fields of ten fields… five deep.
    schemas.loopA = { allOf: [{ $ref: '#/components/schemas/loopA' }], properties: { a: { type: 'string' } } };
    schemas.loopB = { type: 'array', items: { $ref: '#/components/schemas/loopB' } };
    const fanOut = (levels: number) => {
      for (let level = 0; level < levels; level++) {
        schemas[`fan${level}`] = {
          type: 'object',
          properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}`, level === levels - 1 ? { type: 'string' } : { $ref: `#/components/schemas/fan${level + 1}` }])),
        };
      }
    };
    fanOut(5);
    schemas.pet.properties.loopA = { $ref: '#/components/schemas/loopA' };
    schemas.pet.properties.loopB = { $ref: '#/components/schemas/loopB' };
    schemas.pet.properties.fan = { $ref: '#/components/schemas/fan0' };
    doc.paths['/api/pets'].get.description = 'See [the docs](javascript:alert(document.domain)).';
    writeFileSync(spec, JSON.stringify(doc));
    const r = runCli(['build', '--out', 'out', '--no-cache'], dir);
    expect(r.stderr).not.toMatch(/internal error|call stack/);
    expect(r.status).toBe(0);
    const page = readFileSync(path.join(dir, 'out/reference/api/pets/list-pets/index.html'), 'utf8');
    expect(page).toContain('the docs');
    expect(page).not.toContain('javascript:');
    // 10^5 leaves are in that schema: the page shows a bounded part of it.
    expect(page.length).toBeLessThan(2_000_000);
    // Nine levels would take the validator minutes: refused before it runs.
    fanOut(9);
    writeFileSync(spec, JSON.stringify(doc));
    const refused = runCli(['build', '--out', 'out', '--no-cache'], dir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("content/openapi/pets.json  the document's $refs expand it to more than 2,000,000 values");
  });
});

describe('OpenAPI pages kept between builds', () => {
  it('reuses them while the document is unchanged, and makes them again when it changes', () => {
    const dir = tempDir('docsgen-openapi-cache-');
    cpSync(fixture('openapi-site'), dir, { recursive: true });
    expect(runCli(['build', '--out', 'first'], dir).status).toBe(0);
    const entry = readdirSync(path.join(dir, '.docsgen-cache')).find((f) => /^openapi-pets-[0-9a-f]{8}-[0-9a-f]+\.v8$/.test(f));
    expect(entry).toBeDefined();
    // From the cache, the site is the same as one built without it.
    expect(runCli(['build', '--out', 'cached'], dir).status).toBe(0);
    expect(runCli(['build', '--no-cache', '--out', 'uncached'], dir).status).toBe(0);
    expect(snapshotTree(path.join(dir, 'cached'))).toEqual(snapshotTree(path.join(dir, 'uncached')));
    // An entry that is not V8's serialization (cut short, or never one) is made again, not taken.
    const kept = path.join(dir, '.docsgen-cache', entry!);
    for (const [i, bytes] of [readFileSync(kept).subarray(0, 100), Buffer.from('{"key":"x","value":{}}')].entries()) {
      writeFileSync(kept, bytes);
      const again = runCli(['build', '--out', `from-bad-entry-${i}`], dir);
      expect(again.status, again.stderr).toBe(0);
      expect(snapshotTree(path.join(dir, `from-bad-entry-${i}`))).toEqual(snapshotTree(path.join(dir, 'uncached')));
      expect(readFileSync(kept).length).toBeGreaterThan(1000);
    }
    // An edit to the document shows.
    const spec = path.join(dir, 'content/openapi/pets.json');
    const good = readFileSync(spec, 'utf8');
    writeFileSync(spec, good.replace('"summary": "List pets"', '"summary": "List every pet"'));
    expect(runCli(['build', '--out', 'edited'], dir).status).toBe(0);
    expect(readFileSync(path.join(dir, 'edited/reference/api/pets/list-pets/index.html'), 'utf8')).toContain('List every pet');
    // And an invalid one is reported, however valid the cached one was.
    writeFileSync(spec, good.replace('"in": "query"', '"in": "nowhere"'));
    const r = runCli(['build', '--out', 'broken'], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('invalid OpenAPI document at #/paths');
  });

  it('keeps apart sources whose ids read the same as file names', () => {
    const dir = tempDir('docsgen-openapi-ids-');
    cpSync(fixture('openapi-site'), dir, { recursive: true });
    const config = path.join(dir, 'site/docsgen.config.ts');
    const sources = ['pets.v1', 'pets_v1'].map((id, i) => `{ id: '${id}', spec: '../content/openapi/pets.json', route: '/reference/api/pets${i ? '-again' : ''}' }`);
    writeFileSync(config, readFileSync(config, 'utf8').replace(/openapi: \[.*\]/, `openapi: [${sources.join(', ')}]`));
    const cached = () => {
      const files = readdirSync(path.join(dir, '.docsgen-cache')).filter((f) => f.startsWith('openapi-'));
      return new Map(files.map((f) => [f, statSync(path.join(dir, '.docsgen-cache', f)).mtimeMs]));
    };
    expect(runCli(['build', '--out', 'first'], dir).status).toBe(0);
    const first = cached();
    expect(first.size).toBe(2);
    // Both are read back, neither made (and written) again.
    expect(runCli(['build', '--out', 'second'], dir).status).toBe(0);
    expect(cached()).toEqual(first);
  });
});

describe('bad OpenAPI input', () => {
  it('fails on an invalid document with the file, line and JSON pointer', () => {
    const r = runCli(['build', '--no-cache', '--out', path.join(tempDir(), 'o')], fixture('bad-openapi'));
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('content/openapi/bad.json:8:45  invalid OpenAPI document at #/paths/~1a/get/parameters/0/in: must be equal to one of the allowed values');
  });

  it('fails when two operations get the same slug, naming both', () => {
    // In a copy: a build leaves its cache in the project folder, and the fixture is part of the source tree.
    const dir = tempDir('docsgen-duplicate-operation-');
    cpSync(fixture('duplicate-operation'), dir, { recursive: true });
    const r = runCli(['build', '--out', path.join(dir, 'o')], dir);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('operations GET /a ("getThing") and GET /b ("get-thing") have the same page slug "get-thing"');
  });

  function withSpec(spec: string, snapshot?: string) {
    const dir = tempDir('docsgen-openapi-src-');
    cpSync(fixture('openapi-site'), dir, { recursive: true });
    const config = path.join(dir, 'site/docsgen.config.ts');
    const source = `{ id: 'pets', spec: ${JSON.stringify(spec)}, route: '/reference/api/pets', sidebar: 'docs'${snapshot ? `, snapshot: ${JSON.stringify(snapshot)}` : ''} }`;
    writeFileSync(config, readFileSync(config, 'utf8').replace(/openapi: \[.*\]/, `openapi: [${source}]`));
    return runCli(['build', '--out', path.join(dir, 'o')], dir);
  }

  it('fails clearly when the file is missing', () => {
    const r = withSpec('../content/openapi/nope.json');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('content/openapi/nope.json  OpenAPI document not found (openapi source "pets")');
  });

  it('fails clearly when a URL cannot be fetched and there is no snapshot', () => {
    const r = withSpec('http://127.0.0.1:9/openapi.json');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('http://127.0.0.1:9/openapi.json  could not fetch the OpenAPI document');
    expect(r.stderr).toContain('add "snapshot" to openapi source "pets" to build offline');
  });

  it('uses the committed snapshot with a warning when the URL cannot be fetched', () => {
    const r = withSpec('http://127.0.0.1:9/openapi.json', '../content/openapi/pets.json');
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('could not fetch http://127.0.0.1:9/openapi.json');
    expect(r.stderr).toContain('using the committed snapshot');
  });
});
