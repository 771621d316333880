// The server the e2e suite runs against: the built site on a brand-new embedded database
// (PGLITE_DIR, which playwright.config.ts points at .data/e2e), so every run starts from
// the demo data and nothing else.
import { rmSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.PGLITE_DIR;
if (!dir || path.resolve(dir) === path.resolve('.data/pglite')) {
  throw new Error('scripts/e2e-server.ts needs its own PGLITE_DIR (never the default .data/pglite)');
}
rmSync(path.resolve(dir), { recursive: true, force: true });
rmSync(`${path.resolve(dir)}.lock`, { force: true });
await import('./start.ts');
