import ts from 'typescript';
import type { Graph, ImportEdge, ModuleNode } from './import-graph.ts';

/**
 * The rules imports follow (docs/architecture.md, "Layout and layers"), as code:
 *
 * 1. Layers point one way. pages (and src/middleware.ts) -> layouts, components, islands,
 *    functions, lib; layouts and components -> each other, islands, lib; islands -> islands,
 *    lib; functions -> functions, lib; lib -> lib only; server/ (the node server around the
 *    built site: node-only) -> server, functions, lib, and nothing in the site imports it. Within lib, the data layer
 *    (src/lib/db) knows nothing of the features: it imports src/lib/db and src/lib/config only.
 * 2. File roles: `x.server.ts` runs on the server only, `x.client.ts` in the browser only,
 *    `x.ts` in both. So `x.ts` in src/lib imports neither; `.client.ts` imports no `.server.ts`
 *    and the other way round.
 * 3. Browser code (islands, `.client.ts`, the <script> blocks of .astro files) reaches no
 *    server-only module, whatever the path: no `.server.ts`, nothing in functions/, no Node
 *    built-in, no server-only package.
 * 4. Server-only code (`.server.ts`, functions/, the middleware, API routes and the
 *    frontmatter of .astro files) reaches no `.client.ts`. Islands are the boundary: the
 *    server renders them and the browser hydrates them, so the walk stops at them.
 * 5. Components and layouts take the data they show as props whose types live in `x.ts`:
 *    they import no type from a `.server.ts` module.
 * 6. One database accessor: `getDb()`. `getDatabase()` is for start-up and the health check.
 * 7. Browser globals (document, window, localStorage…) are touched only in `.client.ts`
 *    modules of src/lib (islands and .astro scripts are browser code already).
 */

export type Layer =
  'lib' | 'islands' | 'components' | 'layouts' | 'pages' | 'middleware' | 'functions' | 'server' | 'styles' | 'outside';

export function layerOf(file: string): Layer {
  if (file.startsWith('src/lib/')) return 'lib';
  if (file.startsWith('src/islands/')) return 'islands';
  if (file.startsWith('src/components/')) return 'components';
  if (file.startsWith('src/layouts/')) return 'layouts';
  if (file.startsWith('src/pages/')) return 'pages';
  if (file === 'src/middleware.ts') return 'middleware';
  if (file.startsWith('functions/')) return 'functions';
  if (file.startsWith('server/')) return 'server';
  if (file.startsWith('src/styles/')) return 'styles';
  return 'outside';
}

/** Which layers each layer may import. Styles (CSS) may be imported by anything. */
export const ALLOWED_LAYERS: Readonly<Record<Exclude<Layer, 'styles' | 'outside'>, readonly Layer[]>> = {
  pages: ['layouts', 'components', 'islands', 'functions', 'lib'],
  middleware: ['functions', 'lib'],
  // A component may wrap itself in a layout (the error view renders the default layout).
  layouts: ['layouts', 'components', 'islands', 'lib'],
  components: ['components', 'layouts', 'islands', 'lib'],
  islands: ['islands', 'lib'],
  functions: ['functions', 'lib'],
  server: ['server', 'functions', 'lib'],
  lib: ['lib'],
};

/** Packages that must never be bundled for the browser. */
export const SERVER_ONLY_PACKAGES = [
  'pg',
  '@electric-sql/pglite',
  'kysely',
  'nodemailer',
  'bcryptjs',
  'astro:middleware',
];

/** Files that may call getDatabase() (the start script is outside the scanned folders). */
export const GET_DATABASE_USERS = ['functions/health/handlers.ts', 'src/pages/api/admin/backup.ts'];

/** Browser globals that only `.client.ts` modules of src/lib may touch. */
export const BROWSER_GLOBALS = [
  'document',
  'window',
  'localStorage',
  'sessionStorage',
  'customElements',
  'navigator',
  'HTMLElement',
  'matchMedia',
];

export interface Arrow {
  from: string;
  to: string;
  /** Why the arrow is tolerated for now, and who removes it. */
  reason: string;
}

export const isServerModule = (file: string) => /\.server\.tsx?$/.test(file);
export const isClientModule = (file: string) => /\.client\.tsx?$/.test(file);
const isUniversalLib = (file: string) => layerOf(file) === 'lib' && !isServerModule(file) && !isClientModule(file);

