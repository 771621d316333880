// Part of `npm run build`, after `astro build`: writes a brotli (.br) and a gzip (.gz) copy
// beside every text file of dist/client, at the highest settings (once per build, so the
// time is free; small files too, as a copy costs nothing per request), which the node
// server's static files (sirv, server/http-server.ts) send as they are. A copy that would
// not be smaller is not written. Without dist/client (the Vercel build) there is nothing to do.
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const PRECOMPRESSED_EXTENSIONS = { br: '.br', gzip: '.gz' } as const;
const TEXT_FILE = /\.(js|mjs|css|html|json|map|webmanifest|xml|txt|svg)$/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const client = fileURLToPath(new URL('../dist/client/', import.meta.url));

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

async function precompress(file: string): Promise<number> {
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  let written = 0;
  for (const [ext, bytes] of [
    [PRECOMPRESSED_EXTENSIONS.br, br],
    [PRECOMPRESSED_EXTENSIONS.gzip, gz],
  ] as const) {
    if (bytes.length >= body.length) continue;
    await writeFile(`${file}${ext}`, bytes);
    written += 1;
  }
  return written;
}

if (!existsSync(client)) {
  console.log('[precompress] no dist/client: nothing to precompress');
} else {
  const started = performance.now();
  const todo: string[] = [];
  for await (const file of files(client)) if (TEXT_FILE.test(file)) todo.push(file);
  let written = 0;
  // Two at a time: the build machine's other work keeps a core.
  for (let i = 0; i < todo.length; i += 2) {
    const counts = await Promise.all(todo.slice(i, i + 2).map(precompress));
    written += counts.reduce((sum, count) => sum + count, 0);
  }
  console.log(
    `[precompress] ${written} compressed copies of ${todo.length} files in ${Math.round(performance.now() - started)} ms`,
  );
}
