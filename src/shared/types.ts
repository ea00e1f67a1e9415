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
      /**
       * Set when the items are not here (`items` is empty): the sidebar file that holds them. Pages
       * carry only the part of their sidebar that shows on load; the rest is loaded on demand.
       */
      itemsIn?: string;
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
  /** Route data fetched ahead for links in view, per page view (links pointed at are always fetched). */
  prefetch: { budgetBytes: number };
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
/** The index folder's list of the indexes besides its first one, which the client searches too (a large site's index is several). */
export const SHARDS_FILE = 'shards.json';

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
   * Which sidebar the page belongs to, if any. `file` is its top sidebar file, whose content hash
   * names this version of the sidebar. `items` are what shows when the page loads (see
   * `pruneSidebar`): the categories that hold the page and those open by default, with their
   * items; every other category without its items, which `itemsIn` says where to load.
   * `navbarDocs` are the navbar's doc entries whose doc shows the same sidebar: active on every page of it.
   */
  sidebar?: { id: string; file: string; items: SidebarNode[]; navbarDocs?: string[] };
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

/**
 * A sidebar file: the items of the sidebar (`path` empty) or of one of its categories (`path` is
 * the category's place, its indexes from the top joined by `-`). A category whose items are in a
 * file of their own has `itemsIn` instead. The client loads a file when a reader opens a category
 * whose items the page did not carry, once per file.
 */
export interface SidebarData {
  id: string;
  path: string;
  items: SidebarNode[];
}

/** The small JSON document inlined into every HTML page to hydrate it (the shell config is in the bundle). */
/**
 * What a page's HTML carries for the browser to take over: its data without what its markup
 * holds already, which the client reads back from there. The content's HTML is never here; nor
 * are the sidebar's items when the markup draws exactly them (see runtime/sidebar-markup.ts).
 */
export interface BootData {
  page: Omit<PageData, 'html' | 'sidebar'> & { sidebar?: Omit<NonNullable<PageData['sidebar']>, 'items'> & { items?: SidebarNode[] } };
}

export { dataChunkUrl } from './routes.ts';
