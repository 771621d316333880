import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES } from '../../src/lib/config/env';

// docs/configuration.md is where a newcomer looks a variable up; its first table must name
// exactly the variables the server's schema reads, so the page cannot drift from the code.
const doc = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');
const example = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');

/** The variable names in the first cell of each row of the table under `heading`. */
function tableVariables(heading: string): string[] {
  const section = doc.split(`\n## ${heading}\n`)[1]?.split('\n## ')[0];
  if (section === undefined) throw new Error(`docs/configuration.md has no "## ${heading}" section`);
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1] ?? ''));
}

describe('docs/configuration.md', () => {
  const documented = tableVariables("The server's variables");

  it('lists every variable of the schema, once', () => {
    expect([...documented].sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it('lists nothing under the tests and tools that the server reads', () => {
    const tools = tableVariables('Variables of the tests and tools only');
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.filter((name) => ENV_VARIABLES.includes(name))).toEqual([]);
  });

  it('names no variable that .env.example leaves out', () => {
    const missing = ENV_VARIABLES.filter((name) => !new RegExp(`^#? ?${name}=`, 'm').test(example));
    expect(missing).toEqual([]);
  });
});
