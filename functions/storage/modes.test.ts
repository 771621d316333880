import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetEnvCache } from '../../src/lib/config/env.ts';
import { localSupabaseFetch } from '../local-supabase.ts';
import { getLocalStorageService, localStorageEnabled, resetLocalStorageService } from './index.ts';

function withEnv(values: Record<string, string>) {
  for (const [key, value] of Object.entries(values)) vi.stubEnv(key, value);
  resetEnvCache();
  resetLocalStorageService();
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
  resetLocalStorageService();
});

describe('which mode serves /storage/v1', () => {
  it('embedded and self-hosted: the local storage service, reached in-process by the server client', () => {
    withEnv({ DATABASE_URL: '', SUPABASE_URL: '', SUPABASE_ANON_KEY: '' });
    expect(localStorageEnabled()).toBe(true);
    expect(getLocalStorageService()).toBeTypeOf('function');
    expect(localSupabaseFetch({})).toBeTypeOf('function');
    withEnv({ DATABASE_URL: 'postgres://u:p@db.test:5432/app', SITE_URL: 'https://critical-hit.example' });
    expect(getLocalStorageService()).toBeTypeOf('function');
  });

  it('Supabase: hosted Storage answers, so no local service (its route answers 404) and no in-process fetch', () => {
    withEnv({
      SUPABASE_URL: 'https://abcd.supabase.co',
      SUPABASE_ANON_KEY: 'anon',
      DATABASE_URL: 'postgres://u:p@db.test:5432/app',
      SITE_URL: 'https://critical-hit.example',
    });
    expect(localStorageEnabled()).toBe(false);
    expect(getLocalStorageService()).toBeNull();
    expect(localSupabaseFetch({})).toBeUndefined();
  });
});
