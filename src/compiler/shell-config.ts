// The runtime's view of the configuration: defaults applied, doc ids turned into routes.
import { SEARCH_INDEX_DIR, type NavItem, type SearchShellConfig, type ShellConfig } from '../shared/types.ts';
import type { DocsgenConfig, NavbarItemConfig } from './define-config.ts';
import type { ResolvedConfig } from './load-config.ts';
import { rel } from './load-config.ts';
import { error, type Diagnostic } from './errors.ts';

export function resolveShellConfig(config: ResolvedConfig, routeOfDoc: (id: string) => string | undefined): { shell: ShellConfig; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const u = config.user;
  const navItem = (item: NavbarItemConfig, where: string): NavItem => {
    let to = item.to;
    if (item.docId !== undefined) {
      to = routeOfDoc(item.docId);
      if (to === undefined) diagnostics.push(error('unknown-doc-id', { file: rel(config.configFile) }, `${where}.docId: no doc with id "${item.docId}"`));
    }
    const kind: NavItem['kind'] =
      item.type === 'dropdown' || item.items
        ? 'dropdown'
        : item.type === 'separator'
          ? 'separator'
          : item.type === 'search'
            ? 'search'
            : item.type === 'colorMode'
              ? 'colorMode'
              : item.type === 'localeDropdown'
                ? 'locale'
                : 'link';
    return {
      label: item.label ?? '',
      kind,
      ...(to !== undefined ? { to } : {}),
      ...(item.docId !== undefined ? { doc: true as const } : {}),
      ...(item.href ? { href: item.href } : {}),
      ...(item.position ? { position: item.position } : {}),
      ...(item.shortLabel ? { shortLabel: item.shortLabel } : {}),
      ...(item.items ? { items: item.items.map((c, i) => navItem(c, `${where}.items[${i}]`)) } : {}),
    };
  };
  const shell: ShellConfig = {
    title: u.title,
    tagline: u.tagline ?? '',
    baseUrl: config.baseUrl,
    ...(u.logo ? { logo: u.logo } : {}),
    navbar: { items: (u.navbar?.items ?? []).map((item, i) => navItem(item, `config.navbar.items[${i}]`)), hideOnScroll: u.navbar?.hideOnScroll ?? true },
    footer: { columns: u.footer?.columns ?? [], copyright: u.footer?.copyright ?? '', ...(u.footer?.logo ? { logo: u.footer.logo } : {}) },
    ...(u.announcementBar
      ? {
          announcementBar: {
            id: u.announcementBar.id,
            content: u.announcementBar.content,
            backgroundColor: u.announcementBar.backgroundColor ?? '#fff',
            textColor: u.announcementBar.textColor ?? '#000',
            isCloseable: u.announcementBar.isCloseable ?? true,
          },
        }
      : {}),
    colorMode: {
      defaultMode: u.colorMode?.defaultMode ?? 'light',
      disableSwitch: u.colorMode?.disableSwitch ?? false,
      respectPrefersColorScheme: u.colorMode?.respectPrefersColorScheme ?? false,
    },
    imageZoom: {
      selector: u.imageZoom?.selector ?? '.markdown img',
      margin: u.imageZoom?.margin ?? 0,
      background: u.imageZoom?.background ?? '#fff',
      scrollOffset: u.imageZoom?.scrollOffset ?? 40,
    },
    ...(u.analytics ? { analytics: u.analytics } : {}),
    clientScripts: u.clientScripts ?? [],
    baseUrlIssueBanner: u.baseUrlIssueBanner ?? false,
    locales: [{ code: 'en', label: 'English' }],
    // One unversioned docs plugin, as Docusaurus names it: its only version is 'current'.
    docsVersions: { pluginId: 'default', versions: ['current'] },
    ...(u.search !== false ? { search: searchShellConfig(u.search, config.baseUrl) } : {}),
    prefetch: { budgetBytes: Math.round((u.prefetch?.budgetKB ?? DEFAULT_PREFETCH_BUDGET_KB) * 1024) },
  };
  return { shell, diagnostics };
}

/**
 * Kilobytes of route data a page view fetches ahead for the links in view: about five pages of
 * the Unleash site, compressed; a page view fetched 63 to 84 KB when every link in view was.
 */
export const DEFAULT_PREFETCH_BUDGET_KB = 30;

/** Route of the full search results page, under the base URL like every route. */
export const SEARCH_PAGE_ROUTE = '/search';

/** The site's locale and docs version, as Docusaurus tags DocSearch records (contextual search). */
const CONTEXT_FACETS: (string | string[])[] = ['language:en', ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']];

function searchShellConfig(search: DocsgenConfig['search'], baseUrl: string): SearchShellConfig {
  const common = {
    pagePath: SEARCH_PAGE_ROUTE,
    suggestions: search ? (search.suggestions ?? []) : [],
    ...(search && search.missingResultsUrl ? { missingResultsUrl: search.missingResultsUrl } : {}),
  };
  if (!search || search.provider === 'local') return { provider: 'local', indexUrl: `${baseUrl}${SEARCH_INDEX_DIR}`, ...common };
  const host = search.host ?? `${search.appId}-dsn.algolia.net`;
  return {
    provider: 'algolia',
    appId: search.appId,
    apiKey: search.apiKey,
    indexName: search.indexName,
    origin: /^[a-z][a-z0-9+.-]*:\/\//i.test(host) ? host.replace(/\/+$/, '') : `https://${host}`,
    facetFilters: search.contextualSearch === false ? [] : CONTEXT_FACETS,
    ...(search.externalUrlRegex ? { externalUrlRegex: search.externalUrlRegex } : {}),
    ...common,
  };
}
