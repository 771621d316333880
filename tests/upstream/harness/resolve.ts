import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * How the vendored auth-js tests find their code: `../src/...` (auth-js's sources beside
 * the tests upstream) is the installed @supabase/auth-js's own `src/` (the package ships
 * it), and the two helper modules that name upstream's servers and keys are replaced by
 * ours, which name the local auth service. Every other file is upstream's, unchanged.
 */

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const UPSTREAM = path.join(ROOT, 'tests/upstream/auth-js');
const UPSTREAM_SRC = path.join(UPSTREAM, 'src');
const INSTALLED_SRC = path.join(ROOT, 'node_modules/@supabase/auth-js/src');

/** Upstream helper module (relative to UPSTREAM, no extension) -> our replacement. */
const REPLACEMENTS: Record<string, string> = {
  'test/lib/clients': path.join(import.meta.dirname, 'clients.ts'),
  'test/docker-tests/clients': path.join(import.meta.dirname, 'docker-clients.ts'),
};

export function upstreamAuthJs(): Plugin {
  return {
    name: 'upstream-auth-js',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || !source.startsWith('.') || !importer.startsWith(UPSTREAM + path.sep)) return null;
      const target = path.resolve(path.dirname(importer), source).replace(/\.ts$/, '');
      const replacement = REPLACEMENTS[path.relative(UPSTREAM, target)];
      if (replacement) return replacement;
      if (target !== UPSTREAM_SRC && !target.startsWith(UPSTREAM_SRC + path.sep)) return null;
      const installed = path.join(INSTALLED_SRC, path.relative(UPSTREAM_SRC, target));
      return this.resolve(installed, importer, { skipSelf: true });
    },
  };
}