function isBrowserRoot(node: ModuleNode): boolean {
  return node.astroScript || layerOf(node.file) === 'islands' || isClientModule(node.file);
}

function isServerRoot(node: ModuleNode): boolean {
  if (node.astroScript) return false;
  const layer = layerOf(node.file);
  if (isServerModule(node.file) || layer === 'functions' || layer === 'server' || layer === 'middleware') return true;
  return (layer === 'pages' || layer === 'layouts' || layer === 'components') && /\.(astro|ts)$/.test(node.file);
}

const arrow = (edge: ImportEdge) => `${edge.from} -> ${edge.to}`;

/** Rules 1, 2, 5 and 6: each import on its own. */
function edgeViolations(edge: ImportEdge, fromFile: string): string[] {
  const problems: string[] = [];
  if (edge.kind === 'unresolved') return [`${arrow(edge)}: cannot be resolved (a file that does not exist)`];
  if (edge.kind !== 'file' && edge.kind !== 'asset') return problems;
  const from = layerOf(fromFile);
  const to = layerOf(edge.to);
  if (from !== 'styles' && from !== 'outside' && to !== 'styles' && !ALLOWED_LAYERS[from].includes(to)) {
    problems.push(`${arrow(edge)}: ${from} may import only ${ALLOWED_LAYERS[from].join(', ')}, not ${to}`);
  }
  if (edge.kind !== 'file') return problems;
  if (
    fromFile.startsWith('src/lib/db/') &&
    !edge.to.startsWith('src/lib/db/') &&
    !edge.to.startsWith('src/lib/config/')
  ) {
    problems.push(
      `${arrow(edge)}: the data layer (src/lib/db) imports only src/lib/db and src/lib/config, never a feature`,
    );
  }
  if (isUniversalLib(fromFile) && (isServerModule(edge.to) || isClientModule(edge.to))) {
    problems.push(`${arrow(edge)}: a universal module (x.ts) imports neither .server.ts nor .client.ts modules`);
  }
  if (isClientModule(fromFile) && isServerModule(edge.to))
    problems.push(`${arrow(edge)}: a .client.ts module imports no .server.ts module`);
  if (isServerModule(fromFile) && isClientModule(edge.to))
    problems.push(`${arrow(edge)}: a .server.ts module imports no .client.ts module`);
  if ((from === 'components' || from === 'layouts') && edge.typeOnly && isServerModule(edge.to)) {
    problems.push(`${arrow(edge)}: types that components share live in x.ts, not x.server.ts`);
  }
  if (
    edge.to === 'src/lib/db/db.server.ts' &&
    edge.names.includes('getDatabase') &&
    !GET_DATABASE_USERS.includes(fromFile)
  ) {
    problems.push(`${arrow(edge)}: query through getDb(); getDatabase() is for start-up and the health check`);
  }
  return problems;
}

/** Breadth-first from `start`; returns the path to the first module `bad` accepts, per target. */
function forbiddenPaths(
  graph: Graph,
  start: ModuleNode,
  bad: (edge: ImportEdge) => string | undefined,
  enter: (node: ModuleNode) => boolean,
): { path: string[]; why: string }[] {
  const found: { path: string[]; why: string }[] = [];
  const seen = new Set<string>([start.id]);
  const queue: { node: ModuleNode; path: string[] }[] = [{ node: start, path: [start.id] }];
  while (queue.length > 0) {
    const { node, path } = queue.shift()!;
    for (const edge of node.imports) {
      const why = bad(edge);
      if (why) {
        found.push({ path: [...path, edge.to], why });
        continue;
      }
      const next = edge.kind === 'file' ? graph.get(edge.to) : undefined;
      if (!next || seen.has(next.id) || !enter(next)) continue;
      seen.add(next.id);
      queue.push({ node: next, path: [...path, next.id] });
    }
  }
  return found;
}

/** Rule 3: what browser code must never reach. */
function serverOnlyTarget(edge: ImportEdge): string | undefined {
  if (edge.kind === 'file' && isServerModule(edge.to)) return 'browser code reaches a server-only module';
  if (edge.kind === 'file' && layerOf(edge.to) === 'functions') return 'browser code reaches the API handlers';
  if (edge.kind === 'file' && layerOf(edge.to) === 'server') return 'browser code reaches the node server';
  if (edge.typeOnly) return undefined;
  if (edge.kind === 'builtin') return 'browser code reaches a Node built-in';
  if (edge.kind === 'package' && SERVER_ONLY_PACKAGES.includes(edge.to))
    return 'browser code reaches a server-only package';
  return undefined;
}

