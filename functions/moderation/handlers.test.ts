import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { grantAdmin } from '../../src/lib/admin/admin.server.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import { moderationQueue } from '../../src/lib/moderation/queue.server.ts';
import { handleModerate, handleSiteApplication } from './handlers.ts';

let connection: DatabaseConnection;
const admin = randomUUID();
const applicant = randomUUID();
const as = (user: string | null) => ({
  db: () => Promise.resolve(connection.db),
  user: user ? { id: user } : null,
  purge: async () => {},
});
const post = (value: unknown) => new Request('http://localhost/api/x', { method: 'POST', body: JSON.stringify(value) });
const application = {
  outletName: 'Respawn Weekly',
  websiteUrl: 'https://respawn.example',
  contact: 'editor@respawn.example',
  scoreScale: 'ten',
  sampleLinks: 'https://respawn.example/r/1\nhttps://respawn.example/r/2',
};

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  for (const [id, name] of [
    [admin, 'queue_admin'],
    [applicant, 'queue_applicant'],
  ] as const) {
    await sql`insert into auth.users (id, email, raw_user_meta_data) values (${id}, ${`${name}@example.test`}, ${JSON.stringify({ username: name })}::jsonb)`.execute(
      connection.db,
    );
  }
  await grantAdmin(connection.db, 'queue_admin@example.test');
});
afterAll(() => connection.close());

describe('outlet applications and the moderation queue', () => {
  it('takes one pending application per signed-in user, and keeps nothing from a bot', async () => {
    expect((await handleSiteApplication(post(application), as(null))).status).toBe(401);
    expect((await handleSiteApplication(post({ ...application, homepage: 'spam' }), as(applicant))).status).toBe(201);
    expect(await connection.db.selectFrom('outlet_applications').select('id').execute()).toEqual([]);
    const bad = await handleSiteApplication(post({ ...application, sampleLinks: '' }), as(applicant));
    expect(await bad.json()).toEqual({
      error: { code: 'validation_failed', message: 'Add at least one link to a sample review.' },
    });
    expect((await handleSiteApplication(post(application), as(applicant))).status).toBe(201);
    const again = await handleSiteApplication(post(application), as(applicant));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: { code: 'pending_exists', message: 'You already have an application waiting for review.' },
    });
  });

  it('shows the application in the queue; only an admin approves it, which makes the applicant the owner', async () => {
    const [item] = await moderationQueue(connection.db);
    expect(item).toMatchObject({ kind: 'outlet_application', title: 'Outlet application: Respawn Weekly' });
    const refused = await handleModerate(
      post({ action: 'approve' }),
      { kind: item!.kind, id: item!.id },
      as(applicant),
    );
    expect(refused.status).toBe(404);
    expect(
      (await handleModerate(post({ action: 'reject' }), { kind: item!.kind, id: item!.id }, as(admin))).status,
    ).toBe(400);
    const approved = await handleModerate(post({ action: 'approve' }), { kind: item!.kind, id: item!.id }, as(admin));
    expect(approved.status).toBe(200);
    const outlet = await connection.db
      .selectFrom('outlets')
      .select(['slug', 'owner_id', 'score_scale'])
      .where('name', '=', 'Respawn Weekly')
      .executeTakeFirstOrThrow();
    expect(outlet).toEqual({ slug: 'respawn-weekly', owner_id: applicant, score_scale: 'ten' });
    expect(await moderationQueue(connection.db)).toEqual([]);
    expect((await handleModerate(post({ action: 'approve' }), { kind: 'nothing', id: '1' }, as(admin))).status).toBe(
      404,
    );
  });
});
