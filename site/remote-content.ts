// The pages the real site downloads at build time: the SDKs' READMEs, and the Edge and Proxy
// documentation from their repositories. This machine's builds cannot reach GitHub, so each is
// built from its committed snapshot in content/remote/ (with a warning); the snapshots are our
// own guides, written in the shape of a README. `docsgen snapshot` replaces them with what the
// repositories serve. The edit links come from the URLs: each document's README on github.com.
import type { RemoteContentConfig } from 'docsgen';

const GITHUB = 'https://raw.githubusercontent.com/Unleash/';

export const remoteContent: RemoteContentConfig[] = [
  {
    id: 'sdks',
    baseUrl: GITHUB,
    snapshot: '../content/remote/sdks',
    documents: [
      {
        source: 'unleash-client-go/v3/README.md',
        route: '/reference/sdks/go',
        title: 'Go SDK',
        sidebar_label: 'Go',
        description: 'Install the official Unleash Go SDK, connect it to Unleash with a backend token, and check feature flags, variants and custom strategies in Go services.',
        keywords: ['go', 'golang', 'sdk', 'server-side', 'feature flags', 'unleash-go-sdk'],
      },
      {
        source: 'unleash-client-java/main/README.md',
        route: '/reference/sdks/java',
        title: 'Java SDK',
        sidebar_label: 'Java',
        description: 'Add the official Unleash Java SDK to a Maven or Gradle project, connect it with a backend token, and check feature flags, variants and custom strategies on the JVM.',
        keywords: ['java', 'jvm', 'spring', 'sdk', 'server-side', 'feature flags', 'unleash-client-java'],
      },
      {
        source: 'unleash-client-node/main/README.md',
        route: '/reference/sdks/node',
        title: 'Node.js SDK',
        sidebar_label: 'Node',
        description:
          'Install and configure unleash-client, the server-side Unleash SDK for Node.js, and use it to check feature flags, read variants, write custom strategies, bootstrap, test and shut down cleanly.',
        keywords: ['node', 'nodejs', 'typescript', 'unleash-client', 'sdk', 'server-side'],
      },
      {
        source: 'unleash-client-php/main/README.md',
        route: '/reference/sdks/php',
        title: 'PHP SDK',
        sidebar_label: 'PHP',
        description:
          'Install the unleash/client Composer package, build an Unleash instance with UnleashBuilder, and check feature flags and variants in PHP, with caching, context, custom strategies and bootstrapping explained.',
      },
      {
        source: 'unleash-client-python/main/README.md',
        route: '/reference/sdks/python',
        title: 'Python SDK',
        sidebar_label: 'Python',
        description:
          'Install and configure the UnleashClient package to evaluate Unleash feature flags inside Python services, including context, variants, custom strategies, bootstrapping and multi-process servers.',
      },
      {
        source: 'unleash-client-ruby/main/README.md',
        route: '/reference/sdks/ruby',
        title: 'Ruby SDK',
        sidebar_label: 'Ruby',
        description:
          'Add the unleash gem to a Ruby or Rails application, check feature flags and variants with an Unleash::Context, run it under Puma, Passenger and Sidekiq, and test and shut it down cleanly.',
      },
      {
        source: 'unleash-client-rust/main/README.md',
        route: '/reference/sdks/rust',
        title: 'Rust SDK',
        sidebar_label: 'Rust',
        description: 'Add the unleash-api-client crate to a Rust service, choose its HTTP client, run its poll loop in an async task, and check feature flags and variants with an Unleash context.',
        keywords: ['rust', 'cargo', 'crate', 'unleash-api-client', 'tokio', 'reqwest', 'sdk', 'server-side'],
      },
      {
        source: 'unleash-client-dotnet/main/README.md',
        route: '/reference/sdks/dotnet',
        title: '.NET SDK',
        sidebar_label: '.NET',
        description:
          'Install and configure Unleash.Client, the server-side Unleash SDK for .NET, and use it to check feature flags, read variants, pass an Unleash context, write custom strategies, bootstrap, handle events, test and shut down cleanly.',
        keywords: ['dotnet', '.net', 'csharp', 'c#', 'asp.net core', 'nuget', 'unleash.client', 'sdk', 'server-side'],
      },
      {
        source: 'unleash-android-proxy-sdk/main/README.md',
        route: '/reference/sdks/android-proxy-legacy',
        title: 'Android SDK (legacy)',
        sidebar_label: 'Android (legacy)',
        description: 'The deprecated unleash-android-proxy-sdk for Android and Kotlin, its basic use, and how to migrate to the current Android SDK.',
      },
      {
        source: 'unleash-android/main/README.md',
        route: '/reference/sdks/android-proxy',
        title: 'Android SDK',
        sidebar_label: 'Android',
        description: 'Add Unleash feature flags to an Android app with the unleash-android SDK, connected to the Frontend API or Unleash Edge.',
      },
      {
        source: 'unleash_proxy_client_flutter/main/README.md',
        route: '/reference/sdks/flutter',
        title: 'Flutter SDK',
        sidebar_label: 'Flutter',
        description: 'Check Unleash feature flags in Flutter apps with the unleash_proxy_client_flutter package, from setup to context updates, bootstrapping, storage and tests.',
      },
      {
        source: 'unleash-proxy-client-swift/main/README.md',
        route: '/reference/sdks/ios-proxy',
        title: 'iOS SDK',
        sidebar_label: 'iOS',
        description: 'Use Unleash feature flags in iOS and macOS apps with the UnleashProxyClientSwift package, connected to the Frontend API or Unleash Edge.',
      },
      {
        source: 'unleash-proxy-client-js/main/README.md',
        route: '/reference/sdks/javascript-browser',
        title: 'JavaScript browser SDK',
        sidebar_label: 'JavaScript browser',
        description: 'Use the unleash-proxy-client package to check Unleash feature flags in browser applications through the Frontend API or Unleash Edge.',
      },
      {
        source: 'proxy-client-react/main/README.md',
        route: '/reference/sdks/react',
        title: 'React SDK',
        sidebar_label: 'React',
        description: 'Use @unleash/proxy-client-react to read Unleash feature flags in React and React Native components with a provider and hooks.',
      },
      {
        source: 'proxy-client-svelte/main/README.md',
        route: '/reference/sdks/svelte',
        title: 'Svelte SDK',
        sidebar_label: 'Svelte',
        description: 'Check Unleash feature flags in Svelte and SvelteKit apps with the @unleash/proxy-client-svelte provider component and its store-returning hooks.',
      },
      {
        source: 'proxy-client-vue/main/README.md',
        route: '/reference/sdks/vue',
        title: 'Vue SDK',
        sidebar_label: 'Vue',
        description: 'Check Unleash feature flags in Vue 3 apps with the @unleash/proxy-client-vue plugin or FlagProvider component and its composables.',
      },
      {
        source: 'unleash-client-nextjs/main/README.md',
        route: '/reference/sdks/next-js',
        title: 'Next.js SDK',
        sidebar_label: 'Next.js',
        description: 'Use @unleash/nextjs to evaluate Unleash feature flags in Next.js server components, data-fetching functions and middleware, and to read them in client components.',
      },
    ],
  },
  {
    id: 'external',
    baseUrl: GITHUB,
    snapshot: '../content/remote/external',
    documents: [
      {
        source: 'unleash-proxy/main/README.md',
        route: '/reference/unleash-proxy',
        title: 'Unleash Proxy',
        description: 'What the Unleash Proxy was, why it is deprecated in favour of Unleash Edge and the built-in Frontend API, how it was configured, and how to migrate an existing Proxy setup.',
      },
      {
        source: 'unleash-edge/main/README.md',
        route: '/reference/unleash-edge',
        id: 'reference/unleash-edge/index',
        title: 'Unleash Edge',
        description: 'What Unleash Edge is, why you would put it between your SDKs and Unleash, which APIs it serves, which tokens it needs and how to start it with Docker.',
        keywords: ['unleash edge', 'edge', 'proxy', 'frontend api', 'scaling'],
      },
      {
        source: 'unleash-edge/main/docs/concepts.md',
        route: '/reference/unleash-edge/concepts',
        title: 'Concepts',
        sidebar_label: 'Concepts',
        description:
          'How Unleash Edge works inside - its edge and offline modes, how it validates and scopes tokens, refreshes and caches configuration, aggregates metrics, chains to other Edge instances and reports health and readiness.',
      },
      {
        source: 'unleash-edge/main/docs/deploying.md',
        route: '/reference/unleash-edge/deploying',
        title: 'Deploying',
        sidebar_label: 'Deploying',
        description:
          'How to run Unleash Edge in production with Docker, docker compose or Kubernetes, which options and environment variables matter, how to persist its cache, scale it out and monitor it, with a checklist before go-live.',
      },
    ],
  },
];
