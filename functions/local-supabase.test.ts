import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createClient } from '@supabase/supabase-js';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../tests/helpers/database.ts';
import { LOCAL_ANON_KEY } from '../src/lib/auth/config.server.ts';
import { resetEnvCache } from '../src/lib/config/env.ts';
import type { DatabaseConnection } from '../src/lib/db/connect.server.ts';
import { setConnector } from '../src/lib/db/db.server.ts';
import { processImage } from '../src/lib/images/images.server.ts';
import { AVATAR_IMAGE } from '../src/lib/images/images.ts';
import { storeImageVariants } from '../src/lib/storage/image-variants.server.ts';
import { resetLocalAuthService } from './auth/index.ts';
import { localSupabaseFetch } from './local-supabase.ts';
import { resetLocalStorageService } from './storage/index.ts';

// The server's own supabase client as the middleware builds it in the embedded mode: its
// auth and storage calls never leave the process, and storeImageVariants works through it
// exactly as it would through hosted Supabase.

let database: DatabaseConnection;
let storageDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  storageDir = await mkdtemp(path.join(tmpdir(), 'local-supabase-'));
  vi.stubEnv('DATABASE_URL', '');
  vi.stubEnv('SUPABASE_URL', '');
  vi.stubEnv('SUPABASE_ANON_KEY', '');
  vi.stubEnv('STORAGE_DIR', storageDir);
  resetEnvCache();
  resetLocalAuthService();
  resetLocalStorageService();
  setConnector(() => Promise.resolve(database));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvCache();
  await database.close();
  await rm(storageDir, { recursive: true, force: true });
});

it('signs in and stores avatar variants without a network hop, files under STORAGE_DIR', async () => {
  const unreachable = vi.fn(() => Promise.resolve(new Response('no network in this test', { status: 599 })));
  vi.stubGlobal('fetch', unreachable);
  const localFetch = localSupabaseFetch({ clientAddress: '127.0.0.1' })!;
  const supabase = createClient('http://localhost:4321', LOCAL_ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: localFetch },
  });
  const email = 'in-process@example.com';
  const password = 'Correct-Horse-9';
  const signUp = await supabase.auth.signUp({ email, password, options: { data: { username: 'in_process' } } });
  expect(signUp.error).toBeNull();
  await sql`update auth.users set email_confirmed_at = now() where id = ${signUp.data.user!.id}`.execute(database.db);
  expect((await supabase.auth.signInWithPassword({ email, password })).error).toBeNull();

  const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#0d9488' } })
    .png()
    .toBuffer();
  const { variants } = await processImage(png, AVATAR_IMAGE);
  const userId = signUp.data.user!.id;
  const stored = await storeImageVariants(supabase, {
    bucket: 'avatars',
    folder: userId,
    baseName: 'avatar',
    variants,
  });
  expect(stored['64']!.publicUrl).toMatch(
    new RegExp(`^http://localhost:\\d+/storage/v1/object/public/avatars/${userId}/avatar-64-[0-9a-f]{16}\\.webp$`),
  );

  const files = await readdir(path.join(storageDir, 'avatars', userId));
  expect(files.map((name) => name.replace(/@.*$/, '')).sort()).toEqual(
    [stored['256']!.path, stored['64']!.path].map((p) => p.split('/')[1]).sort(),
  );
  expect(unreachable).not.toHaveBeenCalled();
  vi.unstubAllGlobals();
});

it("carries the browser's device cookie to the auth service and hands the new one back (a sign-in by username)", async () => {
  const email = 'device@example.com';
  const password = 'Correct-Horse-9';
  const client = (localFetch: typeof fetch) =>
    createClient('http://localhost:4321', LOCAL_ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: localFetch },
    });
  const signUp = await client(localSupabaseFetch({ clientAddress: '10.1.0.1' })!).auth.signUp({ email, password });
  await sql`update auth.users set email_confirmed_at = now() where id = ${signUp.data.user!.id}`.execute(database.db);

  // The owner's browser signs in through the server: the device cookie comes back to it.
  const set: string[] = [];
  const owner = client(
    localSupabaseFetch({ clientAddress: '10.1.0.2', cookies: 'theme=dark', setCookie: (cookie) => set.push(cookie) })!,
  );
  expect((await owner.auth.signInWithPassword({ email, password })).error).toBeNull();
  expect(set).toHaveLength(1);
  const deviceCookie = set[0]!.split(';')[0]!;

  // Someone else's failures delay the account, but not that browser.
  const attacker = client(localSupabaseFetch({ clientAddress: '10.1.0.3' })!);
  for (let i = 0; i < 5; i += 1) await attacker.auth.signInWithPassword({ email, password: `Guess-${i}-password` });
  expect((await attacker.auth.signInWithPassword({ email, password })).error?.status).toBe(429);
  const again = client(localSupabaseFetch({ clientAddress: '10.1.0.2', cookies: `a=1; ${deviceCookie}; b=2` })!);
  expect((await again.auth.signInWithPassword({ email, password })).error).toBeNull();
});
