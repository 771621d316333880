import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every decision record says whether it still holds, near its top: "Status: accepted", or
// "Status: superseded by [other.md](other.md)" naming a record that exists.
const folder = path.resolve(import.meta.dirname, '../../docs/decisions');
const records = readdirSync(folder).filter((file) => file.endsWith('.md'));

describe('docs/decisions', () => {
  it.each(records)('%s states its status below its title', (file) => {
    const head = readFileSync(path.join(folder, file), 'utf8').split('\n').slice(0, 8).join('\n');
    const status = /^Status: (accepted|superseded by \[[^\]]+\]\(([^)]+)\))/m.exec(head);
    expect(status, `${file} has no "Status: accepted" or "Status: superseded by [..](..)" line`).not.toBeNull();
    const successor = status?.[2];
    if (successor)
      expect(existsSync(path.join(folder, successor)), `${file} is superseded by a missing ${successor}`).toBe(true);
  });
});
