import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { createHash } from 'node:crypto';
import { loadOrCreateStoredKey, type SigningKey } from '../../functions/auth/keys.ts';
import { extractLinks, type Email, type Mailer } from '../../functions/auth/mailer.ts';
import { createAuthService, type AuthServiceOptions } from '../../functions/auth/service.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';

/**
 * The local auth service on a real HTTP server on an ephemeral port, over a test database,
 * with an in-memory mailbox and a Google stand-in (its own key set, served by the same
 * server at /google/jwks.json). supabase-js talks to it exactly as it talks to Supabase.
 * The header `x-test-client` stands for the caller's IP address in the rate limits, so each
 * test can be its own client.
 */

export const TEST_GOOGLE_CLIENT_ID = 'conformance-test.apps.googleusercontent.com';

export interface TestAuthServer {
  url: string;
  mailbox: Email[];
  /** Newest email to `to`, with its links. */
  lastEmail(to: string): (Email & { links: string[] }) | undefined;
  /** A Google-like ID token signed with the test key set. */
  googleIdToken(claims: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

async function toRequest(message: IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  const body =
    chunks.length > 0 && message.method !== 'GET' && message.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(message.url ?? '/', origin), { method: message.method, headers, body });
}

export async function startTestAuthServer(
  database: DatabaseConnection,
  overrides: Partial<AuthServiceOptions> = {},
): Promise<TestAuthServer> {
  const mailbox: Email[] = [];
  const mailer: Mailer = { send: async (email) => void mailbox.push(email) };
  // As in production: generated on first use inside a request and kept in the database.
  let signing: Promise<SigningKey> | undefined;
  const google = await generateKeyPair('ES256', { extractable: true });
  const googleJwk: JWK = { ...(await exportJWK(google.publicKey)), kid: 'google-test-key', alg: 'ES256', use: 'sig' };

  let origin = '';
  const service = createAuthService({
    db: async () => database.db,
    signingKey: () => (signing ??= loadOrCreateStoredKey(database.db)),
    mailer,
    googleClientIds: [TEST_GOOGLE_CLIENT_ID],
    // The server's own origin plays the site's configured one (known once it listens).
    get siteOrigin() {
      return origin;
    },
    get googleJwksUrl() {
      return `${origin}/google/jwks.json`;
    },
    ...overrides,
  });

  const server: Server = createServer((message, reply) => {
    void (async () => {
      try {
        if (message.url === '/google/jwks.json') {
          reply.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [googleJwk] }));
          return;
        }
        const request = await toRequest(message, origin);
        const clientAddress = request.headers.get('x-test-client') ?? message.socket.remoteAddress ?? 'unknown';
        const response = await service(request, { clientAddress });
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => (headers[name] = value));
        reply.writeHead(response.status, headers).end(Buffer.from(await response.arrayBuffer()));
      } catch (error) {
        reply.writeHead(500).end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    mailbox,
    lastEmail(to) {
      const email = mailbox.filter((entry) => entry.to === to.toLowerCase()).at(-1);
      return email && { ...email, links: extractLinks(email.html) };
    },
    async googleIdToken(claims) {
      return new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: 'google-test-key', typ: 'JWT' })
        .setIssuer('https://accounts.google.com')
        .setAudience(typeof claims.aud === 'string' ? claims.aud : TEST_GOOGLE_CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(google.privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
