import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedRouteMatchers } from '../src/lib/http/cache-key.ts';
import {
  CACHE_KEY_CONFIG,
  cacheKeyConfig,
  nginxBinary,
  renderSiteConfig,
  SITE_CONFIG,
  testSiteConfig,
} from './nginx-site.ts';

describe('the nginx cache key', () => {
  it('is generated from the current route rules (run `npm run nginx:cache-key` after changing them)', () => {
    expect(readFileSync(CACHE_KEY_CONFIG, 'utf8')).toBe(cacheKeyConfig());
  });

  it("lists every cached route with exactly the parameters the app keeps, in the app's order", () => {
    const config = cacheKeyConfig();
    const listed = [...config.matchAll(/^ {4}"~(.+)" "([a-z,]*)"; # (\S+)$/gm)].map(([, , query, pattern]) => ({
      pattern,
      query,
    }));
    expect(listed).toEqual(
      cachedRouteMatchers().map((route) => ({ pattern: route.pattern, query: [...route.query].sort().join(',') })),
    );
  });
});

describe('critical-hit.conf rendered for a local run', () => {
  const site = {
    listen: '127.0.0.1:1',
    upstreams: ['127.0.0.1:2', '127.0.0.1:3'],
    root: '/tmp/dist/client',
    dir: '/tmp/nginx-site',
  };

  it('swaps TLS for a plain listener and the production upstreams and paths for local ones', () => {
    const text = renderSiteConfig(site);
    const directives = text
      .split('\n')
      .map((line) => line.replace(/#.*/, ''))
      .join('\n');
    expect(directives).not.toMatch(
      /ssl|443|:80\b|listen 80|Strict-Transport-Security|\/srv\/|\/var\/cache|\/etc\/nginx\/critical-hit/,
    );
    expect(text).toContain('    listen 127.0.0.1:1;');
    expect(text).toContain('    server 127.0.0.1:2;\n    server 127.0.0.1:3;');
    expect(text).toContain('proxy_cache_valid 200 5s;');
  });

  it('refuses a configuration that lost the lines it swaps', () => {
    const config = readFileSync(SITE_CONFIG, 'utf8').replace(/# local: listen/g, '');
    expect(() => renderSiteConfig(site, config)).toThrow(/local: listen/);
  });

  const nginx = nginxBinary();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'nginx-site-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it.skipIf(!nginx)("passes `nginx -t` with Debian's nginx", () => {
    expect(testSiteConfig({ ...site, dir, root: path.resolve('dist/client') })).toBeNull();
  });
});
