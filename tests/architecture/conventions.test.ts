import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Conventions a reader of the code relies on, checked over the whole tree:
 * - comments and test names state a rule, never "spec section 4" or "issue 3", which no
 *   reader of the repository has;
 * - dates and numbers are formatted in one place (src/lib/format), in one locale.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const THIS_FILE = 'tests/architecture/conventions.test.ts';

function filesUnder(dirs: readonly string[], pattern: RegExp): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(relative);
      else if (pattern.test(entry.name)) found.push(relative);
    }
  };
  for (const dir of dirs) walk(dir);
  return found;
}

/** Lines of `files` that match `pattern`, as "file:line: text". */
function matchingLines(files: readonly string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

const CITATION =
  /\bspec(ification)?(['’]s)?\s+(sections?|§)\s*\d|\bsections?\s+\d+\b(?!\s*(s|ms|seconds?|minutes?)\b)|\bissues?\s+#?\d|\brequirement\s+\d/i;
const LOCALE_FORMATTING =
  /\bIntl\.(DateTimeFormat|NumberFormat|RelativeTimeFormat|PluralRules|ListFormat)\b|\.toLocale(Date|Time)?String\(/;

describe('conventions', () => {
  it('comments state the rule instead of citing a spec section or an issue', () => {
    const files = filesUnder(['src', 'functions', 'scripts', 'tests', 'supabase'], /\.(ts|tsx|astro|sql|md)$/).filter(
      (file) => file !== THIS_FILE,
    );
    expect(files.length).toBeGreaterThan(150);
    expect(matchingLines(files, CITATION)).toEqual([]);
  });

  it('dates and numbers are formatted only by src/lib/format', () => {
    const files = filesUnder(['src', 'functions'], /\.(ts|tsx|astro)$/).filter(
      (file) => !file.startsWith('src/lib/format/') && !/\.test\.tsx?$/.test(file),
    );
    expect(matchingLines(files, LOCALE_FORMATTING)).toEqual([]);
  });

  it('the patterns catch what they are for', () => {
    for (const cited of [
      '// see spec section 4',
      '/** (spec sections 2, 4, 5) */',
      '// Accounts (issue 3): the auth service',
      'the routes of section 6',
      '(issue 4, requirement 8)',
    ]) {
      expect(CITATION.test(cited), cited).toBe(true);
    }
    for (const fine of [
      'result.error.issues[0]',
      'a 5-minute window',
      'cached for 43200 s',
      'the spec’s messages, word for word',
    ]) {
      expect(CITATION.test(fine), fine).toBe(false);
    }
    expect(LOCALE_FORMATTING.test("new Intl.NumberFormat('en-US')")).toBe(true);
    expect(LOCALE_FORMATTING.test('date.toLocaleDateString()')).toBe(true);
    expect(LOCALE_FORMATTING.test("formatLongDate('2013-09-17')")).toBe(false);
  });
});