/** Rule 7: runtime references to browser globals (types, property names and local bindings aside). */
export function browserGlobalsUsed(code: string, fileName = 'module.ts'): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const used = new Set<string>();
  // A name the module declares itself (a parameter called `window`) is not the global.
  const declared = new Set<string>();
  const collect = (node: ts.Node) => {
    if (
      (ts.isVariableDeclaration(node) ||
        ts.isParameter(node) ||
        ts.isFunctionDeclaration(node) ||
        ts.isBindingElement(node) ||
        ts.isImportSpecifier(node)) &&
      node.name &&
      ts.isIdentifier(node.name)
    ) {
      declared.add(node.name.text);
    }
    ts.forEachChild(node, collect);
  };
  collect(source);
  const inType = (node: ts.Node): boolean => {
    for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
      if (ts.isTypeNode(current) || ts.isTypeAliasDeclaration(current) || ts.isInterfaceDeclaration(current))
        return true;
      if (ts.isExpression(current) || ts.isStatement(current)) return false;
    }
    return false;
  };
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && BROWSER_GLOBALS.includes(node.text)) {
      const parent = node.parent;
      const isMember = ts.isPropertyAccessExpression(parent) && parent.name === node;
      const viaGlobalThis = isMember && ts.isIdentifier(parent.expression) && parent.expression.text === 'globalThis';
      const isDeclaration =
        (ts.isVariableDeclaration(parent) ||
          ts.isParameter(parent) ||
          ts.isPropertyAssignment(parent) ||
          ts.isPropertyDeclaration(parent) ||
          ts.isFunctionDeclaration(parent) ||
          ts.isPropertySignature(parent) ||
          ts.isBindingElement(parent)) &&
        parent.name === node;
      const local = declared.has(node.text) && !viaGlobalThis;
      if ((viaGlobalThis || (!isMember && !isDeclaration)) && !local && !inType(node)) used.add(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...used].sort();
}

/** Every violation in the graph, as "from -> to: rule" lines; `allowed` arrows are left out. */
export function checkLayers(graph: Graph, allowed: readonly Arrow[] = []): string[] {
  const tolerated = (edge: ImportEdge) => allowed.some((entry) => entry.from === edge.from && entry.to === edge.to);
  const problems = new Set<string>();
  // One line per forbidden arrow reached, with the shortest path found to it.
  const reached = new Map<string, string[]>();
  const reach = (found: { path: string[]; why: string }[]) => {
    for (const { path, why } of found) {
      const key = `${path.at(-2)} -> ${path.at(-1)}: ${why}`;
      const known = reached.get(key);
      if (!known || path.length < known.length) reached.set(key, path);
    }
  };
  for (const node of graph.values()) {
    for (const edge of node.imports) {
      if (!tolerated(edge)) for (const problem of edgeViolations(edge, node.file)) problems.add(problem);
    }
    if (isBrowserRoot(node)) {
      reach(
        forbiddenPaths(
          graph,
          node,
          (edge) => (tolerated(edge) ? undefined : serverOnlyTarget(edge)),
          () => true,
        ),
      );
    }
    if (isServerRoot(node)) {
      const reachesClient = (edge: ImportEdge) =>
        edge.kind === 'file' && isClientModule(edge.to) && !tolerated(edge)
          ? 'server-only code reaches a browser-only (.client.ts) module'
          : undefined;
      // Islands are rendered on the server and hydrated in the browser: the walk stops there.
      reach(forbiddenPaths(graph, node, reachesClient, (next) => layerOf(next.file) !== 'islands'));
    }
    if (layerOf(node.file) === 'lib' && !isClientModule(node.file) && !node.astroScript) {
      const globals = browserGlobalsUsed(node.source, node.file);
      if (globals.length > 0)
        problems.add(`${node.file}: touches ${globals.join(', ')}: browser-only code goes in a .client.ts module`);
    }
  }
  for (const [key, path] of reached) problems.add(`${path.join(' -> ')}: ${key.slice(key.indexOf(': ') + 2)}`);
  return [...problems].sort();
}
