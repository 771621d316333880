import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The Supabase CLI works on supabase/ as on any Supabase project: its project file, and
// migrations named <timestamp>_<name>.sql (a later timestamp sorts after every earlier one).
const SUPABASE = path.resolve('supabase');

describe('the Supabase CLI layout', () => {
  it('names every migration <14-digit timestamp>_<snake_case name>.sql, each timestamp once', () => {
    const names = readdirSync(path.join(SUPABASE, 'migrations'));
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !/^\d{14}_[a-z0-9_]+\.sql$/.test(name))).toEqual([]);
    const stamps = names.map((name) => name.slice(0, 14));
    expect(new Set(stamps).size).toBe(stamps.length);
  });

  it('has the CLI project file, with seeding off (the demo data is loaded by npm run db:seed)', () => {
    expect(existsSync(path.join(SUPABASE, 'config.toml'))).toBe(true);
    const config = readFileSync(path.join(SUPABASE, 'config.toml'), 'utf8');
    expect(config).toMatch(/^project_id = "[a-z0-9-]+"$/m);
    expect(config).toMatch(/\[db\.seed\]\nenabled = false/);
  });
});
