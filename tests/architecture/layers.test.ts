import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGraph, readImports, splitAstro } from './import-graph.ts';
import { checkLayers } from './layers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the import graph of src/, functions/ and server/', () => {
  const graph = buildGraph(ROOT, ['src', 'functions', 'server']);

  it('is read whole (a sanity check on the walk itself)', () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(
      graph
        .get('src/pages/games/[slug].astro')
        ?.imports.some((edge) => edge.to === 'src/lib/games/game-page.server.ts'),
    ).toBe(true);
    expect(graph.has('src/components/layout/HeaderAccount.astro <script>')).toBe(true);
  });

  it('has every arrow pointing the allowed way', () => {
    expect(checkLayers(graph, [])).toEqual([]);
  });
});

describe('the layer rules catch', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'layers-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (files: Record<string, string>) => {
    rmSync(root, { recursive: true, force: true });
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    return checkLayers(buildGraph(root, ['src', 'functions', 'server']));
  };

  it('lib importing an island, a component or a handler', () => {
    expect(
      write({
        'src/lib/a.ts':
          "import { x } from '../islands/x.tsx';\nexport type T = import('../components/C.astro').Props;\nexport const b = () => import('../../functions/h.ts');",
        'src/islands/x.tsx': 'export const x = 1;',
        'src/components/C.astro': '---\nexport interface Props {}\n---\n<p />',
        'functions/h.ts': 'export {};',
      }),
    ).toEqual([
      'src/lib/a.ts -> functions/h.ts: lib may import only lib, not functions',
      'src/lib/a.ts -> src/components/C.astro: lib may import only lib, not components',
      'src/lib/a.ts -> src/islands/x.tsx: lib may import only lib, not islands',
    ]);
  });

  it('the site importing the node server, and the node server importing a page', () => {
    expect(
      write({
        'src/lib/a.server.ts': "import { cache } from '../../server/cache.ts';",
        'functions/h.ts': "import '../server/cache.ts';",
        'server/cache.ts':
          "import '../src/pages/p.ts';\nimport '../functions/h.ts';\nimport '../src/lib/b.ts';\nexport const cache = 1;",
        'src/pages/p.ts': 'export {};',
        'src/lib/b.ts': 'export {};',
      }),
    ).toEqual([
      'functions/h.ts -> server/cache.ts: functions may import only functions, lib, not server',
      'server/cache.ts -> src/pages/p.ts: server may import only server, functions, lib, not pages',
      'src/lib/a.server.ts -> server/cache.ts: lib may import only lib, not server',
    ]);
  });

  it('a handler importing a page, and the data layer importing a feature', () => {
    expect(
      write({
        'functions/h.ts': "import '../src/pages/p.ts';",
        'src/pages/p.ts': 'export {};',
        'src/lib/db/db.server.ts': "import { seed } from '../seed/seed.server.ts';",
        'src/lib/seed/seed.server.ts': 'export const seed = 1;',
      }),
    ).toEqual([
      'functions/h.ts -> src/pages/p.ts: functions may import only functions, lib, not pages',
      'src/lib/db/db.server.ts -> src/lib/seed/seed.server.ts: the data layer (src/lib/db) imports only src/lib/db and src/lib/config, never a feature',
    ]);
  });

  it('a .server.ts module reached from browser code, directly or through other modules, and a Node built-in', () => {
    expect(
      write({
        'src/islands/Widget.tsx': "import { helper } from '../lib/f/helper.client.ts';\nimport '../lib/f/f.server.ts';",
        'src/lib/f/helper.client.ts': "import { q } from './f.ts';\nexport const helper = q;",
        'src/lib/f/f.ts':
          "import { readFileSync } from 'node:fs';\nimport { rows } from './f.server.ts';\nexport const q = rows;",
        'src/lib/f/f.server.ts': 'export const rows = 1;',
      }),
    ).toEqual([
      'src/islands/Widget.tsx -> src/lib/f/f.server.ts: browser code reaches a server-only module',
      'src/lib/f/f.ts -> src/lib/f/f.server.ts: a universal module (x.ts) imports neither .server.ts nor .client.ts modules',
      'src/lib/f/helper.client.ts -> src/lib/f/f.ts -> node:fs: browser code reaches a Node built-in',
      'src/lib/f/helper.client.ts -> src/lib/f/f.ts -> src/lib/f/f.server.ts: browser code reaches a server-only module',
    ]);
  });

  it('a .client.ts module reached from a page frontmatter, but not through an island', () => {
    expect(
      write({
        'src/pages/index.astro':
          "---\nimport Card from '../components/Card.astro';\nimport Island from '../islands/Island.tsx';\n---\n<Card /><Island client:load />",
        'src/components/Card.astro':
          "---\nimport { mount } from '../lib/ui/ui.client.ts';\n---\n<p />\n<script>\nimport { mount } from '../lib/ui/ui.client.ts';\nmount();\n</script>",
        'src/islands/Island.tsx': "import { mount } from '../lib/ui/ui.client.ts';\nexport default mount;",
        'src/lib/ui/ui.client.ts': 'export const mount = () => document.body;',
      }),
    ).toEqual([
      'src/components/Card.astro -> src/lib/ui/ui.client.ts: server-only code reaches a browser-only (.client.ts) module',
    ]);
  });

  it('a component importing a type from a .server.ts module, getDatabase outside start-up, and a missing file', () => {
    expect(
      write({
        'src/components/List.astro':
          "---\nimport type { Row } from '../lib/f/f.server.ts';\nimport { nothing } from './Nope.astro';\n---\n<ul />",
        'src/lib/f/f.server.ts': "import { getDatabase } from '../db/db.server.ts';\nexport interface Row {}",
        'src/lib/db/db.server.ts': 'export const getDatabase = 1;',
      }),
    ).toEqual([
      'src/components/List.astro -> src/components/Nope.astro: cannot be resolved (a file that does not exist)',
      'src/components/List.astro -> src/lib/f/f.server.ts: types that components share live in x.ts, not x.server.ts',
      'src/lib/f/f.server.ts -> src/lib/db/db.server.ts: query through getDb(); getDatabase() is for start-up and the health check',
    ]);
  });

  it('browser globals touched outside a .client.ts module (types and property names aside)', () => {
    expect(
      write({
        'src/lib/a.ts':
          'export const title = () => document.title;\nexport const read = (key: string) => globalThis.localStorage?.getItem(key);',
        'src/lib/b.ts':
          "export function f(root: HTMLElement, page: { window: number }) { return page.window + root.childElementCount; }\nexport const text = 'document.cookie';",
        'src/lib/c.client.ts': 'export const go = (path: string) => window.location.assign(path);',
      }),
    ).toEqual(['src/lib/a.ts: touches document, localStorage: browser-only code goes in a .client.ts module']);
  });
});

