// The two sidebars of the Unleash docs, in Docusaurus's format. A sidebar only names pages that exist;
// the issues that write the remaining areas add their entries.
import { defineSidebars } from 'docsgen';

/** Introductions of the generated category index pages. */
const DESCRIPTIONS: Record<string, string> = {
  '/topics': 'Guides on designing, using and managing feature flags well, whatever tool you use.',
  '/topics/feature-flags': 'Principles and practices for running feature flags in large organisations without losing control.',
  '/understanding-unleash': 'How Unleash is built and why: its parts, its data model, and how it evaluates flags.',
  '/reference': 'The building blocks of Unleash, one page each: flags, strategies, constraints, segments, variants, tokens and more.',
  '/using-unleash': 'Everything you need to run Unleash day to day: APIs, guides and configuration.',
  '/using-unleash/deploy': 'Run Unleash on your own infrastructure: install, configure, secure, back up and upgrade it.',
  '/using-unleash/troubleshooting': 'Symptoms you may run into with Unleash, their likely causes, and how to fix each.',
  '/how-to': 'Step-by-step guides for common Unleash tasks.',
  '/how-to/misc': 'Guides for creating and managing feature flags, strategies and context.',
  '/contributing': 'How to work on the Unleash code base: set-up, architecture and the decisions behind it.',
};

