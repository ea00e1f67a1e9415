// Plain data that crosses from the compiler to the runtime. Everything here is JSON-serialisable;
// neither side may put functions or class instances in it.

export interface TocEntry {
  id: string;
  text: string;
  level: number;
}

export interface LinkRef {
  title: string;
  route: string;
}

export interface Breadcrumb {
  label: string;
  route?: string;
}

/** A resolved sidebar item, as the runtime draws it. */
export type SidebarNode =
  | {
      kind: 'doc';
      label: string;
      route: string;
      className?: string;
      /**
       * The rest of the page's title when it extends the label (label "Go", title "Go SDK"): in
       * the link for screen readers and search engines, not shown, as "Go" says little out of its category.
       */
      titleRest?: string;
    }
  | { kind: 'link'; label: string; href: string; className?: string }
  /** HTML from the sidebars file (trusted code), shown as it is; `defaultStyle` gives it an entry's padding. */
  | { kind: 'html'; value: string; className?: string; defaultStyle?: boolean }
  | {
      kind: 'category';
      label: string;
      route?: string;
      className?: string;
      collapsed: boolean;
      collapsible: boolean;
      items: SidebarNode[];
    };

export interface NavItem {
  label: string;
  /** Internal route */
  to?: string;
  /** External address */
  href?: string;
  items?: NavItem[];
  kind?: 'link' | 'dropdown' | 'separator' | 'search' | 'colorMode' | 'locale';
  position?: 'left' | 'right';
  /** Short label shown at small widths, if different. */
  shortLabel?: string;
  /** A link to a doc: like Docusaurus, marked active on every page of that doc's sidebar. */
  doc?: true;
}

export interface FooterColumn {
  title: string;
  items: { label: string; to?: string; href?: string }[];
}

/** The part of the site configuration the shell needs at run time. */
export interface ShellConfig {
  title: string;
  tagline: string;
  baseUrl: string;
  logo?: { src: string; alt: string; href?: string; srcDark?: string };
  navbar: { items: NavItem[]; hideOnScroll: boolean };
  footer: { columns: FooterColumn[]; copyright: string; logo?: { src: string; alt: string } };
  announcementBar?: {
    id: string;
    content: string;
    backgroundColor: string;
    textColor: string;
    isCloseable: boolean;
  };
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  imageZoom: { selector: string; margin: number; background: string; scrollOffset: number };
  analytics?: { endpoint: string } | { gtag: { trackingId: string } };
  /** Third-party scripts loaded after the page; `attributes` are set on the script element (data-*). */
  clientScripts: { src: string; defer?: boolean; async?: boolean; attributes?: Record<string, string> }[];
  baseUrlIssueBanner: boolean;
  locales: { code: string; label: string }[];
  /** The docs plugin and its versions: a stored preferred version that is not one of them is dropped. */
  docsVersions?: { pluginId: string; versions: string[] };
  /** The search modal and page; absent when the site has search turned off. */
  search?: SearchShellConfig;
}

/** What the search modal and the search page need, for either provider. */
export type SearchShellConfig = (
  | {
      provider: 'local';
      /** Folder of the static (Pagefind) index, e.g. `/_search/`. */
      indexUrl: string;
    }
  | {
      provider: 'algolia';
      appId: string;
      apiKey: string;
      indexName: string;
      /** Scheme and host the queries go to, e.g. `https://APPID-dsn.algolia.net`. */
      origin: string;
      /** Facet filters sent with every query (language and docs version tag when contextual). */
      facetFilters: (string | string[])[];
      /** Result URLs matching this stay absolute; others become local paths. */
      externalUrlRegex?: string;
    }
) & {
  /** Route of the full results page (its `q` parameter holds the query). */
  pagePath: string;
  /** Queries offered when nothing matches ('Try searching for'). */
  suggestions: string[];
  /** The 'Let us know.' link when nothing matches; `{query}` is replaced by the encoded query. */
  missingResultsUrl?: string;
};

/** Where the static search index is written, below the output root. */
export const SEARCH_INDEX_DIR = '_search/';

/** A card on a generated category index page. */
export interface IndexCard {
  title: string;
  route?: string;
  href?: string;
  description: string;
}

/** What a route needs besides the shell: serialised per route into its data chunk. */
export interface PageData {
  route: string;
  title: string;
  description: string;
  /** Pre-rendered content HTML. Left out of the inline copy in the HTML page (it is in the DOM). */
  html: string;
  toc: TocEntry[];
  hideToc: boolean;
  breadcrumbs: Breadcrumb[];
  prev?: LinkRef;
  next?: LinkRef;
  /**
   * Which sidebar the page belongs to, if any, and its content hash for caching; `navbarDocs` are
   * the navbar's doc entries whose doc shows the same sidebar: active on every page of it.
   */
  sidebar?: { id: string; file: string; navbarDocs?: string[] };
  kind: 'doc' | 'generated-index' | 'not-found';
  cards?: IndexCard[];
  /** Where the page's source can be edited ("Edit this page"). */
  editUrl?: string;
  /** The page's tags, each linking to the page that lists its docs. */
  tags?: LinkRef[];
  /** Search engines are asked not to index the page (an unlisted page). */
  noindex?: true;
  /** The page's own link-preview image, in place of the site's: a URL, or a path below the base URL. */
  image?: string;
}

/** The sidebar file the client fetches once per sidebar. */
export interface SidebarData {
  id: string;
  items: SidebarNode[];
}

/** The small JSON document inlined into every HTML page to hydrate it (the shell config is in the bundle). */
export interface BootData {
  page: Omit<PageData, 'html'>;
}

/** Where a route's data chunk lives: derived from the route, so no global manifest is needed. */
export function dataChunkUrl(baseUrl: string, route: string): string {
  const path = route === '/' ? 'index' : route.replace(/^\//, '');
  return `${baseUrl}_data/${path}.json`;
}
