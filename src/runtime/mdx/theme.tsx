// The part of Docusaurus's theme and client API that MDX pages import (`@theme/Tabs`,
// `@docusaurus/Link`…), as static components: rendered once at build time, they give the same HTML
// as docsgen's markdown (`::::tabs`, `:::note`), which the page's progressive enhancement makes
// interactive without React. What a component needs of the page (base URL, route, the site's
// title, code highlighting) is set by the compiler before it renders the page (see render-mdx.ts).
import { Children, isValidElement, useId, type ReactElement, type ReactNode } from 'react';

/** What the compiler tells the components of the page it is rendering. */
export interface MdxPageContext {
  baseUrl: string;
  route: string;
  siteConfig: { title: string; tagline?: string; url: string; baseUrl: string; customFields: Record<string, unknown> };
  /** A fenced code block as docsgen's markdown renders it (highlighted, titled, with its copy button). */
  highlight: (code: string, language: string | undefined, meta: string) => string;
}

const page = (): MdxPageContext => {
  const current = (globalThis as { __docsgenMdxPage?: MdxPageContext }).__docsgenMdxPage;
  if (!current) throw new Error('docsgen: an MDX theme component rendered outside a page');
  return current;
};

type TabItemProps = { value?: string; label?: ReactNode; default?: boolean; children?: ReactNode; className?: string; attributes?: Record<string, unknown> };

export function TabItem({ children, className }: TabItemProps) {
  // Rendered by Tabs as a panel; alone, it is its content.
  return <div className={className}>{children}</div>;
}

type TabsProps = {
  children?: ReactNode;
  groupId?: string;
  defaultValue?: string | null;
  values?: { value: string; label?: ReactNode }[];
  className?: string;
  lazy?: boolean;
  queryString?: boolean | string;
};

/** The markup of a `::::tabs` block: a tab list and one panel per tab, the first (or default) shown. */
export function Tabs({ children, groupId, defaultValue, values, className }: TabsProps) {
  const id = `tabs-${useId().replace(/[^\w-]/g, '')}`;
  const items = Children.toArray(children).filter((c): c is ReactElement<TabItemProps> => isValidElement(c));
  const tabs = items.map((item, i) => {
    const value = item.props.value ?? String(i);
    const label = values?.find((v) => v.value === value)?.label ?? item.props.label ?? value;
    return { value, label, item };
  });
  const chosen = defaultValue ?? tabs.find((t) => t.item.props.default)?.value ?? tabs[0]?.value;
  return (
    <div className={['tabs', className].filter(Boolean).join(' ')} data-group={groupId}>
      <div role="tablist" className="tabs-list">
        {tabs.map((t, i) => (
          <button
            key={t.value}
            type="button"
            role="tab"
            id={`${id}-${i}-tab`}
            aria-controls={`${id}-${i}`}
            aria-selected={t.value === chosen ? 'true' : 'false'}
            tabIndex={t.value === chosen ? 0 : -1}
            data-value={t.value}
            className="tabs-tab"
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t, i) => (
        <div
          key={t.value}
          role="tabpanel"
          id={`${id}-${i}`}
          aria-labelledby={`${id}-${i}-tab`}
          data-value={t.value}
          className={['tabs-panel', t.item.props.className].filter(Boolean).join(' ')}
          hidden={t.value !== chosen}
        >
          {t.item.props.children}
        </div>
      ))}
    </div>
  );
}

const ADMONITION_KINDS = ['note', 'tip', 'info', 'caution', 'warning', 'danger'];

/** The markup of a `:::note` block; Docusaurus's `secondary`/`success` read as note/tip. */
export function Admonition({ type = 'note', title, children }: { type?: string; title?: ReactNode; icon?: ReactNode; children?: ReactNode }) {
  const kind = ADMONITION_KINDS.includes(type) ? type : type === 'success' ? 'tip' : 'note';
  return (
    <div className={`admonition admonition-${kind}`} role="note">
      <div className="admonition-heading">{title ?? kind}</div>
      <div className="admonition-content">{children}</div>
    </div>
  );
}

/** A disclosure; `summary` may be text or an element, as in Docusaurus. */
export function Details({ summary, children, ...rest }: { summary?: ReactNode; children?: ReactNode; className?: string; open?: boolean }) {
  const given = isValidElement(summary) && summary.type === 'summary' ? summary : <summary>{summary ?? 'Details'}</summary>;
  return (
    <details {...rest}>
      {given}
      {children}
    </details>
  );
}

/** A code block, highlighted at build time as a fenced block with the same language and options is. */
export function CodeBlock({
  children,
  language,
  className,
  title,
  showLineNumbers,
  metastring,
}: {
  children?: ReactNode;
  language?: string;
  className?: string;
  title?: string;
  showLineNumbers?: boolean | number;
  metastring?: string;
}) {
  const lang = language ?? /language-(\S+)/.exec(className ?? '')?.[1];
  const meta = [metastring ?? '', title ? `title="${title.replace(/"/g, "'")}"` : '', showLineNumbers ? 'showLineNumbers' : ''].filter(Boolean).join(' ');
  const code = Children.toArray(children).join('').replace(/\n$/, '');
  return <div className="code-block-mdx" dangerouslySetInnerHTML={{ __html: page().highlight(code, lang, meta) }} />;
}

/** `@docusaurus/useBaseUrl`: a site path under the base URL; full URLs and `#anchors` as they are. */
export function useBaseUrl(url: string, options: { absolute?: boolean; forcePrependBaseUrl?: boolean } = {}): string {
  const { baseUrl, siteConfig } = page();
  if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(url)) return url;
  const path = options.forcePrependBaseUrl || !url.startsWith(baseUrl) ? baseUrl + url.replace(/^\//, '') : url;
  return options.absolute ? siteConfig.url.replace(/\/$/, '') + path : path;
}

/** `@docusaurus/Link`: a link within the site gets the base URL; others open as written. */
export function Link({ to, href, children, ...rest }: { to?: string; href?: string; children?: ReactNode; [attr: string]: unknown }) {
  const target = to ?? href ?? '#';
  const internal = !/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(target);
  return (
    <a href={internal ? useBaseUrl(target) : target} {...(internal ? {} : { target: '_blank', rel: 'noopener noreferrer' })} {...rest}>
      {children}
    </a>
  );
}

export function useDocusaurusContext() {
  return { siteConfig: page().siteConfig, siteMetadata: { docusaurusVersion: 'docsgen' }, i18n: { currentLocale: 'en', defaultLocale: 'en', locales: ['en'] } };
}

/** Renders nothing of its children at build time (they are the browser's): its fallback, if any. */
export function BrowserOnly({ fallback }: { children?: () => ReactNode; fallback?: ReactNode }) {
  return <>{fallback ?? null}</>;
}

export function useIsBrowser(): boolean {
  return false;
}

/** `@docusaurus/router`: where the page is; navigation is the browser's. */
export function useLocation() {
  return { pathname: page().route, search: '', hash: '', state: undefined };
}

export function useHistory() {
  const noop = () => {};
  return { push: noop, replace: noop, goBack: noop, location: useLocation() };
}

export function Redirect({ to }: { to: string }) {
  return (
    <p>
      <a href={useBaseUrl(to)}>{to}</a>
    </p>
  );
}

/** The components every MDX page has without importing them, as in Docusaurus. */
export const globalComponents = { Details };
