import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import * as Sentry from '@sentry/astro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE } from './release.ts';
import { captureServerError, sentryServerOptions } from './sentry.server.ts';

// The real Sentry SDK against a local ingest endpoint: what the server would send to
// sentry.io, read back as Sentry receives it (an envelope of JSON lines).

const envelopes: string[] = [];
let arrived: (() => void) | undefined;
const ingest = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks);
    envelopes.push((request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    arrived?.();
  });
});
let previousDsn: string | undefined;

beforeAll(async () => {
  ingest.listen(0, '127.0.0.1');
  await once(ingest, 'listening');
  const dsn = `http://publickey@127.0.0.1:${(ingest.address() as AddressInfo).port}/1`;
  previousDsn = process.env.SENTRY_DSN;
  process.env.SENTRY_DSN = dsn;
  Sentry.init(sentryServerOptions(dsn));
});

afterAll(async () => {
  await Sentry.close(2000);
  if (previousDsn === undefined) delete process.env.SENTRY_DSN;
  else process.env.SENTRY_DSN = previousDsn;
  ingest.close();
});

describe('server errors sent to Sentry', () => {
  it('arrive with the release and the route, and without personal data or secrets', async () => {
    const received = new Promise<void>((resolve) => (arrived = resolve));
    await captureServerError(new Error('profile update failed for ana@example.com, password=hunter22'), '/api/profile');
    await Sentry.flush(5000);
    await received;
    const sent = envelopes.join('\n');
    expect(sent).toContain('profile update failed for [Filtered email]');
    expect(sent).toContain(`"release":"${RELEASE}"`);
    expect(sent).toContain('"route":"/api/profile"');
    expect(sent).not.toContain('ana@example.com');
    expect(sent).not.toContain('hunter22');
  });

  it('is not sent without a DSN', () => {
    expect(sentryServerOptions(undefined).enabled).toBe(false);
  });
});
