import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { resetEnvCache } from '../../src/lib/config/env.ts';
import { CONTACT_MESSAGES } from '../../src/lib/contact/contact.ts';
import type { Email, Mailer } from '../auth/mailer.ts';
import { submitContact } from './handlers.ts';

let connection: DatabaseConnection;
const sent: Email[] = [];
const mailer: Mailer = { send: (email) => Promise.resolve(void sent.push(email)) };
beforeAll(async () => {
  connection = await createTestDatabase();
});
afterAll(async () => {
  await connection.close();
});

const message = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Ada',
  email,
  topic: 'support',
  message: 'I cannot find my lists.',
  ...extra,
});
const context = (address: string) => ({
  db: () => Promise.resolve(connection.db),
  clientAddress: address,
  user: null,
  mailer,
  now: () => new Date('2026-11-22T10:00:00Z'),
});

describe('submitContact', () => {
  it('stores the message and emails it', async () => {
    const result = await submitContact(message('ada@example.com'), context('192.0.2.1'));
    expect(result).toEqual({ ok: true, message: CONTACT_MESSAGES.sent });
    const rows = await connection.db.selectFrom('contact_messages').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ada', email: 'ada@example.com', topic: 'support' });
    expect(rows[0]!.sender_hash).not.toContain('192.0.2.1');
  });

  it('answers a filled honeypot as sent, and keeps nothing', async () => {
    const before = await connection.db.selectFrom('contact_messages').select('id').execute();
    expect(
      (await submitContact(message('bot@example.com', { website: 'http://spam.example' }), context('192.0.2.9'))).ok,
    ).toBe(true);
    expect(await connection.db.selectFrom('contact_messages').select('id').execute()).toHaveLength(before.length);
  });

  it("refuses bad input with the field's message and stores nothing", async () => {
    const result = await submitContact(message('a@example.com', { message: 'x'.repeat(5001) }), context('192.0.2.2'));
    expect(result).toMatchObject({ ok: false, status: 400, message: 'Message must be at most 5000 characters.' });
    expect((await submitContact(message('a@example.com', { topic: 'ads' }), context('192.0.2.2'))).ok).toBe(false);
  });

  it('allows three messages an hour per sender address, then refuses with 429', async () => {
    for (const n of [1, 2, 3])
      expect((await submitContact(message(`writer${n}@example.com`), context('198.51.100.50'))).ok).toBe(true);
    const refused = await submitContact(message('writer4@example.com'), context('198.51.100.50'));
    expect(refused).toMatchObject({ ok: false, status: 429, message: CONTACT_MESSAGES.rateLimited });
    // And per email address, whatever the sender address.
    for (const n of [1, 2])
      expect((await submitContact(message('same@example.com'), context(`203.0.113.${n}`))).ok).toBe(true);
    expect((await submitContact(message('SAME@example.com'), context('203.0.113.3'))).ok).toBe(true);
    expect((await submitContact(message('same@example.com'), context('203.0.113.4'))).ok).toBe(false);
  });
});

describe('emailed means sent', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    resetEnvCache();
  });
  const emailedAt = async (email: string) =>
    (
      await connection.db
        .selectFrom('contact_messages')
        .select('emailed_at')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).emailed_at;

  it('on Vercel with CONTACT_EMAIL but no SMTP_URL the message is stored, not marked emailed, and the log says why', async () => {
    const deployed = {
      VERCEL: '1',
      SUPABASE_URL: 'https://abcd.supabase.co',
      SUPABASE_ANON_KEY: 'anon',
      DATABASE_URL: 'postgres://u:p@db.test:5432/app',
      SITE_URL: 'https://critical-hit.example',
      CONTACT_EMAIL: 'team@critical-hit.example',
      SMTP_URL: '',
    };
    for (const [key, value] of Object.entries(deployed)) vi.stubEnv(key, value);
    resetEnvCache();
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // Without a mailer of its own, the message goes the way the environment says: nowhere here.
    const withoutMailer = { ...context('192.0.2.77'), mailer: undefined };
    expect((await submitContact(message('unsent@example.com'), withoutMailer)).ok).toBe(true);
    expect(await emailedAt('unsent@example.com')).toBeNull();
    expect(warned.mock.calls.flat().join(' ')).toMatch(/not emailed.*SMTP_URL/);
  });

  it('a mailer that fails leaves it not emailed; one that sends marks it', async () => {
    const failing: Mailer = { send: () => Promise.reject(new Error('SMTP refused')) };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await submitContact(message('failed@example.com'), { ...context('192.0.2.78'), mailer: failing })).ok).toBe(
      true,
    );
    expect(await emailedAt('failed@example.com')).toBeNull();
    vi.stubEnv('CONTACT_EMAIL', 'team@critical-hit.example');
    resetEnvCache();
    expect((await submitContact(message('sent@example.com'), context('192.0.2.79'))).ok).toBe(true);
    expect(await emailedAt('sent@example.com')).not.toBeNull();
  });
});
