// The site config's schema: what `docsgen.config.ts` may say. The types a config is written
// against (`DocsgenConfig` and its parts, exported by `docsgen`) are inferred from it, so the
// type and the validation cannot drift apart.
import * as z from 'zod';
import { joinRoute, routeProblem } from '../shared/routes.ts';

/** What a function given as `docs.editUrl` is called with. */
export interface EditUrlParams {
  /** The page's file, relative to the docs folder (`reference/sdks/node.md`). */
  docPath: string;
  docId: string;
  route: string;
}

const fn = <F>(message: string) => z.custom<F>((v) => typeof v === 'function', message);

/** A remark or rehype plugin as unified takes it: the plugin, or `[plugin, options]`. */
const markdownPlugin = z.union([fn<Plugin>('expected a plugin function'), z.tuple([fn<Plugin>('expected a plugin function'), z.unknown()])]);
type Plugin = (...args: never[]) => unknown;

const navbarItem = z.strictObject({
  label: z.string().optional(),
  /** Internal route, e.g. `/quickstart`. */
  to: z.string().optional(),
  /** External address. */
  href: z.string().optional(),
  /** A doc id; its route is looked up at build time. */
  docId: z.string().optional(),
  type: z.enum(['link', 'doc', 'dropdown', 'separator', 'search', 'colorMode', 'localeDropdown']).optional(),
  position: z.enum(['left', 'right']).optional(),
  /** Shorter label for narrow windows. */
  shortLabel: z.string().optional(),
  /** A dropdown's entries. */
  get items(): z.ZodOptional<z.ZodArray<typeof navbarItem>> {
    return z.array(navbarItem).optional();
  },
});

const footerLink = z.strictObject({ label: z.string(), to: z.string().optional(), href: z.string().optional() });

const redirect = z.strictObject({ from: z.union([z.string(), z.array(z.string())]), to: z.string() });

const envVariable = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'expected an environment variable name: letters, digits and _');

/** What an OpenAPI source's request samples (curl, JavaScript, Python, Go) call things. */
const apiSamples = z.strictObject({
  /** The environment variable holding the server's base URL, without a trailing slash (default `API_URL`). */
  urlVariable: envVariable.optional(),
  /** The environment variable holding the token sent in the `Authorization` header (default `API_TOKEN`). */
  tokenVariable: envVariable.optional(),
  /** What the JavaScript sample's error calls the server: `` `${serverName} answered ${status}` `` (default `The server`). */
  serverName: z.string().min(1).optional(),
});

const openApiSource = z.strictObject({
  id: z.string(),
  /** A path relative to the site folder, or an http(s) URL. */
  spec: z.string(),
  /** Route prefix of the generated pages, e.g. `/reference/api/unleash`. */
  route: z.string(),
  /**
   * Sidebar the generated pages belong to. If it has no `{ type: 'openapi', id }` item, an
   * "API reference" category is appended to it.
   */
  sidebar: z.string().optional(),
  /** Committed copy used when `spec` is a URL that cannot be fetched. */
  snapshot: z.string().optional(),
  /** Fetch `$ref`s to http(s) URLs while building; off by default, so a build reads nothing from the network it was not told to. */
  remoteRefs: z.boolean().optional(),
  /** Title of the index page at `route`; by default the document's title followed by "reference". */
  indexTitle: z.string().optional(),
  /** Names the request samples use for the base URL, the token and the server; neutral by default. */
  samples: apiSamples.optional(),
  /**
   * Which token an operation needs, by the first entry whose `pathPrefix` starts the operation's
   * path: its `hint` is said on the page after "Send an API token in the … header.", and its
   * `tokenVariable`, when given, names the token in the request samples in place of `samples.tokenVariable`.
   * None by default.
   */
  tokenHints: z.array(z.strictObject({ pathPrefix: z.string(), hint: z.string().min(1), tokenVariable: envVariable.optional() })).optional(),
});

