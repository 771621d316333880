import { globSync, readFileSync } from 'node:fs';

/**
 * What makes a test file need a module graph of its own: it replaces modules (`vi.mock`,
 * `vi.doMock`), resets them, or changes what every module in the process sees (the
 * environment, globals, the clock). Run beside other files in one module graph, such a file
 * would see modules another file already loaded, or leave its changes to the next file.
 */
const NEEDS_ISOLATION =
  /\bvi\.(mock|doMock|unmock|doUnmock|resetModules|stubEnv|stubGlobal|useFakeTimers)\(|process\.env\.\w+\s*=[^=]/;

/** The files among `include` (globs from the project root) whose source needs isolation. */
export function filesNeedingIsolation(include: readonly string[], root: string): string[] {
  return globSync([...include], { cwd: root }).filter((file) =>
    NEEDS_ISOLATION.test(readFileSync(`${root}/${file}`, 'utf8')),
  );
}
