// The Unleash documentation site.
import { defineConfig } from 'docsgen';
import { redirects } from './redirects.ts';

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
  docs: { path: 'content/docs', routeBasePath: '/', sidebarPath: 'sidebars.ts' },
  staticDir: 'static',
  openapi: [
    // Generated from ../shared/reference with `node scripts/generate-openapi.mjs`.
    { id: 'unleash', spec: '../content/openapi/unleash-api.json', route: '/reference/api/unleash', sidebar: 'documentation' },
  ],
  redirects,
  // The old site served every page under /docs/ too.
  createRedirects: (route) => (route === '/' ? undefined : `/docs${route}`),
  imageZoom: { selector: '.markdown img', margin: 0, background: '#ffffff', scrollOffset: 40 },
  tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
});
