// Legacy paths of the Unleash docs that now live elsewhere. Each issue that writes a page adds the
// redirects that point at it; `docs/`-prefixed twins of the old paths are listed as the real site had them.
import type { RedirectConfig } from 'docsgen';

export const redirects: RedirectConfig[] = [
  {
    from: [
      '/user_guide/quickstart',
      '/docs/user_guide/quickstart',
      '/docs/getting_started',
      '/tutorials/quickstart',
      '/docs/tutorials/quickstart',
      '/tutorials/getting-started',
      '/docs/tutorials/getting-started',
    ],
    to: '/quickstart',
  },
  {
    from: ['/api/basic-auth', '/docs/api/basic-auth'],
    to: '/reference/api/legacy/unleash/basic-auth',
  },
  {
    from: ['/api', '/docs/api'],
    to: '/reference/api/legacy/unleash',
  },
  {
    from: ['/api/admin/addons', '/docs/api/admin/addons'],
    to: '/reference/api/legacy/unleash/admin/addons',
  },
  {
    from: ['/api/admin/context', '/docs/api/admin/context'],
    to: '/reference/api/legacy/unleash/admin/context',
  },
  {
    from: ['/api/admin/events', '/docs/api/admin/events'],
    to: '/reference/api/legacy/unleash/admin/events',
  },
  {
    from: ['/api/admin/feature-toggles-v2', '/docs/api/admin/feature-toggles-v2'],
    to: '/reference/api/legacy/unleash/admin/features-v2',
  },
  {
    from: ['/api/admin/feature-types', '/docs/api/admin/feature-types'],
    to: '/reference/api/legacy/unleash/admin/feature-types',
  },
  {
    from: ['/api/admin/features', '/docs/api/admin/features'],
    to: '/reference/api/legacy/unleash/admin/features',
  },
  {
    from: ['/api/admin/features-archive', '/docs/api/admin/features-archive'],
    to: '/reference/api/legacy/unleash/admin/archive',
  },
  {
    from: ['/api/admin/metrics', '/docs/api/admin/metrics'],
    to: '/reference/api/legacy/unleash/admin/metrics',
  },
  {
    from: ['/api/admin/projects', '/docs/api/admin/projects'],
    to: '/reference/api/legacy/unleash/admin/projects',
  },
  {
    from: ['/api/admin/segments', '/docs/api/admin/segments'],
    to: '/reference/api/legacy/unleash/admin/segments',
  },
  {
    from: ['/api/admin/state', '/docs/api/admin/state'],
    to: '/reference/api/legacy/unleash/admin/state',
  },
  {
    from: ['/api/admin/strategies', '/docs/api/admin/strategies'],
    to: '/reference/api/legacy/unleash/admin/strategies',
  },
  {
    from: ['/api/admin/tags', '/docs/api/admin/tags'],
    to: '/reference/api/legacy/unleash/admin/tags',
  },
  {
    from: ['/api/admin/user-admin', '/docs/api/admin/user-admin'],
    to: '/reference/api/legacy/unleash/admin/user-admin',
  },
  {
    from: ['/api/client/features', '/docs/api/client/features'],
    to: '/reference/api/legacy/unleash/client/features',
  },
  {
    from: ['/api/client/metrics', '/docs/api/client/metrics'],
    to: '/reference/api/legacy/unleash/client/metrics',
  },
  {
    from: ['/api/client/register', '/docs/api/client/register'],
    to: '/reference/api/legacy/unleash/client/register',
  },
  {
    from: ['/api/internal/internal', '/docs/api/internal/internal'],
    to: '/reference/api/legacy/unleash/internal/prometheus',
  },
  {
    from: ['/api/internal/health', '/docs/api/internal/health'],
    to: '/reference/api/legacy/unleash/internal/health',
  },
  {
    from: ['/help', '/docs/help'],
    to: '/',
  },
  {
    from: ['/tutorials/academy', '/docs/tutorials/academy', '/unleash-academy', '/docs/unleash-academy'],
    to: '/unleash-academy/introduction',
  },
  {
    from: ['/tutorials/academy-foundational', '/docs/tutorials/academy-foundational'],
    to: '/unleash-academy/foundational',
  },
  {
    from: ['/tutorials/academy-advanced-for-devs', '/docs/tutorials/academy-advanced-for-devs'],
    to: '/unleash-academy/advanced-for-devs',
  },
  {
    from: ['/tutorials/academy-managing-unleash-for-devops', '/docs/tutorials/academy-managing-unleash-for-devops'],
    to: '/unleash-academy/managing-unleash-for-devops',
  },
  {
    from: ['/tutorials/unleash-overview', '/docs/tutorials/unleash-overview', '/user_guide/unleash_overview', '/docs/user_guide/unleash_overview'],
    to: '/understanding-unleash/unleash-overview',
  },
  {
    from: ['/tutorials/managing-constraints', '/docs/tutorials/managing-constraints', '/topics/managing-constraints', '/docs/topics/managing-constraints'],
    to: '/understanding-unleash/managing-constraints',
  },
  {
    from: ['/tutorials/the-anatomy-of-unleash', '/docs/tutorials/the-anatomy-of-unleash', '/topics/the-anatomy-of-unleash', '/docs/topics/the-anatomy-of-unleash'],
    to: '/understanding-unleash/the-anatomy-of-unleash',
  },
  {
    from: ['/tutorials/proxy-hosting', '/docs/tutorials/proxy-hosting', '/topics/proxy-hosting', '/docs/topics/proxy-hosting'],
    to: '/understanding-unleash/proxy-hosting',
  },
  {
    from: ['/tutorials/data-collection', '/docs/tutorials/data-collection', '/topics/data-collection', '/docs/topics/data-collection'],
    to: '/understanding-unleash/data-collection',
  },
  {
    from: [
      '/topics/feature-flags/runtime-control',
      '/docs/topics/feature-flags/runtime-control',
      '/topics/feature-flags/never-expose-pii',
      '/docs/topics/feature-flags/never-expose-pii',
      '/topics/feature-flags/evaluate-flags-close-to-user',
      '/docs/topics/feature-flags/evaluate-flags-close-to-user',
      '/topics/feature-flags/scale-horizontally',
      '/docs/topics/feature-flags/scale-horizontally',
      '/topics/feature-flags/limit-payloads',
      '/docs/topics/feature-flags/limit-payloads',
      '/topics/feature-flags/availability-over-consistency',
      '/docs/topics/feature-flags/availability-over-consistency',
      '/topics/feature-flags/short-lived-feature-flags',
      '/docs/topics/feature-flags/short-lived-feature-flags',
      '/topics/feature-flags/unique-names',
      '/docs/topics/feature-flags/unique-names',
      '/topics/feature-flags/democratize-feature-flag-access',
      '/docs/topics/feature-flags/democratize-feature-flag-access',
      '/topics/feature-flags/prioritize-ux',
      '/docs/topics/feature-flags/prioritize-ux',
      '/topics/feature-flags/enable-traceability',
      '/docs/topics/feature-flags/enable-traceability',
    ],
    to: '/topics/feature-flags/feature-flag-best-practices',
  },
  {
    from: [
      '/topics/feature-flag-migration/feature-flag-migration-scope',
      '/docs/topics/feature-flag-migration/feature-flag-migration-scope',
      '/topics/feature-flag-migration/business-case-feature-flag-migration',
      '/docs/topics/feature-flag-migration/business-case-feature-flag-migration',
      '/topics/feature-flag-migration/planning-feature-flag-migration',
      '/docs/topics/feature-flag-migration/planning-feature-flag-migration',
      '/topics/feature-flag-migration/how-to-execute-feature-flag-migration',
      '/docs/topics/feature-flag-migration/how-to-execute-feature-flag-migration',
      '/topics/feature-flag-migration/onbording-users-to-feature-flag-service',
      '/docs/topics/feature-flag-migration/onbording-users-to-feature-flag-service',
    ],
    to: '/topics/feature-flag-migration/feature-flag-migration-best-practices',
  },
  // The SDK pages; and three old paths of pages that already existed (two from the host-level redirects).
  {
    from: [
      '/sdks',
      '/docs/sdks',
      '/user_guide/client-sdk',
      '/docs/user_guide/client-sdk',
      '/client-sdk',
      '/docs/client-sdk',
      '/user_guide/connect_sdk',
      '/docs/user_guide/connect_sdk',
      '/sdks/community',
      '/docs/sdks/community',
    ],
    to: '/reference/sdks',
  },
  {
    from: ['/sdks/go_sdk', '/docs/sdks/go_sdk'],
    to: '/reference/sdks/go',
  },
  {
    from: ['/sdks/java_sdk', '/docs/sdks/java_sdk'],
    to: '/reference/sdks/java',
  },
  {
    from: ['/sdks/node_sdk', '/docs/sdks/node_sdk'],
    to: '/reference/sdks/node',
  },
  {
    from: ['/sdks/php_sdk', '/docs/sdks/php_sdk'],
    to: '/reference/sdks/php',
  },
  {
    from: ['/sdks/python_sdk', '/docs/sdks/python_sdk'],
    to: '/reference/sdks/python',
  },
  {
    from: ['/sdks/dot_net_sdk', '/docs/sdks/dot_net_sdk'],
    to: '/reference/sdks/dotnet',
  },
  {
    from: ['/sdks/ruby_sdk', '/docs/sdks/ruby_sdk'],
    to: '/reference/sdks/ruby',
  },
  {
    from: ['/sdks/android_proxy_sdk', '/docs/sdks/android_proxy_sdk'],
    to: '/reference/sdks/android-proxy',
  },
  {
    from: ['/sdks/proxy-ios', '/docs/sdks/proxy-ios'],
    to: '/reference/sdks/ios-proxy',
  },
  {
    from: ['/sdks/proxy-javascript', '/docs/sdks/proxy-javascript', '/sdks/javascript-browser', '/docs/sdks/javascript-browser'],
    to: '/reference/sdks/javascript-browser',
  },
  {
    from: ['/sdks/proxy-react', '/docs/sdks/proxy-react', '/sdks/react', '/docs/sdks/react'],
    to: '/reference/sdks/react',
  },
  {
    from: ['/sdks/proxy-vue', '/docs/sdks/proxy-vue'],
    to: '/reference/sdks/vue',
  },
  {
    from: ['/sdks/proxy-svelte', '/docs/sdks/proxy-svelte'],
    to: '/reference/sdks/svelte',
  },
  {
    from: ['/developer-guide', '/docs/developer-guide'],
    to: '/contributing',
  },
  {
    from: ['/api/open_api', '/docs/api/open_api'],
    to: '/reference/api/unleash',
  },
  {
    from: ['/user_guide/create_feature_toggle', '/docs/user_guide/create_feature_toggle', '/how-to/how-to-create-feature-toggles', '/docs/how-to/how-to-create-feature-toggles'],
    to: '/how-to-create-feature-flag',
  },
  // The Unleash concepts under /reference, Edge and the Proxy, self-hosting and troubleshooting. Old anchors
  // of the real site point at the heading of ours that covers the same thing.
  {
    from: ['/advanced/archived_toggles', '/docs/advanced/archived_toggles', '/advanced/feature_toggle_types', '/docs/advanced/feature_toggle_types'],
    to: '/reference/feature-toggles',
  },
  {
    from: ['/advanced/custom-activation-strategy', '/docs/advanced/custom-activation-strategy', '/advanced/custom_activation_strategy', '/docs/advanced/custom_activation_strategy'],
    to: '/reference/custom-activation-strategies',
  },
  {
    from: ['/toggle_variants', '/docs/toggle_variants', '/advanced/feature_toggle_variants', '/docs/advanced/feature_toggle_variants', '/advanced/toggle_variants', '/docs/advanced/toggle_variants'],
    to: '/reference/feature-toggle-variants',
  },
  {
    from: ['/advanced/impression-data', '/docs/advanced/impression-data', '/advanced/impression_data', '/docs/advanced/impression_data'],
    to: '/reference/impression-data',
  },
  {
    from: ['/advanced/stickiness', '/docs/advanced/stickiness'],
    to: '/reference/stickiness',
  },
  {
    from: ['/advanced/strategy_constraints', '/docs/advanced/strategy_constraints'],
    to: '/reference/strategy-constraints',
  },
  {
    from: ['/user_guide/native_apps', '/docs/user_guide/native_apps', '/user_guide/proxy-api', '/docs/user_guide/proxy-api', '/sdks/unleash-proxy', '/docs/sdks/unleash-proxy'],
    to: '/reference/unleash-proxy',
  },
  {
    from: ['/user_guide/control_rollout', '/docs/user_guide/control_rollout', '/user_guide/activation_strategy', '/docs/user_guide/activation_strategy'],
    to: '/reference/activation-strategies',
  },
  {
    from: ['/user_guide/environments', '/docs/user_guide/environments'],
    to: '/reference/environments',
  },
  {
    from: ['/user_guide/projects', '/docs/user_guide/projects'],
    to: '/reference/projects',
  },
  {
    from: ['/user_guide/unleash_context', '/docs/user_guide/unleash_context'],
    to: '/reference/unleash-context',
  },
  {
    from: [
      '/user_guide/important-concepts',
      '/docs/user_guide/important-concepts',
      '/tutorials/important-concepts',
      '/docs/tutorials/important-concepts',
      '/reference/concepts/',
      '/docs/reference/concepts/',
    ],
    to: '/reference',
  },
  {
    from: ['/how-to/how-to-troubleshoot-flag-exposure', '/docs/how-to/how-to-troubleshoot-flag-exposure'],
    to: '/using-unleash/troubleshooting/flag-exposure',
  },
  {
    from: ['/how-to/how-to-troubleshoot-flag-not-returned', '/docs/how-to/how-to-troubleshoot-flag-not-returned'],
    to: '/using-unleash/troubleshooting/flag-not-returned',
  },
  {
    from: ['/how-to/how-to-troubleshoot-cors', '/docs/how-to/how-to-troubleshoot-cors'],
    to: '/using-unleash/troubleshooting/cors',
  },
  {
    from: ['/how-to/how-to-troubleshoot-https', '/docs/how-to/how-to-troubleshoot-https'],
    to: '/using-unleash/troubleshooting/https',
  },
  {
    from: ['/how-to/how-to-troubleshoot-feature-not-available', '/docs/how-to/how-to-troubleshoot-feature-not-available'],
    to: '/using-unleash/troubleshooting/feature-not-available',
  },
  {
    from: ['/reference/deploy', '/docs/reference/deploy', '/deploy', '/docs/deploy'],
    to: '/using-unleash/deploy',
  },
  {
    from: ['/reference/deploy/getting-started', '/docs/reference/deploy/getting-started', '/deploy/getting_started', '/docs/deploy/getting_started'],
    to: '/using-unleash/deploy/getting-started',
  },
  {
    from: ['/reference/deploy/configuring-unleash', '/docs/reference/deploy/configuring-unleash', '/deploy/configuring_unleash', '/docs/deploy/configuring_unleash'],
    to: '/using-unleash/deploy/configuring-unleash',
  },
  {
    from: ['/reference/deploy/database-setup', '/docs/reference/deploy/database-setup', '/deploy/database-setup', '/docs/deploy/database-setup'],
    to: '/using-unleash/deploy/database-setup',
  },
  {
    from: ['/reference/deploy/database-backup', '/docs/reference/deploy/database-backup', '/deploy/database-backup', '/docs/deploy/database-backup'],
    to: '/using-unleash/deploy/database-backup',
  },
  {
    from: ['/reference/deploy/email-service', '/docs/reference/deploy/email-service', '/deploy/email', '/docs/deploy/email'],
    to: '/using-unleash/deploy/email-service',
  },
  {
    from: ['/reference/deploy/google-auth-hook', '/docs/reference/deploy/google-auth-hook', '/deploy/google_auth', '/docs/deploy/google_auth'],
    to: '/using-unleash/deploy/google-auth-hook',
  },
  {
    from: ['/deploy/migration_guide', '/docs/deploy/migration_guide', '/reference/deploy/migration-guide', '/docs/reference/deploy/migration-guide'],
    to: '/using-unleash/deploy/upgrading-unleash',
  },
  {
    from: ['/reference/deploy/securing-unleash', '/docs/reference/deploy/securing-unleash', '/deploy/securing_unleash', '/docs/deploy/securing_unleash'],
    to: '/using-unleash/deploy/securing-unleash',
  },
  {
    from: ['/reference/feature-toggle-types', '/docs/reference/feature-toggle-types'],
    to: '/reference/feature-toggles#flag-types',
  },
  {
    from: ['/reference/feature-lifecycle', '/docs/reference/feature-lifecycle'],
    to: '/reference/feature-toggles#stale-and-potentially-stale-flags',
  },
  {
    from: [
      '/reference/feature-flag-naming-patterns',
      '/docs/reference/feature-flag-naming-patterns',
      '/how-to/how-to-add-feature-flag-naming-patterns',
      '/docs/how-to/how-to-add-feature-flag-naming-patterns',
    ],
    to: '/reference/feature-toggles#naming-patterns',
  },
  {
    from: ['/how-to/how-to-clone-environments', '/docs/how-to/how-to-clone-environments'],
    to: '/reference/environments#clone-an-environment',
  },
  {
    from: ['/reference/archived-toggles', '/docs/reference/archived-toggles'],
    to: '/reference/feature-toggles#archiving-reviving-and-deleting',
  },
  {
    from: ['/reference/dependent-features', '/docs/reference/dependent-features'],
    to: '/reference/feature-toggles#dependent-flags',
  },
  // The rest of the Unleash concepts, and the integrations.
  {
    from: ['/advanced/audit_log', '/docs/advanced/audit_log', '/reference/event-log', '/docs/reference/event-log', '/reference/event-types', '/docs/reference/event-types'],
    to: '/reference/events',
  },
  {
    from: ['/advanced/tags', '/docs/advanced/tags'],
    to: '/reference/tags',
  },
  {
    from: ['/advanced/enterprise-authentication', '/docs/advanced/enterprise-authentication'],
    to: '/reference/sso',
  },
  {
    from: ['/addons', '/docs/addons', '/reference/addons', '/docs/reference/addons', '/integrations/integrations', '/docs/integrations/integrations', '/integrations', '/docs/integrations'],
    to: '/reference/integrations',
  },
  {
    from: ['/addons/datadog', '/docs/addons/datadog', '/reference/addons/datadog', '/docs/reference/addons/datadog'],
    to: '/reference/integrations/datadog',
  },
  {
    from: ['/addons/slack', '/docs/addons/slack', '/reference/addons/slack', '/docs/reference/addons/slack'],
    to: '/reference/integrations/slack',
  },
  {
    from: ['/addons/slack-app', '/docs/addons/slack-app', '/reference/addons/slack-app', '/docs/reference/addons/slack-app'],
    to: '/reference/integrations/slack-app',
  },
  {
    from: ['/addons/teams', '/docs/addons/teams', '/reference/addons/teams', '/docs/reference/addons/teams'],
    to: '/reference/integrations/teams',
  },
  {
    from: ['/addons/webhook', '/docs/addons/webhook', '/reference/addons/webhook', '/docs/reference/addons/webhook'],
    to: '/reference/integrations/webhook',
  },
  {
    from: ['/integrations/jira_server_plugin_installation', '/docs/integrations/jira_server_plugin_installation'],
    to: '/reference/integrations/jira-server-plugin-installation',
  },
  {
    from: ['/integrations/jira_server_plugin_usage', '/docs/integrations/jira_server_plugin_usage'],
    to: '/reference/integrations/jira-server-plugin-usage',
  },
  {
    from: ['/user_guide/rbac', '/docs/user_guide/rbac', '/advanced/groups', '/docs/advanced/groups'],
    to: '/reference/rbac',
  },
  {
    from: ['/user_guide/technical_debt', '/docs/user_guide/technical_debt'],
    to: '/reference/technical-debt',
  },
  {
    from: ['/user_guide/v4-whats-new', '/docs/user_guide/v4-whats-new'],
    to: '/reference/whats-new-v4',
  },
  // The how-to guides.
  {
    from: ['/user_guide/api-token', '/docs/user_guide/api-token', '/deploy/user_guide/api-token', '/docs/deploy/user_guide/api-token'],
    to: '/how-to/how-to-create-api-tokens',
  },
  {
    from: ['/advanced/api_access', '/docs/advanced/api_access'],
    to: '/how-to/how-to-use-the-admin-api',
  },
  {
    from: ['/advanced/sso-google', '/docs/advanced/sso-google'],
    to: '/how-to/how-to-add-sso-google',
  },
  {
    from: ['/advanced/sso-open-id-connect', '/docs/advanced/sso-open-id-connect'],
    to: '/how-to/how-to-add-sso-open-id-connect',
  },
  {
    from: ['/advanced/sso-saml-keycloak', '/docs/advanced/sso-saml-keycloak'],
    to: '/how-to/how-to-add-sso-saml-keycloak',
  },
  {
    from: ['/advanced/sso-saml', '/docs/advanced/sso-saml'],
    to: '/how-to/how-to-add-sso-saml',
  },
  {
    from: ['/guides/feature_updates_to_slack', '/docs/guides/feature_updates_to_slack'],
    to: '/how-to/how-to-send-feature-updates-to-slack-deprecated',
  },
  {
    from: ['/user_guide/user-management', '/docs/user_guide/user-management'],
    to: '/how-to/how-to-add-users-to-unleash',
  },
  {
    from: ['/reference/deploy/import-export', '/docs/reference/deploy/import-export', '/deploy/import_export', '/docs/deploy/import_export'],
    to: '/how-to/how-to-import-export',
  },
  {
    from: ['/reference/deploy/environment-import-export', '/docs/reference/deploy/environment-import-export', '/deploy/environment-import-export', '/docs/deploy/environment-import-export'],
    to: '/how-to/how-to-environment-import-export',
  },
  {
    from: ['/topics/feature-flags/tutorials', '/docs/topics/feature-flags/tutorials', '/tutorials', '/docs/tutorials'],
    to: '/feature-flag-tutorials',
  },
  {
    from: ['/topics/a-b-testing', '/docs/topics/a-b-testing'],
    to: '/feature-flag-tutorials/use-cases/a-b-testing',
  },
  {
    from: ['/topics/feature-flags/tutorials/react/implementing-feature-flags', '/docs/topics/feature-flags/tutorials/react/implementing-feature-flags'],
    to: '/feature-flag-tutorials/react',
  },
  {
    from: ['/topics/feature-flags/tutorials/flutter/a-b-testing', '/docs/topics/feature-flags/tutorials/flutter/a-b-testing'],
    to: '/feature-flag-tutorials/flutter/a-b-testing',
  },
];
