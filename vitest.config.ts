import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // Builds and browsers are heavy; two cores run two files at a time.
    maxWorkers: 2,
  },
  resolve: { alias: { docsgen: new URL('./src/compiler/define-config.ts', import.meta.url).pathname } },
});
