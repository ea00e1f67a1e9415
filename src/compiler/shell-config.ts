// The runtime's view of the configuration: defaults applied, doc ids turned into routes.
import type { NavItem, ShellConfig } from '../shared/types.ts';
import type { NavbarItemConfig } from './define-config.ts';
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
      if (to === undefined) diagnostics.push(error({ file: rel(config.configFile) }, `${where}.docId: no doc with id "${item.docId}"`));
    }
    const kind: NavItem['kind'] =
      item.type === 'dropdown' || item.items ? 'dropdown'
      : item.type === 'separator' ? 'separator'
      : item.type === 'search' ? 'search'
      : item.type === 'colorMode' ? 'colorMode'
      : item.type === 'localeDropdown' ? 'locale'
      : 'link';
    return {
      label: item.label ?? '',
      kind,
      ...(to !== undefined ? { to } : {}),
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
  };
  return { shell, diagnostics };
}
