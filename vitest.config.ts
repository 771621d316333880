/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { getViteConfig } from 'astro/config';
import { filesNeedingIsolation } from './tests/helpers/isolation.ts';
import { upstreamAuthJsProject } from './tests/upstream/harness/project.ts';

// Unit and integration tests: they sit beside the code they test (*.test.ts / *.test.tsx);
// integration tests open their own in-memory PGlite through tests/helpers/database.ts.
// Browser journeys live in tests/e2e (Playwright). A second project runs auth-js's own
// test suite, vendored unchanged, against the local auth service (tests/upstream).
const shared = {
  globalSetup: ['tests/helpers/global-setup.ts'],
  environment: 'node',
  // PGlite start-up and migrations take a few seconds per file on a slow machine.
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// The site's files, each checked as a module graph of its own only where it needs one.
const siteFiles = [
  'src/**/*.test.{ts,tsx}',
  'functions/**/*.test.ts',
  'server/**/*.test.ts',
  'scripts/**/*.test.ts',
  'tests/integration/**/*.test.ts',
  'tests/architecture/**/*.test.ts',
];
const isolatedSiteFiles = filesNeedingIsolation(siteFiles, import.meta.dirname);

export default getViteConfig({
  test: {
    // Two files at once even on two cores (vitest's default leaves one free): `npm test` runs
    // the journeys beside these, and once they are done the second core would sit idle while
    // the last files run one by one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Each worker is a child process (vitest's default `forks` pool), not a worker thread: V8
    // aborts the whole run now and then when a thread that ran PGlite's WebAssembly is torn
    // down ("Check failed: jit_page_->allocations_.erase(addr) == 1").
    projects: [
      {
        // Most files share their worker's module graph (vitest's `isolate: false`): a worker
        // loads the site's modules and compiles PGlite's WebAssembly once, not once per file.
        // Each file still opens a database of its own (tests/helpers/database.ts).
        extends: true,
        test: {
          ...shared,
          name: 'site',
          include: siteFiles,
          exclude: isolatedSiteFiles,
          isolate: false,
          setupFiles: ['tests/helpers/shared-modules.ts'],
        },
      },
      {
        // The files that replace modules or change the environment, globals or clock, each
        // in a process of its own (tests/helpers/isolation.ts says which).
        extends: true,
        test: { ...shared, name: 'site-isolated', include: isolatedSiteFiles },
      },
      upstreamAuthJsProject(shared),
    ],
  },
});
