import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

/**
 * The project's import graph, read from the source text: every import, export-from,
 * `import('x')` and `import('x').Type` of the .ts, .tsx and .astro files under the given
 * folders, resolved to files. An .astro file is two modules: its frontmatter (runs on
 * the server) and its bundled <script> blocks (run in the browser); `is:inline` scripts
 * are not bundled and import nothing.
 */

export interface ImportEdge {
  /** Module id of the importer (a path from the project root, "… <script>" for a script block). */
  from: string;
  /** The file imported (a path from the project root), a package name, or "node:x". */
  to: string;
  specifier: string;
  kind: 'file' | 'package' | 'builtin' | 'unresolved' | 'asset';
  /** Erased at build time: `import type`, `export type … from`, `import('x').T`. */
  typeOnly: boolean;
  /** Names imported (`import { a, b as c }` gives a, b); '*' and 'default' where used. */
  names: string[];
  /** `import('x')` as an expression: loaded when that code runs, not with the module. */
  dynamic?: boolean;
  /** A dynamic import in the branch of `ON_VERCEL ? … : …` that Vercel never takes (platform.server.ts). */
  offVercel?: boolean;
}

export interface ModuleNode {
  id: string;
  /** The file the module lives in (equal to id except for .astro script blocks). */
  file: string;
  /** Browser code bundled from an .astro file's <script> blocks. */
  astroScript: boolean;
  source: string;
  imports: ImportEdge[];
}

export type Graph = Map<string, ModuleNode>;

const CODE = /\.(ts|tsx|astro)$/;
const SKIPPED = /\.(test|spec)\.(ts|tsx)$|\.d\.ts$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.astro', '/index.ts', '/index.tsx'];
const BUILTINS = new Set(builtinModules);

export const toPosix = (file: string) => file.split(path.sep).join('/');

/** Source files under `dirs` (relative to `root`), tests and declaration files left out. */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (CODE.test(entry.name) && !SKIPPED.test(entry.name)) found.push(relative);
    }
  };
  for (const dir of dirs) if (existsSync(path.join(root, dir))) walk(dir);
  return found.sort();
}

interface AstroParts {
  frontmatter: string;
  scripts: string[];
}

/** Splits an .astro file into its frontmatter and the bodies of its bundled <script> blocks. */
export function splitAstro(text: string): AstroParts {
  let frontmatter = '';
  let template = text;
  const fence = /^\s*---\r?\n/.exec(text);
  if (fence) {
    const end = text.indexOf('\n---', fence[0].length - 1);
    if (end !== -1) {
      frontmatter = text.slice(fence[0].length, end);
      template = text.slice(end + 4);
    }
  }
  const scripts: string[] = [];
  let at = 0;
  for (;;) {
    const open = template.indexOf('<script', at);
    if (open === -1) break;
    // The attributes end at the first '>' outside quotes and {expressions}.
    let depth = 0;
    let quote = '';
    let i = open + '<script'.length;
    for (; i < template.length; i += 1) {
      const char = template[i]!;
      if (quote) {
        if (char === quote) quote = '';
      } else if (char === '"' || char === "'" || char === '`') quote = char;
      else if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
      else if (char === '>' && depth === 0) break;
    }
    const attributes = template.slice(open + '<script'.length, i);
    if (!/^[\s/>]/.test(template[open + '<script'.length] ?? '>')) {
      at = i;
      continue;
    }
    if (attributes.trimEnd().endsWith('/')) {
      at = i + 1;
      continue;
    }
    const close = template.indexOf('</script>', i);
    const body = template.slice(i + 1, close === -1 ? undefined : close);
    at = close === -1 ? template.length : close + '</script>'.length;
    if (/\bis:inline\b|\bdefine:vars\b|\bsrc\s*=/.test(attributes)) continue;
    scripts.push(body);
  }
  return { frontmatter, scripts };
}

type RawImport = Pick<ImportEdge, 'specifier' | 'typeOnly' | 'names' | 'dynamic' | 'offVercel'>;

/** Is `node` in the branch of an `ON_VERCEL ? a : b` (or `if (ON_VERCEL) … else …`) taken off Vercel? */
function offVercelBranch(node: ts.Node): boolean {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (
      ts.isConditionalExpression(parent) &&
      child === parent.whenFalse &&
      /\bON_VERCEL\b/.test(parent.condition.getText())
    )
      return true;
    if (ts.isIfStatement(parent) && child === parent.elseStatement && /\bON_VERCEL\b/.test(parent.expression.getText()))
      return true;
  }
  return false;
}

/** The imports of a piece of TypeScript (or TSX), in source order. */
export function readImports(code: string, fileName = 'module.tsx'): RawImport[] {
  const source = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: RawImport[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const names: string[] = [];
      if (clause?.name) names.push('default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
      }
      found.push({
        specifier: node.moduleSpecifier.text,
        typeOnly: clause?.phaseModifier === ts.SyntaxKind.TypeKeyword,
        names,
      });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const names =
        node.exportClause && ts.isNamedExports(node.exportClause)
          ? node.exportClause.elements.map((element) => (element.propertyName ?? element.name).text)
          : ['*'];
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly, names });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({
        specifier: node.argument.literal.text,
        typeOnly: true,
        names: node.qualifier ? [node.qualifier.getText(source)] : ['*'],
      });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument))
        found.push({
          specifier: argument.text,
          typeOnly: false,
          names: ['*'],
          dynamic: true,
          offVercel: offVercelBranch(node),
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolve(root: string, fromFile: string, specifier: string): Pick<ImportEdge, 'to' | 'kind'> {
  if (specifier.startsWith('node:') || BUILTINS.has(specifier.split('/')[0]!)) {
    return { to: specifier.startsWith('node:') ? specifier : `node:${specifier}`, kind: 'builtin' };
  }
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
    const parts = specifier.split('/');
    return { to: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!, kind: 'package' };
  }
  const base = path.resolve(root, path.dirname(fromFile), specifier.split('?')[0]!);
  for (const suffix of RESOLVE_SUFFIXES) {
    const candidate = `${base}${suffix}`;
    if (existsSync(candidate) && statSync(candidate).isFile()) {
      const to = toPosix(path.relative(root, candidate));
      return { to, kind: CODE.test(to) ? 'file' : 'asset' };
    }
  }
  return { to: toPosix(path.relative(root, base)), kind: 'unresolved' };
}

/** Reads every module under `dirs` into a graph keyed by module id. */
export function buildGraph(root: string, dirs: readonly string[]): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(root, dirs)) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const parts = file.endsWith('.astro') ? splitAstro(text) : { frontmatter: text, scripts: [] };
    const add = (id: string, code: string, astroScript: boolean) => {
      const imports = readImports(code, file.endsWith('.tsx') ? file : `${file}.ts`).map((raw) => ({
        from: id,
        ...raw,
        ...resolve(root, file, raw.specifier),
      }));
      graph.set(id, { id, file, astroScript, source: code, imports });
    };
    add(file, parts.frontmatter, false);
    if (parts.scripts.length > 0) add(`${file} <script>`, parts.scripts.join('\n'), true);
  }
  return graph;
}