export default defineSidebars({
  documentation: [
    { type: 'doc', id: "quickstart" },
    {
      type: 'category',
      label: "Feature Flags Developer Guide",
      link: { type: 'generated-index', title: "Feature Flag Developer Guide", slug: "/topics", description: DESCRIPTIONS["/topics"] },
      items: [
        {
          type: 'category',
          label: "Feature Flag Concepts",
          items: [
            { type: 'doc', id: "topics/concepts/what-is-a-feature-flag" },
          ],
        },
        {
          type: 'category',
          label: "Feature Flag Best Practices",
          link: { type: 'generated-index', title: "Feature Flag Best Practices", slug: "/topics/feature-flags", description: DESCRIPTIONS["/topics/feature-flags"] },
          items: [
            { type: 'doc', id: "topics/feature-flags/feature-flag-best-practices", label: "Building and scaling feature flag systems" },
            { type: 'doc', id: "topics/feature-flags/best-practices-using-feature-flags-at-scale", label: "Using feature flags at scale" },
            { type: 'doc', id: "topics/feature-flag-migration/feature-flag-migration-best-practices", label: "Migrating from homegrown feature management solutions" },
          ],
        },
      ],
    },
    {
      type: 'category',
      label: "Understanding Unleash",
      link: { type: 'generated-index', title: "Understanding Unleash", slug: "/understanding-unleash", description: DESCRIPTIONS["/understanding-unleash"] },
      collapsed: false,
      items: [
        { type: 'doc', id: "understanding-unleash/unleash-overview" },
        { type: 'doc', id: "understanding-unleash/the-anatomy-of-unleash" },
        { type: 'doc', id: "understanding-unleash/managing-constraints" },
        { type: 'doc', id: "understanding-unleash/proxy-hosting" },
        { type: 'doc', id: "understanding-unleash/data-collection" },
        {
          type: 'category',
          label: "Unleash Concepts",
          link: { type: 'generated-index', title: "Unleash Concepts", slug: "/reference", description: DESCRIPTIONS["/reference"] },
          items: [
            { type: 'doc', id: "reference/activation-strategies" },
            { type: 'doc', id: "reference/api-tokens-and-client-keys" },
            { type: 'doc', id: "reference/change-requests" },
            { type: 'doc', id: "reference/custom-activation-strategies" },
            { type: 'doc', id: "reference/environments" },
            { type: 'doc', id: "reference/feature-toggles" },
            { type: 'doc', id: "reference/front-end-api" },
            { type: 'doc', id: "reference/impression-data" },
            { type: 'doc', id: "reference/projects" },
            { type: 'doc', id: "reference/segments" },
            { type: 'doc', id: "reference/stickiness" },
            { type: 'doc', id: "reference/strategy-constraints" },
            { type: 'doc', id: "reference/strategy-variants" },
            { type: 'doc', id: "reference/unleash-context" },
          ],
        },
      ],
    },
    {
      type: 'category',
      label: "Using Unleash",
      link: { type: 'generated-index', title: "Using Unleash", slug: "/using-unleash", description: DESCRIPTIONS["/using-unleash"] },
      collapsed: false,
      items: [
        {
          type: 'category',
          label: "APIs",
          link: { type: 'doc', id: 'reference/api/unleash' },
          items: [
            // One category per API tag, generated from the OpenAPI document (see `openapi` in the config).
            { type: 'openapi', id: 'unleash' },
            {
              type: 'category',
              label: "System API",
              items: [
                { type: 'doc', id: "reference/api/legacy/unleash/internal/prometheus" },
                { type: 'doc', id: "reference/api/legacy/unleash/internal/health" },
              ],
            },
            {
              type: 'category',
              label: "(Legacy Docs) Admin API",
              items: [
                { type: 'doc', id: "reference/api/legacy/unleash/admin/addons" },
                { type: 'doc', id: "reference/api/legacy/unleash/admin/context" },
                { type: 'doc', id: "reference/api/legacy/unleash/admin/events" },
                { type: 'doc', id: "reference/api/legacy/unleash/admin/features-v2" },
                { type: 'doc', id: "reference/api/legacy/unleash/admin/feature-types" },
                { type: 'doc', id: "reference/api/legacy/unleash/admin/features" },
                { type: 'doc', id: "reference/api/legacy/unleash/admin/archive" },
                { type: 'doc', id: "reference/api/legacy/unleash/admin/metrics" },
                { type: 'doc', id: "reference/api/legacy/unleash/admin/projects" },
                { type: 'doc', id: "reference/api/legacy/unleash/admin/segments" },
                { type: 'doc', id: "reference/api/legacy/unleash/admin/state" },
                { type: 'doc', id: "reference/api/legacy/unleash/admin/strategies" },
                { type: 'doc', id: "reference/api/legacy/unleash/admin/tags" },
                { type: 'doc', id: "reference/api/legacy/unleash/admin/user-admin" },
              ],
            },
            {
              type: 'category',
              label: "(Legacy Docs) Client API",
              items: [
                { type: 'doc', id: "reference/api/legacy/unleash/client/features" },
                { type: 'doc', id: "reference/api/legacy/unleash/client/metrics" },
                { type: 'doc', id: "reference/api/legacy/unleash/client/register" },
              ],
            },
          ],
        },
        {
          type: 'category',
          label: "Application SDKs",
          link: { type: 'doc', id: 'reference/sdks/index' },
          items: [
            {
              type: 'category',
              label: "Server-side SDKs",
              items: [
                { type: 'doc', id: "reference/sdks/go" },
                { type: 'doc', id: "reference/sdks/java" },
                { type: 'doc', id: "reference/sdks/node" },
                { type: 'doc', id: "reference/sdks/php" },
                { type: 'doc', id: "reference/sdks/python" },
                { type: 'doc', id: "reference/sdks/ruby" },
                { type: 'doc', id: "reference/sdks/rust" },
                { type: 'doc', id: "reference/sdks/dotnet" },
              ],
            },
            {
              type: 'category',
              label: "Client-side SDKs",
              items: [
                { type: 'doc', id: "reference/sdks/android-proxy-legacy" },
                { type: 'doc', id: "reference/sdks/android-proxy" },
                { type: 'doc', id: "reference/sdks/flutter" },
                { type: 'doc', id: "reference/sdks/ios-proxy" },
                { type: 'doc', id: "reference/sdks/javascript-browser" },
                { type: 'doc', id: "reference/sdks/react" },
                { type: 'doc', id: "reference/sdks/svelte" },
                { type: 'doc', id: "reference/sdks/vue" },
                { type: 'doc', id: "reference/sdks/next-js" },
              ],
            },
            { type: 'link', label: "Community SDKs", href: '/reference/sdks#community-sdks' },
          ],
        },
        {
          type: 'category',
          label: "How-to guides",
          link: { type: 'generated-index', title: "How-to guides", slug: "/how-to", description: DESCRIPTIONS["/how-to"] },
          items: [
            {
              type: 'category',
              label: "Feature flags, strategies, context",
              link: { type: 'generated-index', title: "How-to: general Unleash tasks", slug: "/how-to/misc", description: DESCRIPTIONS["/how-to/misc"] },
              items: [
                { type: 'doc', id: "how-to/how-to-create-feature-toggles" },
              ],
            },
          ],
        },
        {
          type: 'category',
          label: "Self-Hosting Unleash",
          link: { type: 'generated-index', title: "Self-Hosting Unleash", slug: "/using-unleash/deploy", description: DESCRIPTIONS["/using-unleash/deploy"] },
          items: [
            { type: 'doc', id: "using-unleash/deploy/getting-started" },
            { type: 'doc', id: "using-unleash/deploy/configuring-unleash" },
            { type: 'doc', id: "using-unleash/deploy/database-setup" },
            { type: 'doc', id: "using-unleash/deploy/database-backup" },
            { type: 'doc', id: "using-unleash/deploy/email-service" },
            { type: 'doc', id: "using-unleash/deploy/google-auth-hook" },
            { type: 'doc', id: "using-unleash/deploy/upgrading-unleash" },
            { type: 'doc', id: "using-unleash/deploy/securing-unleash" },
            { type: 'doc', id: "using-unleash/deploy/license-keys" },
          ],
        },
        {
          type: 'category',
          label: "Troubleshooting",
          link: { type: 'generated-index', title: "How-to: troubleshooting", slug: "/using-unleash/troubleshooting", description: DESCRIPTIONS["/using-unleash/troubleshooting"] },
          items: [
            { type: 'doc', id: "using-unleash/troubleshooting/cors" },
            { type: 'doc', id: "using-unleash/troubleshooting/https" },
            { type: 'doc', id: "using-unleash/troubleshooting/email-service" },
            { type: 'doc', id: "using-unleash/troubleshooting/feature-not-available" },
            { type: 'doc', id: "using-unleash/troubleshooting/flag-exposure" },
            { type: 'doc', id: "using-unleash/troubleshooting/flag-not-returned" },
            { type: 'doc', id: "using-unleash/troubleshooting/flag-abn-test-unexpected-result" },
          ],
        },
        {
          type: 'category',
          label: "Unleash Edge",
          link: { type: 'doc', id: 'reference/unleash-edge/index' },
          items: [
            { type: 'doc', id: "reference/unleash-edge/concepts" },
            { type: 'doc', id: "reference/unleash-edge/deploying" },
          ],
        },
        { type: 'doc', id: "reference/unleash-proxy" },
      ],
    },
    {
      type: 'category',
      label: "Contributing to Unleash",
      link: { type: 'generated-index', title: "Contributing to Unleash", slug: "/contributing", description: DESCRIPTIONS["/contributing"] },
      items: [
        { type: 'doc', id: "contributing/developer-guide" },
        { type: 'doc', id: "contributing/frontend/overview" },
        { type: 'doc', id: "contributing/backend/overview" },
        {
          type: 'category',
          label: "Architectural Decision Records",
          items: [
            { type: 'autogenerated', dirName: "contributing/ADRs" },
          ],
        },
      ],
    },
    { type: 'ref', id: "unleash-academy/introduction", label: "Unleash Academy", className: "show-when-collapsed" },
  ],
  academy: [
    {
      type: 'category',
      label: "Unleash Academy",
      link: { type: 'doc', id: "unleash-academy/introduction" },
      items: [
        { type: 'doc', id: "unleash-academy/foundational" },
        { type: 'doc', id: "unleash-academy/advanced-for-devs" },
        { type: 'doc', id: "unleash-academy/managing-unleash-for-devops" },
      ],
    },
    { type: 'ref', id: "welcome", label: "Docs", className: "show-when-collapsed" },
  ],
});
