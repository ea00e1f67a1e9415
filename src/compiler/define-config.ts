// The typed surface a site's `docsgen.config.ts` imports as `docsgen`. Kept free of Node imports so
// that loading a config pulls in nothing but this file.

export interface NavbarItemConfig {
  label?: string;
  /** Internal route, e.g. `/quickstart`. */
  to?: string;
  /** External address. */
  href?: string;
  /** A doc id; its route is looked up at build time. */
  docId?: string;
  type?: 'link' | 'doc' | 'dropdown' | 'separator' | 'search' | 'colorMode' | 'localeDropdown';
  position?: 'left' | 'right';
  /** Shorter label for narrow windows. */
  shortLabel?: string;
  items?: NavbarItemConfig[];
}

export interface FooterLinkConfig {
  label: string;
  to?: string;
  href?: string;
}

export interface RedirectConfig {
  from: string | string[];
  to: string;
}

export interface OpenApiSourceConfig {
  id: string;
  /** A path relative to the site folder, or an http(s) URL. */
  spec: string;
  /** Route prefix of the generated pages, e.g. `/reference/api/unleash`. */
  route: string;
  /**
   * Sidebar the generated pages belong to. If it has no `{ type: 'openapi', id }` item, an
   * "API reference" category is appended to it.
   */
  sidebar?: string;
  /** Fetch `$ref`s to http(s) URLs while building; off by default, so a build reads nothing from the network it was not told to. */
  remoteRefs?: boolean;
  /** Committed copy used when `spec` is a URL that cannot be fetched. */
  snapshot?: string;
  /** Title of the index page at `route`; by default the document's title followed by "reference". */
  indexTitle?: string;
}

/** Settings both search providers share. */
export interface CommonSearchConfig {
  /** Queries offered when a search finds nothing ('Try searching for'). */
  suggestions?: string[];
  /** Target of the 'Let us know.' link shown when a search finds nothing; `{query}` becomes the encoded query. */
  missingResultsUrl?: string;
}

/** Hosted search (Algolia DocSearch). */
export interface AlgoliaSearchConfig extends CommonSearchConfig {
  provider: 'algolia';
  appId: string;
  /** The public, search-only key. */
  apiKey: string;
  indexName: string;
  /** Filter results to the page's language and docs version (default true, as in Docusaurus). */
  contextualSearch?: boolean;
  /** Result URLs matching this regular expression open as they are; others become local paths. */
  externalUrlRegex?: string;
  /** Host (or `scheme://host:port`) queries go to; defaults to `{appId}-dsn.algolia.net`. */
  host?: string;
}

/** The default: a static index built with the site (Pagefind), no service needed. */
export interface LocalSearchConfig extends CommonSearchConfig {
  provider: 'local';
}

export type AnalyticsConfig = { endpoint: string } | { gtag: { trackingId: string } };

export interface EditUrlParams {
  /** The page's file, relative to the docs folder (`reference/sdks/node.md`). */
  docPath: string;
  docId: string;
  route: string;
}

