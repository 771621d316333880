import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ASTRO_ENCRYPTION_MODULE, memoiseCspDigest } from './csp-digest-memo.server.ts';

// Not among Astro's exports: found beside its main entry (dist/index.js).
const astroEncryption = path.join(path.dirname(createRequire(import.meta.url).resolve('astro')), 'core', 'encryption.js');
const dir = mkdtempSync(path.join(os.tmpdir(), 'csp-digest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let copies = 0;

/** The installed Astro module, rewritten, loaded afresh from a file of its own (its imports resolved from Astro's folder). */
async function rewrittenModule(): Promise<{ generateCspDigest: (data: string, algorithm: string) => Promise<string> }> {
  const fromAstro = createRequire(astroEncryption);
  const code = memoiseCspDigest(readFileSync(astroEncryption, 'utf8')).replace(
    /from\s+"([^"]+)"/g,
    (_, specifier: string) => `from "${pathToFileURL(fromAstro.resolve(specifier)).href}"`,
  );
  const file = path.join(dir, `encryption-${(copies += 1)}.mjs`);
  writeFileSync(file, code);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as never;
}

describe('the CSP digest memo', () => {
  it('matches the installed Astro encryption module by path', () => {
    expect(ASTRO_ENCRYPTION_MODULE.test(astroEncryption)).toBe(true);
  });

  it("rewrites the installed Astro's generateCspDigest, which still gives the browser's hashes", async () => {
    const { generateCspDigest } = await rewrittenModule();
    const browserHash = (algorithm: 'sha256' | 'sha384', text: string) => `${algorithm}-${createHash(algorithm).update(text).digest('base64')}`;
    expect(await generateCspDigest('', 'SHA-256')).toBe(browserHash('sha256', ''));
    expect(await generateCspDigest('alert(1)', 'SHA-256')).toBe(browserHash('sha256', 'alert(1)'));
    expect(await generateCspDigest('alert(1)', 'SHA-384')).toBe(browserHash('sha384', 'alert(1)'));
  });

  it('hashes a text once, however many renders ask for it', async () => {
    const { generateCspDigest } = await rewrittenModule();
    const digest = vi.spyOn(globalThis.crypto.subtle, 'digest');
    try {
      const first = await generateCspDigest('body{}', 'SHA-256');
      const again = await Promise.all(Array.from({ length: 5 }, () => generateCspDigest('body{}', 'SHA-256')));
      expect(again).toEqual(Array.from({ length: 5 }, () => first));
      expect(digest).toHaveBeenCalledTimes(1);
    } finally {
      digest.mockRestore();
    }
  });

  it('stops the build with a clear message when Astro no longer has the function as expected', () => {
    expect(() => memoiseCspDigest('export async function generateCspDigest(text, algo) {}')).toThrow(/no longer declares/);
  });
});
