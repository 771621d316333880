import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { sql } from 'kysely';
import { loadOrCreateStoredKey, type SigningKey } from '../../functions/auth/keys.ts';
import type { Mailer } from '../../functions/auth/mailer.ts';
import { createAuthService } from '../../functions/auth/service.ts';
import { createStorageService } from '../../functions/storage/service.ts';
import { LOCAL_ANON_KEY } from '../../src/lib/auth/config.server.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';

/**
 * The local auth and storage services on one real HTTP server (an ephemeral port), over a
 * test database and a temporary STORAGE_DIR: supabase-js talks to it exactly as it talks to
 * a Supabase project, request bodies stream in as they do on the node server. Each auth
 * request counts as its own client address, so the sign-up rate limit never interferes.
 */

export interface TestStorageServer {
  url: string;
  anonKey: string;
  storageDir: string;
  /** Bytes of request bodies the server has read, per request path (to show a refusal read nothing). */
  bytesRead: Map<string, number>;
  /** A supabase-js client as a separate browser would be (its own session storage). */
  client(): SupabaseClient;
  /** A new confirmed user, signed in on their own client. */
  signedInUser(): Promise<{ id: string; client: SupabaseClient }>;
  close(): Promise<void>;
}

/** A browser's session storage for supabase-js, in memory. */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function toRequest(message: IncomingMessage, origin: string, counted: (bytes: number) => void): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  const hasBody = message.method !== 'GET' && message.method !== 'HEAD';
  message.on('data', (chunk: Buffer) => counted(chunk.byteLength));
  return new Request(new URL(message.url ?? '/', origin), {
    method: message.method,
    headers,
    body: hasBody ? (Readable.toWeb(message) as ReadableStream<Uint8Array>) : undefined,
    duplex: 'half',
  } as RequestInit);
}

export async function startTestStorageServer(
  database: DatabaseConnection,
  options: { fileSizeLimit?: number; storageDir?: string } = {},
): Promise<TestStorageServer> {
  const storageDir = options.storageDir ?? (await mkdtemp(path.join(tmpdir(), 'critical-hit-storage-')));
  let signing: Promise<SigningKey> | undefined;
  const signingKey = () => (signing ??= loadOrCreateStoredKey(database.db));
  const mailer: Mailer = { send: async () => {} };
  const storage = createStorageService({
    db: async () => database.db,
    signingKey,
    root: storageDir,
    fileSizeLimit: options.fileSizeLimit ?? 50 * 1024 * 1024,
    publicKeys: [LOCAL_ANON_KEY],
  });
  const bytesRead = new Map<string, number>();

  let origin = '';
  const server: Server = createServer((message, reply) => {
    void (async () => {
      try {
        const pathname = new URL(message.url ?? '/', origin).pathname;
        const request = toRequest(message, origin, (bytes) =>
          bytesRead.set(pathname, (bytesRead.get(pathname) ?? 0) + bytes),
        );
        const response = pathname.startsWith('/storage/v1/')
          ? await storage(request)
          : await auth(request, { clientAddress: randomUUID() });
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => (headers[name] = value));
        reply.writeHead(response.status, headers);
        if (response.body) for await (const chunk of response.body) reply.write(chunk);
        reply.end();
      } catch (error) {
        if (!reply.headersSent) reply.writeHead(500);
        reply.end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Made once the server listens: its links and the `iss` claim name the server's origin. Cheap
  // bcrypt: the storage tests sign up many users.
  const auth = createAuthService({
    db: async () => database.db,
    signingKey,
    mailer,
    siteOrigin: origin,
    bcryptCost: 4,
  });

  const client = () =>
    createClient(origin, LOCAL_ANON_KEY, {
      auth: { storage: memoryStorage(), persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
    });

  return {
    url: origin,
    anonKey: LOCAL_ANON_KEY,
    storageDir,
    bytesRead,
    client,
    async signedInUser() {
      const name = `player_${randomUUID().slice(0, 8)}`;
      const email = `${name}@example.com`;
      const password = 'Correct-Horse-9';
      const browser = client();
      const { data, error } = await browser.auth.signUp({ email, password, options: { data: { username: name } } });
      if (error || !data.user) throw error ?? new Error('sign-up returned no user');
      await sql`update auth.users set email_confirmed_at = now() where id = ${data.user.id}`.execute(database.db);
      const signIn = await browser.auth.signInWithPassword({ email, password });
      if (signIn.error) throw signIn.error;
      return { id: data.user.id, client: browser };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (!options.storageDir) await rm(storageDir, { recursive: true, force: true });
    },
  };
}
