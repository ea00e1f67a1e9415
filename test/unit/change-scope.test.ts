// --changed-since finds the pages linking to a changed page by scanning their markdown's link
// destinations for its names, before transforming them: the scan must never miss a real linker.
// (On the Unleash site: 1312 linker pairs, none missed, 11 candidates a page for 6 linkers.)
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Site } from '../../src/compiler/site.ts';
import { transformPages } from '../../src/compiler/transform-markdown.ts';
import { DOTS_ONLY, fileNeedles, linkDestinations } from '../../src/compiler/change-scope.ts';
import { normaliseRoute } from '../../src/shared/routes.ts';
import { fixture } from '../helpers/run.ts';

describe('the linker scan of --changed-since', () => {
  it('finds, for every page of a fixture, every page that links to it', async () => {
    const state = await new Site({ config: path.join(fixture('good-site'), 'site/docsgen.config.ts'), cacheDir: false }).state();
    const { site } = state;
    const transformed = await transformPages(site.pages, state.context);
    const pages = site.pages.filter((p) => !p.prebuilt);
    let pairs = 0;
    for (const target of pages) {
      const needles = fileNeedles(target.file, target.route);
      const candidates = pages.filter((p) => linkDestinations(p.body).some((d) => DOTS_ONLY.test(d) || needles.some((n) => d.includes(n))));
      for (const p of pages) {
        const links = transformed.get(p.id)!.links;
        if (p === target || !links.some((l) => l.route !== undefined && normaliseRoute(l.route) === target.route)) continue;
        pairs++;
        expect(
          candidates.map((c) => c.relPath),
          `${p.relPath} links to ${target.route}`,
        ).toContain(p.relPath);
      }
    }
    expect(pairs).toBeGreaterThan(3);
  });

  it('reads inline links, images and definitions, decoded, and knows a link with no name in it', () => {
    const body = 'See [a](../Guide%20One.md#x "t"), ![i](<./img/p.png>)\n\n[ref]: /Reference/Config#options\n\n[up](./) and [root](/).\n';
    expect(linkDestinations(body)).toEqual(['../guide one.md#x', './img/p.png', './', '/', '/reference/config#options']);
    expect(['./', '../', '/', '.', './#part'].every((d) => DOTS_ONLY.test(d))).toBe(true);
    expect(DOTS_ONLY.test('./guide')).toBe(false);
  });

  it('names a page by its file, number prefix stripped, route, id and slug; an index page by index and readme', () => {
    expect(fileNeedles('/d/docs/02-setup.md', '/guides/setup-now', '---\nid: the-id\nslug: /x/y-slug/\n---\n')).toEqual(['02-setup', 'setup', 'setup-now', 'the-id', 'y-slug']);
    expect(fileNeedles('/d/docs/guides/index.md', '/guides', '# Guides\n')).toEqual(['index', 'index', 'guides', 'index', 'readme']);
    expect(fileNeedles('/d/docs/img/Logo.PNG', undefined)).toEqual(['logo.png']);
  });
});