describe('reading imports', () => {
  it('finds static, type-only, re-exported and dynamic imports with their names', () => {
    const found = readImports(
      "import a, { b, c as d } from './x.ts';\nimport type { T } from './t.ts';\nexport { e } from './e.ts';\nexport type * from './u.ts';\ntype L = import('./l.ts').Lazy;\nconst m = () => import('./m.tsx');",
    );
    expect(found).toEqual([
      { specifier: './x.ts', typeOnly: false, names: ['default', 'b', 'c'] },
      { specifier: './t.ts', typeOnly: true, names: ['T'] },
      { specifier: './e.ts', typeOnly: false, names: ['e'] },
      { specifier: './u.ts', typeOnly: true, names: ['*'] },
      { specifier: './l.ts', typeOnly: true, names: ['Lazy'] },
      { specifier: './m.tsx', typeOnly: false, names: ['*'], dynamic: true, offVercel: false },
    ]);
  });

  it('splits an .astro file into frontmatter and bundled scripts, skipping inline and self-closing ones', () => {
    const parts = splitAstro(
      "---\nimport A from './A.astro';\n---\n<A data={x > 1} />\n<script is:inline>var a = 1;</script>\n<script type=\"application/ld+json\" is:inline set:html={json} />\n<script>\nimport { b } from './b.client.ts';\n</script>",
    );
    expect(parts.frontmatter).toBe("import A from './A.astro';");
    expect(parts.scripts).toEqual(["\nimport { b } from './b.client.ts';\n"]);
  });
});
