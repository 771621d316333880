/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// One config for unit and integration tests. Tests sit beside the code they test
// (*.test.ts / *.test.tsx); integration tests open their own in-memory PGlite through
// tests/helpers/database.ts. Browser journeys live in tests/e2e (Playwright).
export default getViteConfig({
  test: {
    globalSetup: ['tests/helpers/global-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'functions/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/architecture/**/*.test.ts'],
    environment: 'node',
    // PGlite start-up and migrations take a few seconds per file on a slow machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
