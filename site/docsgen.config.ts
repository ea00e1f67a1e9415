// The Unleash documentation site.
import { defineConfig } from 'docsgen';
import { redirects } from './redirects.ts';
import { remoteContent } from './remote-content.ts';

const ACADEMY_FORMS = 'https://docs.google.com/forms/d';

export default defineConfig({
  title: 'Unleash Documentation',
  tagline: 'Documentation for the enterprise-ready feature flag service',
  url: 'https://docs.getunleash.io',
  baseUrl: '/',
  favicon: 'img/favicon.svg',
  image: 'img/logo.svg',
  logo: { src: '/img/logo.svg', alt: 'Unleash logo', href: 'https://www.getunleash.io' },
  navbar: {
    hideOnScroll: true,
    items: [
      { type: 'doc', docId: 'quickstart', label: 'Quickstart', position: 'right' },
      { type: 'doc', docId: 'welcome', label: 'Docs', position: 'right' },
      { label: 'Product', href: 'https://www.getunleash.io/enterprise-feature-management-platform', position: 'right' },
      { label: 'Plans', href: 'https://www.getunleash.io/plans', position: 'right' },
      { label: 'Blog', href: 'https://www.getunleash.io/blog', position: 'right' },
      { type: 'separator', position: 'right' },
      {
        type: 'dropdown',
        label: 'Unleash Academy',
        shortLabel: 'Academy',
        to: '/unleash-academy/introduction',
        position: 'right',
        items: [
          { type: 'doc', docId: 'unleash-academy/foundational', label: 'Foundational' },
          { type: 'doc', docId: 'unleash-academy/advanced-for-devs', label: 'Advanced for Developers' },
          { type: 'doc', docId: 'unleash-academy/managing-unleash-for-devops', label: 'Managing Unleash for DevOps/Admins' },
        ],
      },
      {
        type: 'dropdown',
        label: 'Unleash Certification',
        shortLabel: 'Certification',
        position: 'right',
        items: [
          { label: 'Foundational Unleash', href: `${ACADEMY_FORMS}/1iPUk2I0k5xMzicn9aLMcPF3b9ub3ZwdVjRxCxWxV7js/viewform` },
          { label: 'Advanced Unleash for Developers', href: `${ACADEMY_FORMS}/1NUL9hyO8Ys916TB6fPV3-jkvD97OmPXZ8_TO84Wjqgc/viewform` },
          { label: 'Managing Unleash for DevOps/Admins', href: `${ACADEMY_FORMS}/1JlIqmXI3P7dj0n-OiUs2IYsYXgmqw23BChaemlSgHJA/viewform` },
        ],
      },
      { type: 'separator', position: 'right' },
      { label: 'Sign in', href: 'https://app.unleash-hosted.com/sign-in', position: 'right' },
      { type: 'separator', position: 'right' },
      { label: 'GitHub', href: 'https://github.com/Unleash/unleash', position: 'right' },
      { type: 'localeDropdown', position: 'right' },
      { type: 'search', position: 'right' },
      { type: 'colorMode', position: 'right' },
    ],
  },
  footer: {
    columns: [
      {
        title: 'Product',
        items: [
          { label: 'Docs', to: '/' },
          { label: 'Unleash on GitHub', href: 'https://github.com/Unleash/unleash' },
          { label: 'Roadmap', href: 'https://github.com/orgs/Unleash/projects/10' },
          { label: 'Unleash help center', href: 'https://getunleash.zendesk.com/hc/en-gb' },
        ],
      },
      {
        title: 'Community',
        items: [
          { label: 'GitHub discussions', href: 'https://github.com/unleash/unleash/discussions/' },
          { label: 'Slack', href: 'https://slack.unleash.run/' },
          { label: 'Stack Overflow', href: 'https://stackoverflow.com/questions/tagged/unleash' },
          { label: 'Twitter', href: 'https://twitter.com/getunleash' },
        ],
      },
    ],
    copyright: 'Copyright © 2024 Unleash. Built with docsgen.',
    logo: { src: '/img/logo.svg', alt: 'Unleash logo' },
  },
  announcementBar: {
    id: 'unleash-academy-2024',
    content: 'New to feature flags? The <a href="/unleash-academy/introduction">Unleash Academy</a> takes you from first flag to production rollout.',
    backgroundColor: '#1a4049',
    textColor: '#ffffff',
    isCloseable: true,
  },
  colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
  docs: { path: '../content/docs', routeBasePath: '/', sidebarPath: 'sidebars.ts' },
  staticDir: 'static',
  openapi: [
    // Generated from ../shared/reference with `node scripts/generate-openapi.mjs`.
    {
      id: 'unleash',
      spec: '../content/openapi/unleash-api.json',
      route: '/reference/api/unleash',
      sidebar: 'documentation',
      indexTitle: 'Unleash Server APIs',
      // The variables the rest of the docs use (see AUTHORING.md).
      samples: { urlVariable: 'UNLEASH_URL', tokenVariable: 'UNLEASH_API_TOKEN', serverName: 'Unleash' },
      tokenHints: [
        { pathPrefix: '/api/client', hint: 'Use a backend (client) token.', tokenVariable: 'UNLEASH_API_TOKEN' },
        { pathPrefix: '/api/frontend', hint: 'Use a frontend token.', tokenVariable: 'UNLEASH_FRONTEND_TOKEN' },
        // Admin tokens can no longer be created (from v6.7); those made before still work.
        { pathPrefix: '/', hint: 'Use a personal access token or a service account token.', tokenVariable: 'UNLEASH_ADMIN_TOKEN' },
      ],
    },
  ],
  // The SDK, Edge and Proxy pages: downloaded from their repositories, as the real site does.
  remoteContent,
  redirects,
  // The old site served every page under /docs/ too.
  createRedirects: (route) => (route === '/' ? undefined : `/docs${route}`),
  // Page views on load and on each route change, to the real site's Google Analytics property.
  analytics: { gtag: { trackingId: 'UA-134882379-1' } },
  // The real site's marketing tracker (a client module there) and its deferred AI assistant widget.
  clientScripts: [
    { src: 'https://static.reo.dev/5fe670e3422303a/reo.js', async: true },
    {
      src: 'https://widget.kapa.ai/kapa-widget.bundle.js',
      defer: true,
      attributes: {
        'data-website-id': '1d187510-1726-4011-b0f7-62742ae064ee',
        'data-project-name': 'Unleash',
        'data-project-color': '#1A4049',
        'data-project-logo': 'https://cdn.getunleash.io/uploads/2022/05/logo.png',
      },
    },
  ],
  // Search runs on a static index built with the site (no service). The real site's hosted
  // DocSearch would be: { provider: 'algolia', appId: '5U05JI5NE1', apiKey: '…', indexName: 'getunleash' }.
  search: {
    provider: 'local',
    suggestions: ['feature flags', 'strategy constraints', 'API tokens'],
    missingResultsUrl: 'https://github.com/Unleash/unleash/issues/new?labels=documentation&title=Docs%20search%3A%20no%20results%20for%20%22{query}%22',
  },
  imageZoom: { selector: '.markdown img', margin: 0, background: '#ffffff', scrollOffset: 40 },
  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
});