export interface DocsgenConfig {
  title: string;
  tagline?: string;
  /** Production origin, e.g. `https://docs.getunleash.io`; used for canonical URLs and the sitemap. */
  url: string;
  baseUrl?: string;
  favicon?: string;
  /** Default image for link previews. */
  image?: string;
  logo?: { src: string; alt: string; href?: string; srcDark?: string };
  navbar?: { items?: NavbarItemConfig[]; hideOnScroll?: boolean };
  footer?: {
    columns?: { title: string; items: FooterLinkConfig[] }[];
    copyright?: string;
    logo?: { src: string; alt: string };
  };
  announcementBar?: {
    id: string;
    content: string;
    backgroundColor?: string;
    textColor?: string;
    isCloseable?: boolean;
  };
  colorMode?: { defaultMode?: 'light' | 'dark'; disableSwitch?: boolean; respectPrefersColorScheme?: boolean };
  docs?: {
    /** Folder of markdown pages, relative to the project root. */
    path?: string;
    /** Route prefix of docs. */
    routeBasePath?: string;
    /** Sidebars file, relative to the config file. */
    sidebarPath?: string;
    /**
     * Where a page's "Edit this page" link goes: a base URL to which the page's file path, relative
     * to the project root, is added (`https://github.com/org/repo/edit/main/`), or a function of the
     * page. No link without it; a page's `custom_edit_url` frontmatter replaces it (null: no link).
     */
    editUrl?: string | ((page: EditUrlParams) => string | undefined);
  };
  /** Folder copied as-is to the output root, relative to the config file. */
  staticDir?: string;
  redirects?: RedirectConfig[];
  /** Extra redirect sources for each page route, like Docusaurus's `createRedirects`. */
  createRedirects?: (route: string) => string | string[] | undefined;
  openapi?: OpenApiSourceConfig[];
  /** Local (static index) by default; `false` turns search off: no index, no /search page, no modal. */
  search?: AlgoliaSearchConfig | LocalSearchConfig | false;
  /**
   * A page view on load and on each route change: POSTed as JSON to `endpoint`, or sent to Google
   * Analytics through gtag.js (`gtag: { trackingId: 'G-…' }`, as Docusaurus's gtag plugin does).
   */
  analytics?: AnalyticsConfig;
  /** Scripts loaded in the browser after the page, never blocking it; `attributes` go on the script element. */
  clientScripts?: { src: string; defer?: boolean; async?: boolean; attributes?: Record<string, string> }[];
  imageZoom?: { selector?: string; margin?: number; background?: string; scrollOffset?: number };
  tableOfContents?: { minHeadingLevel?: number; maxHeadingLevel?: number };
  /** Show a banner on the home path when the site is served under a different base URL. */
  baseUrlIssueBanner?: boolean;
  /** How each kind of broken reference counts, like Docusaurus's `onBrokenLinks`: all are errors by default. */
  checks?: ChecksConfig;
  /** How `docsgen check --external` checks the pages' http(s) links. */
  externalLinks?: ExternalLinksConfig;
}

/** `error` fails the build, `warn` reports and goes on, `ignore` says nothing. */
export type CheckSeverity = 'error' | 'warn' | 'ignore';

export interface ChecksConfig {
  /** A link (in a page or a sidebar) to a route no page has: rule `broken-link`. */
  brokenLinks?: CheckSeverity;
  /** A link to a `.md` file that is not a page: rule `broken-markdown-link`. */
  brokenMarkdownLinks?: CheckSeverity;
  /** A link to a heading a page does not have: rule `broken-anchor`. */
  brokenAnchors?: CheckSeverity;
  /** An image that is missing or cannot be published: rule `broken-image`. */
  brokenImages?: CheckSeverity;
  /** An http(s) link `docsgen check --external` finds broken: rule `external-link`. */
  externalLinks?: CheckSeverity;
}

export interface ExternalLinksConfig {
  /** Requests in flight at once (default 8). */
  concurrency?: number;
  /** Milliseconds to wait for a response (default 10000). */
  timeout?: number;
  /** Retries of a link that failed with a network error, a 5xx or a 429, with growing waits (default 2). */
  retries?: number;
  /** Links never checked: a regular expression, or a string a URL starts with. */
  skip?: (string | RegExp)[];
  /** Requests to one host per second at most (default 5). */
  perHostPerSecond?: number;
  /** Hours a link found working is not checked again (`.docsgen-cache/`; default 24, 0 turns it off). */
  cacheHours?: number;
}

export function defineConfig(config: DocsgenConfig): DocsgenConfig {
  return config;
}

/** Sidebars in Docusaurus's format. */
export type SidebarItemConfig =
  | string
  | { type: 'doc'; id: string; label?: string; className?: string }
  | { type: 'ref'; id: string; label?: string; className?: string }
  | { type: 'link'; label: string; href: string }
  | { type: 'autogenerated'; dirName: string }
  /** The generated API reference of an OpenAPI source: one category per tag. */
  | { type: 'openapi'; id: string }
  | {
      type: 'category';
      label: string;
      items: SidebarItemConfig[];
      collapsed?: boolean;
      collapsible?: boolean;
      link?:
        | { type: 'doc'; id: string }
        | { type: 'generated-index'; title?: string; slug?: string; description?: string };
    };

export type SidebarsConfig = Record<string, SidebarItemConfig[]>;

export function defineSidebars(sidebars: SidebarsConfig): SidebarsConfig {
  return sidebars;
}
