// The server the e2e suite runs against: the built site on a brand-new embedded database
// (PGLITE_DIR, which playwright.config.ts points at .data/e2e), so every run starts from
// the demo data and nothing else.
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const dir = process.env.PGLITE_DIR;
if (!dir || path.resolve(dir) === path.resolve('.data/pglite')) {
  throw new Error('scripts/e2e-server.ts needs its own PGLITE_DIR (never the default .data/pglite)');
}
rmSync(path.resolve(dir), { recursive: true, force: true });
rmSync(`${path.resolve(dir)}.lock`, { force: true });
// Uploaded files belong to that database: they go with it.
const storageDir = process.env.STORAGE_DIR;
if (storageDir && path.resolve(storageDir) !== path.resolve('.data/storage'))
  rmSync(path.resolve(storageDir), { recursive: true, force: true });

// Google's key set cannot be reached here: a local one stands in (tests/e2e/google), and the
// journeys sign their ID tokens with its private half.
const jwks = readFileSync(path.resolve('tests/e2e/google/jwks.json'));
const keyServer = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
});
await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
keyServer.unref();
process.env.GOOGLE_JWKS_URL = `http://127.0.0.1:${(keyServer.address() as AddressInfo).port}/jwks.json`;

await import('./start.ts');
