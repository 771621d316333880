import path from 'node:path';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { upstreamAuthJs } from './resolve.ts';

/**
 * The vitest project that runs auth-js's own tests (vendored unchanged under
 * tests/upstream/auth-js) against the local auth service: Jest's globals on vitest's, the
 * service started per test file (servers.ts), the tests out of scope skipped by name
 * (scope.ts reads out-of-scope.ts), and auth-js itself from the installed package's sources.
 */
export function upstreamAuthJsProject(shared: {
  globalSetup: readonly string[];
  environment: string;
  testTimeout: number;
  hookTimeout: number;
}): TestProjectInlineConfiguration {
  const here = import.meta.dirname;
  return {
    extends: true,
    plugins: [upstreamAuthJs()],
    resolve: {
      alias: [
        {
          find: /^@supabase\/auth-js$/,
          replacement: path.resolve(here, '../../../node_modules/@supabase/auth-js/src/index.ts'),
        },
      ],
    },
    test: {
      ...shared,
      globalSetup: [...shared.globalSetup],
      name: 'auth-js',
      globals: true,
      include: ['tests/upstream/auth-js/test/**/*.test.ts'],
      setupFiles: [path.join(here, 'jest-compat.ts'), path.join(here, 'servers.ts'), path.join(here, 'scope.ts')],
      server: { deps: { inline: [/@supabase\/auth-js/] } },
    },
  };
}