/**
 * A document's path below its source's `baseUrl`: URL path segments of letters, digits and
 * `._~@+=,!'()-`, without `.` or `..` segments. Nothing else may appear, so the URL fetched stays
 * below `baseUrl` and the snapshot file stays inside the snapshot folder.
 */
export function remoteSourceProblem(source: string): string | undefined {
  if (source.startsWith('/')) return 'must be relative to baseUrl (no leading "/")';
  const segments = source.split('/');
  if (segments.some((s) => s === '')) return 'has an empty segment ("//" or a "/" at its end)';
  if (segments.some((s) => s === '.' || s === '..')) return 'has a "." or ".." segment';
  const bad = /[^\w.~@+=,!'()-]/.exec(source.replace(/\//g, ''));
  if (bad) return `contains ${JSON.stringify(bad[0])}: only letters, digits, "/" and ._~@+=,!'()- may appear`;
  return undefined;
}

/** A doc id: path segments joined by "/", like the ids of markdown pages (`reference/sdks/node`). */
function docIdProblem(id: string): string | undefined {
  const segments = id.split('/');
  if (segments.some((s) => s.trim() === '')) return 'has an empty segment';
  if (segments.some((s) => s === '.' || s === '..')) return 'has a "." or ".." segment';
  return undefined;
}

const problemCheck = (problem: (v: string) => string | undefined) => (value: string, ctx: z.core.$RefinementCtx<string>) => {
  const found = problem(value);
  if (found) ctx.addIssue({ code: 'custom', message: found, input: value });
};

/** One document fetched from a remote source: a README published as a page. */
const remoteDocument = z.strictObject({
  /** Its path below the source's `baseUrl`, e.g. `unleash-client-node/main/README.md`. */
  source: z.string().superRefine(problemCheck(remoteSourceProblem)),
  /** The page's route below the docs' route base, e.g. `/reference/sdks/node`. */
  route: z.string().superRefine(problemCheck((r) => (r.startsWith('/') ? routeProblem(joinRoute(r)) : 'must start with "/"'))),
  /** The page's doc id, for sidebars and links; by default its route without the leading "/". */
  id: z.string().superRefine(problemCheck(docIdProblem)).optional(),
  /** Frontmatter the page gets, as a markdown page's would be written. */
  title: z.string().optional(),
  sidebar_label: z.string().optional(),
  sidebar_position: z.number().optional(),
  description: z.string().optional(),
  keywords: z.array(z.string()).optional(),
  hide_table_of_contents: z.boolean().optional(),
  /**
   * The page's "Edit this page" link, or null for none. By default, for a document on
   * raw.githubusercontent.com, the file's edit page on github.com; else none.
   */
  editUrl: z.union([z.url(), z.null()]).optional(),
});

/** A header name as HTTP defines it, and a value without control characters. */
const headerName = z.string().regex(/^[!#$%&'*+.^_`|~\w-]+$/, 'must be an HTTP header name');
const headerValue = z.string().regex(/^[\t\x20-\x7e\x80-\xff]*$/, 'must be a header value without line breaks or control characters');

/** Documents fetched over HTTP at build time (READMEs of other repositories), each published as a page. */
const remoteContentSource = z.strictObject({
  /** Names the source in messages, and the default snapshot folder `content/remote/<id>`. */
  id: z.string().regex(/^[\w-]+$/, 'must be letters, digits, "_" and "-"'),
  /** Every document's URL is this plus its `source`, e.g. `https://raw.githubusercontent.com/Unleash/`. */
  baseUrl: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }).refine((u) => u.endsWith('/') && !/[?#]/.test(u), 'must end with "/" and have no query or fragment'),
  documents: z.array(remoteDocument).min(1),
  /**
   * Folder, relative to the config file's folder like every path here, of the committed copies
   * used when a document cannot be fetched (`docsgen snapshot` writes them); default the
   * project's `content/remote/<id>`.
   */
  snapshot: z.string().min(1).optional(),
  /** Milliseconds to wait for each request (default 10000). */
  timeout: z.number().int().min(1).optional(),
  /** Retries of a request that failed with a network error, a timeout, a 5xx, a 408 or a 429 (default 2). */
  retries: z.number().int().min(0).max(10).optional(),
  /** Sent with every request (an `Authorization` token, say); never printed. */
  headers: z.record(headerName, headerValue).optional(),
});

/** Ids of sources, and routes and ids of documents, are each used once. */
const remoteContent = z.array(remoteContentSource).superRefine((sources, ctx) => {
  const seen = { source: new Map<string, number>(), route: new Map<string, string>(), id: new Map<string, string>() };
  sources.forEach((source, i) => {
    if (seen.source.has(source.id)) ctx.addIssue({ code: 'custom', message: `source id "${source.id}" is used twice`, path: [i, 'id'], input: source.id });
    seen.source.set(source.id, i);
    source.documents.forEach((doc, j) => {
      const route = joinRoute(doc.route);
      const id = doc.id ?? route.slice(1);
      let clashed = false;
      for (const [key, value] of [
        ['route', route],
        ['id', id],
      ] as const) {
        const other = seen[key].get(value);
        // An id made from a route that clashed already is the same mistake.
        if (other !== undefined && !(clashed && doc.id === undefined)) {
          ctx.addIssue({ code: 'custom', message: `${key} "${value}" is also the ${key} of ${other}`, path: [i, 'documents', j, key], input: value });
        }
        clashed ||= other !== undefined;
        if (other === undefined) seen[key].set(value, `${source.id}/${doc.source}`);
      }
      if (!id) ctx.addIssue({ code: 'custom', message: 'a document at "/" needs an id', path: [i, 'documents', j, 'route'], input: doc.route });
    });
  });
});

function isRegExp(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/** Settings both search providers share. */
const commonSearch = {
  /** Queries offered when a search finds nothing ('Try searching for'). */
  suggestions: z.array(z.string().min(1)).optional(),
  /** Target of the 'Let us know.' link shown when a search finds nothing; `{query}` becomes the encoded query. */
  missingResultsUrl: z.string().min(1).optional(),
};

/** The default: a static index built with the site (Pagefind), no service needed. */
const localSearch = z.strictObject({
  provider: z.literal('local'),
  ...commonSearch,
  /**
   * Pages per Pagefind index (default 1,000). Pagefind holds an index in memory while it writes it,
   * about 0.2 MB a page: a site with more pages gets several indexes, made one after the other,
   * which the search box queries together (a query then downloads a little from each).
   */
  pagesPerIndex: z.number().int().min(1).optional(),
});

/** Hosted search (Algolia DocSearch). */
const algoliaSearch = z.strictObject({
  provider: z.literal('algolia'),
  appId: z.string().min(1),
  /** The public, search-only key. */
  apiKey: z.string().min(1),
  indexName: z.string().min(1),
  /** Filter results to the page's language and docs version (default true, as in Docusaurus). */
  contextualSearch: z.boolean().optional(),
  /** Result URLs matching this regular expression open as they are; others become local paths. */
  externalUrlRegex: z.string().refine(isRegExp, 'must be a valid regular expression').optional(),
  /** Host (or `scheme://host:port`) queries go to; defaults to `{appId}-dsn.algolia.net`. */
  host: z.string().min(1).optional(),
  ...commonSearch,
});

const analytics = z.union([
  z.strictObject({ endpoint: z.string() }),
  z.strictObject({ gtag: z.strictObject({ trackingId: z.string().regex(/^[\w-]+$/, 'expected a tracking id such as G-XXXXXXX') }) }),
]);

/** `error` fails the build, `warn` reports and goes on, `ignore` says nothing. */
const severity = z.enum(['error', 'warn', 'ignore']);

const checks = z.strictObject({
  /** A link (in a page or a sidebar) to a route no page has: rule `broken-link`. */
  brokenLinks: severity.optional(),
  /** A link to a `.md` file that is not a page: rule `broken-markdown-link`. */
  brokenMarkdownLinks: severity.optional(),
  /** A link to a heading a page does not have: rule `broken-anchor`. */
  brokenAnchors: severity.optional(),
  /** An image that is missing or cannot be published: rule `broken-image`. */
  brokenImages: severity.optional(),
  /** An http(s) link `docsgen check --external` finds broken: rule `external-link`. */
  externalLinks: severity.optional(),
});

const externalLinks = z.strictObject({
  /** Requests in flight at once (default 8). */
  concurrency: z.number().int().min(1).max(100).optional(),
  /** Milliseconds to wait for a response (default 10000). */
  timeout: z.number().int().min(1).optional(),
  /** Retries of a link that failed with a network error, a 5xx or a 429, with growing waits (default 2). */
  retries: z.number().int().min(0).max(10).optional(),
  /** Links never checked: a regular expression, or a string a URL starts with. */
  skip: z.array(z.union([z.string().min(1), z.instanceof(RegExp)])).optional(),
  /** Requests to one host per second at most (default 5). */
  perHostPerSecond: z.number().positive().optional(),
  /** Hours a link found working is not checked again (`.docsgen-cache/`; default 24, 0 turns it off). */
  cacheHours: z.number().min(0).optional(),
  /**
   * Also check links to loopback, private and link-local addresses, `localhost` and intranet names
   * (default false: content from a pull request must not make CI request its own network).
   */
  privateHosts: z.boolean().optional(),
});

export const configSchema = z.strictObject({
  title: z.string().min(1),
  tagline: z.string().optional(),
  /** Production origin, e.g. `https://docs.getunleash.io`; used for canonical URLs and the sitemap. */
  url: z.url(),
  baseUrl: z
    .string()
    .regex(/^\/(.*\/)?$/, 'must start and end with "/"')
    .optional(),
  favicon: z.string().optional(),
  /** Default image for link previews. */
  image: z.string().optional(),
  logo: z.strictObject({ src: z.string(), alt: z.string(), href: z.string().optional(), srcDark: z.string().optional() }).optional(),
  navbar: z.strictObject({ items: z.array(navbarItem).optional(), hideOnScroll: z.boolean().optional() }).optional(),
  footer: z
    .strictObject({
      columns: z.array(z.strictObject({ title: z.string(), items: z.array(footerLink) })).optional(),
      copyright: z.string().optional(),
      logo: z.strictObject({ src: z.string(), alt: z.string() }).optional(),
    })
    .optional(),
  announcementBar: z
    .strictObject({
      id: z.string().min(1),
      content: z.string(),
      backgroundColor: z.string().optional(),
      textColor: z.string().optional(),
      isCloseable: z.boolean().optional(),
    })
    .optional(),
  colorMode: z
    .strictObject({
      defaultMode: z.enum(['light', 'dark']).optional(),
      disableSwitch: z.boolean().optional(),
      respectPrefersColorScheme: z.boolean().optional(),
    })
    .optional(),
  docs: z
    .strictObject({
      /** Folder of markdown pages, relative to the config file's folder (default `../content/docs`). */
      path: z.string().optional(),
      /** Route prefix of docs. */
      routeBasePath: z.string().optional(),
      /** Sidebars file, relative to the config file's folder (default `sidebars.ts`, or `sidebars.js`). */
      sidebarPath: z.string().optional(),
      /**
       * The writers' own plugins, as Docusaurus's docs plugin takes them, for `.md` and `.mdx`
       * pages alike: remark plugins before docsgen's own and after them, then rehype plugins (both
       * lists) before code is highlighted. They are code the build runs.
       */
      beforeDefaultRemarkPlugins: z.array(markdownPlugin).optional(),
      remarkPlugins: z.array(markdownPlugin).optional(),
      beforeDefaultRehypePlugins: z.array(markdownPlugin).optional(),
      rehypePlugins: z.array(markdownPlugin).optional(),
      /**
       * Where a page's "Edit this page" link goes: a base URL to which the page's file path, relative
       * to the project root, is added (`https://github.com/org/repo/edit/main/`), or a function of the
       * page. No link without it; a page's `custom_edit_url` frontmatter replaces it (null: no link).
       */
      editUrl: z
        .union([
          z.url('expected a URL such as https://github.com/org/repo/edit/main/, or a function of the page'),
          fn<(page: EditUrlParams) => string | undefined>('expected a URL or a function of the page'),
        ])
        .optional(),
    })
    .optional(),
  /**
   * Which pages are MDX, as Docusaurus's `markdown.format`: `detect` `.mdx` files, `mdx` every page,
   * `md` none (`.mdx` files are read as markdown). MDX pages are code (SECURITY.md), so the default
   * is `md`: content cannot run code unless the config, which is code, says it may.
   */
  markdown: z.strictObject({ format: z.enum(['detect', 'mdx', 'md']).optional() }).optional(),
  /** Folder copied as-is to the output root, relative to the config file. */
  staticDir: z.string().optional(),
  redirects: z.array(redirect).optional(),
  /** Extra redirect sources for each page route, like Docusaurus's `createRedirects`. */
  createRedirects: fn<(route: string) => string | string[] | undefined>('expected a function').optional(),
  openapi: z.array(openApiSource).optional(),
  /** Local (static index) by default; `false` turns search off: no index, no /search page, no modal. */
  search: z.union([z.literal(false), localSearch, algoliaSearch]).optional(),
  /**
   * A page view on load and on each route change: POSTed as JSON to `endpoint`, or sent to Google
   * Analytics through gtag.js (`gtag: { trackingId: 'G-…' }`, as Docusaurus's gtag plugin does).
   */
  analytics: analytics.optional(),
  /** Scripts loaded in the browser after the page, never blocking it; `attributes` go on the script element. */
  clientScripts: z.array(z.strictObject({ src: z.string(), defer: z.boolean().optional(), async: z.boolean().optional(), attributes: z.record(z.string(), z.string()).optional() })).optional(),
  imageZoom: z.strictObject({ selector: z.string().optional(), margin: z.number().optional(), background: z.string().optional(), scrollOffset: z.number().optional() }).optional(),
  tableOfContents: z.strictObject({ minHeadingLevel: z.number().int().min(2).max(6).optional(), maxHeadingLevel: z.number().int().min(2).max(6).optional() }).optional(),
  /**
   * Route data the browser fetches before a click needs it. A link the reader points at, focuses
   * or touches is always fetched; links in a page's content and its previous/next links are
   * fetched as they come into view, up to `budgetKB` kilobytes (as sent, compressed) a page view:
   * 30 by default, 0 for none.
   */
  prefetch: z.strictObject({ budgetKB: z.number().min(0).optional() }).optional(),
  /** Show a banner on the home path when the site is served under a different base URL. */
  baseUrlIssueBanner: z.boolean().optional(),
  /** How each kind of broken reference counts, like Docusaurus's `onBrokenLinks`: all are errors by default. */
  checks: checks.optional(),
  /** How `docsgen check --external` checks the pages' http(s) links. */
  externalLinks: externalLinks.optional(),
  /** Documents downloaded at build time and published as pages, with committed snapshots for offline builds. */
  remoteContent: remoteContent.optional(),
});

export type DocsgenConfig = z.input<typeof configSchema>;
export type NavbarItemConfig = z.input<typeof navbarItem>;
export type FooterLinkConfig = z.input<typeof footerLink>;
export type RedirectConfig = z.input<typeof redirect>;
export type OpenApiSourceConfig = z.input<typeof openApiSource>;
export type LocalSearchConfig = z.input<typeof localSearch>;
export type AlgoliaSearchConfig = z.input<typeof algoliaSearch>;
export type AnalyticsConfig = z.input<typeof analytics>;
export type CheckSeverity = z.input<typeof severity>;
export type ChecksConfig = z.input<typeof checks>;
export type ExternalLinksConfig = z.input<typeof externalLinks>;
export type RemoteContentConfig = z.input<typeof remoteContentSource>;
export type RemoteDocumentConfig = z.input<typeof remoteDocument>;
