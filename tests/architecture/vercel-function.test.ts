import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGraph, type Graph } from './import-graph.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * What only the node server's modes run: the embedded database and the local Supabase
 * services. The Vercel function is built from the pages and the middleware; a module reached
 * from them by a static import, or by a dynamic one outside the `ON_VERCEL ? … : import(…)`
 * branch Vercel never takes (src/lib/config/platform.server.ts), is in that function.
 */
const NODE_ONLY_FILES = [
  'src/lib/db/pglite.server.ts',
  'functions/local-supabase.ts',
  'functions/auth/index.ts',
  'functions/storage/index.ts',
  'functions/storage/local-service-client.ts',
  'functions/realtime/index.ts',
];
const NODE_ONLY_PACKAGES = ['@electric-sql/pglite'];

/** The node-only modules the Vercel build reaches, each with the chain that reaches it. */
function nodeOnlyOnVercel(graph: Graph): string[] {
  const via = new Map<string, string>();
  const queue = [...graph.keys()].filter((id) => id.startsWith('src/pages/') || id === 'src/middleware.ts');
  for (const id of queue) via.set(id, id);
  const found: string[] = [];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const edge of graph.get(id)?.imports ?? []) {
      if (edge.typeOnly || edge.offVercel) continue;
      const chain = `${via.get(id)} -> ${edge.to}`;
      if (
        (edge.kind === 'file' && NODE_ONLY_FILES.includes(edge.to)) ||
        (edge.kind === 'package' && NODE_ONLY_PACKAGES.includes(edge.to))
      )
        found.push(chain);
      if (edge.kind === 'file' && !via.has(edge.to)) {
        via.set(edge.to, chain);
        queue.push(edge.to);
      }
    }
  }
  return found.sort();
}

describe('the Vercel function', () => {
  it('reaches neither the embedded database nor the local services', () => {
    expect(nodeOnlyOnVercel(buildGraph(ROOT, ['src', 'functions']))).toEqual([]);
  });
});

describe('the Vercel function check catches', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'vercel-function-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const check = (files: Record<string, string>) => {
    rmSync(root, { recursive: true, force: true });
    for (const [file, text] of Object.entries({
      'src/lib/db/pglite.server.ts': "import { PGlite } from '@electric-sql/pglite';",
      ...files,
    })) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return nodeOnlyOnVercel(buildGraph(root, ['src', 'functions']));
  };

  it('a static import, and a dynamic one outside the branch Vercel never takes', () => {
    expect(
      check({
        'src/pages/a.ts': "import '../lib/db.server.ts';",
        'src/lib/db.server.ts': "export const open = () => import('./db/pglite.server.ts');",
        'src/middleware.ts':
          "import { ON_VERCEL } from './lib/config/platform.server.ts';\nexport const s = ON_VERCEL ? import('../functions/auth/index.ts') : undefined;",
        'functions/auth/index.ts': 'export {};',
      }),
    ).toEqual([
      'src/middleware.ts -> functions/auth/index.ts',
      'src/pages/a.ts -> src/lib/db.server.ts -> src/lib/db/pglite.server.ts',
      'src/pages/a.ts -> src/lib/db.server.ts -> src/lib/db/pglite.server.ts -> @electric-sql/pglite',
    ]);
  });

  it('nothing behind ON_VERCEL, on either form', () => {
    expect(
      check({
        'src/pages/a.ts':
          "import { ON_VERCEL } from '../lib/config/platform.server.ts';\nexport const open = () => (ON_VERCEL ? undefined : import('../lib/db/pglite.server.ts'));",
        'src/pages/b.ts':
          "import { ON_VERCEL } from '../lib/config/platform.server.ts';\nif (ON_VERCEL) {} else { void import('../../functions/local-supabase.ts'); }",
        'functions/local-supabase.ts': 'export {};',
      }),
    ).toEqual([]);
  });
});
