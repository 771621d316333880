import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { BODY_LIMITS } from '../http/body-limits.ts';
import { NEVER_CACHED_PREFIXES, routeRules } from '../http/cache-rules.ts';
import { newBuildId, type LatestBuild } from './builds.ts';
import { generateServiceWorker } from './service-worker.server.ts';

/**
 * The build's identity and the files that announce it. At config time it fixes the build
 * id (PUBLIC_BUILD_ID: the release of error reports, the id an open tab compares); when the
 * build is done it writes builds/latest.json, builds/meta/{id}.json and the service worker
 * (Workbox, precaching this build's assets) into the client directory.
 */
export function buildFiles(): AstroIntegration {
  const id = process.env.PUBLIC_BUILD_ID || newBuildId(new Date(), Math.random().toString(36).slice(2));
  const latest: LatestBuild = { id, timestamp: Date.now() };
  let clientDir: URL | undefined;
  return {
    name: 'critical-hit:build-files',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { define: { 'import.meta.env.PUBLIC_BUILD_ID': JSON.stringify(id) } } });
      },
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
      },
      'astro:build:done': async ({ logger }) => {
        if (!clientDir) return;
        const dir = fileURLToPath(clientDir);
        await mkdir(join(dir, 'builds', 'meta'), { recursive: true });
        const meta = {
          ...latest,
          routeRules,
          middleware: { neverCachedPrefixes: NEVER_CACHED_PREFIXES, bodyLimits: BODY_LIMITS },
        };
        await writeFile(join(dir, 'builds', 'meta', `${id}.json`), `${JSON.stringify(meta, null, 2)}\n`);
        await writeFile(join(dir, 'builds', 'latest.json'), `${JSON.stringify(latest)}\n`);
        const sw = await generateServiceWorker(dir, id);
        logger.info(
          `build ${id}: builds/latest.json, builds/meta/${id}.json, sw.js (${sw.count} files precached, ${Math.round(sw.size / 1024)} KB)`,
        );
      },
    },
  };
}
