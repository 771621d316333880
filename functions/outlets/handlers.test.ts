import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import type { DatabaseConnection } from '../../src/lib/db/connect.server.ts';
import type { PurgeTarget } from '../../src/lib/http/purge.server.ts';
import { releaseCriticEmbargoes } from '../jobs/release-critic-embargoes.ts';
import { runJob } from '../jobs/runner.ts';
import type { Email } from '../auth/mailer.ts';
import { handleAuthor, handleManageOutlet } from './handlers.ts';

let connection: DatabaseConnection;
const owner = randomUUID();
const coOwner = randomUUID();
const author = randomUUID();
const otherAuthor = randomUUID();
const stranger = randomUUID();
const admin = randomUUID();
const invitee = randomUUID();
const purged: PurgeTarget[] = [];
const sent: Email[] = [];
let authorId = 0;

const deps = (user: string | null) => ({
  db: () => Promise.resolve(connection.db),
  user: user ? { id: user } : null,
  purge: (target: PurgeTarget) => Promise.resolve(void purged.push(target)),
  mailer: { send: (email: Email) => Promise.resolve(void sent.push(email)) },
  env: { siteOrigin: 'http://localhost:4321', SITE_NAME: 'Critical Hit' },
});
const call = (user: string | null, method: string, path: string, body?: unknown) =>
  handleManageOutlet(
    new Request(`http://localhost/api/manage-outlet/${path}`, {
      method,
      body: body === undefined ? null : JSON.stringify(body),
    }),
    path,
    deps(user),
  );
const authorCall = (user: string | null, method: string, path: string, body?: unknown) =>
  handleAuthor(
    new Request(`http://localhost/api/author/${path}`, {
      method,
      body: body === undefined ? null : JSON.stringify(body),
    }),
    path,
    deps(user),
  );
const tokenFrom = (email: Email | undefined) =>
  /\/author\/(?:invite|link|verify)\/([A-Za-z0-9_-]{43})/.exec(email?.text ?? '')?.[1] ?? '';

const publicReviews = (gameSlug: string) =>
  sql<{
    n: number;
  }>`select count(*)::int as n from critic_reviews r join games g on g.id = r.game_id join outlets o on o.id = r.outlet_id
    where g.slug = ${gameSlug} and o.slug = 'ledger-test' and r.published_at <= now()`
    .execute(connection.db)
    .then((r) => r.rows[0]!.n);
const stats = (slug: string) =>
  connection.db
    .selectFrom('game_critic_stats')
    .innerJoin('games', 'games.id', 'game_critic_stats.game_id')
    .select(['review_count', 'score_sum'])
    .where('games.slug', '=', slug)
    .executeTakeFirst();

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false });
  for (const id of [owner, coOwner, author, otherAuthor, stranger, admin, invitee]) {
    await sql`insert into auth.users (id, email) values (${id}, ${`${id}@example.test`})`.execute(connection.db);
  }
  const [outlet] = await connection.db
    .insertInto('outlets')
    .values([
      { slug: 'ledger-test', name: 'Ledger Test', score_scale: 'ten', owner_id: owner },
      { slug: 'other-test', name: 'Other Test', score_scale: 'hundred', owner_id: stranger },
    ])
    .returning('id')
    .execute();
  await connection.db.insertInto('outlet_owners').values({ outlet_id: outlet!.id, user_id: coOwner }).execute();
  const other = await connection.db
    .selectFrom('outlets')
    .select('id')
    .where('slug', '=', 'other-test')
    .executeTakeFirstOrThrow();
  const a = await connection.db
    .insertInto('authors')
    .values({ name: 'Ada Writer', slug: 'ada-writer', user_id: author })
    .returning('id')
    .executeTakeFirstOrThrow();
  const b = await connection.db
    .insertInto('authors')
    .values({ name: 'Bo Elsewhere', slug: 'bo-elsewhere', user_id: otherAuthor })
    .returning('id')
    .executeTakeFirstOrThrow();
  authorId = a.id;
  await connection.db
    .insertInto('outlet_authors')
    .values([
      { outlet_id: outlet!.id, author_id: a.id },
      { outlet_id: other.id, author_id: b.id },
    ])
    .execute();
});
afterAll(() => connection.close());

const draft = (extra: Record<string, unknown> = {}) => ({
  outlet: 'ledger-test',
  game: 'portal-2',
  rawScore: '8.5',
  headline: 'A fine puzzle',
  excerpt: 'Short.',
  ...extra,
});

describe('who may do what at an outlet', () => {
  it('refuses anonymous, strangers and authors of other outlets on every write, by slug and by id', async () => {
    expect((await call(null, 'POST', 'drafts', draft())).status).toBe(401);
    for (const user of [stranger, otherAuthor, admin]) {
      expect((await call(user, 'POST', 'drafts', draft())).status).toBe(403);
      expect(
        (
          await call(user, 'PUT', 'ledger-test/settings', {
            name: 'Hijacked',
            website: null,
            description: '',
            scale: 'ten',
            threshold: 70,
            authorsCanPublish: true,
          })
        ).status,
      ).toBe(403);
      expect((await call(user, 'POST', 'ledger-test/invitations', { email: 'x@example.test', name: 'X' })).status).toBe(
        403,
      );
      expect((await call(user, 'DELETE', `ledger-test/authors/${authorId}`)).status).toBe(403);
    }
    const own = await call(author, 'POST', 'drafts', draft());
    expect(own.status).toBe(201);
    const { id } = (await own.json()) as { id: string };
    // A draft is the outlet's own: to anyone outside it, its id answers exactly as a missing one.
    for (const user of [stranger, otherAuthor, admin]) {
      expect((await call(user, 'PUT', `drafts/${id}`, draft({ rawScore: '1' }))).status).toBe(404);
      expect((await call(user, 'POST', `drafts/${id}/publish`, {})).status).toBe(404);
      expect((await call(user, 'DELETE', `drafts/${id}`)).status).toBe(404);
      expect(await (await call(user, 'DELETE', `drafts/${id}`)).json()).toEqual(
        await (await call(user, 'DELETE', 'drafts/999999999')).json(),
      );
    }
    expect((await call(null, 'DELETE', `drafts/${id}`)).status).toBe(401);
    const row = await connection.db
      .selectFrom('critic_review_drafts')
      .select(['raw_score', 'author_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ raw_score: '8.5', author_id: authorId });
    expect(
      await connection.db
        .selectFrom('outlets')
        .select('name')
        .where('slug', '=', 'ledger-test')
        .executeTakeFirstOrThrow(),
    ).toEqual({ name: 'Ledger Test' });
  });

  it('lets an author draft but not publish until the owners allow it; owners and co-owners manage everything', async () => {
    const created = (await (
      await call(author, 'POST', 'drafts', draft({ game: 'half-life-2', rawScore: '9' }))
    ).json()) as { id: string };
    const refused = await call(author, 'POST', `drafts/${created.id}/publish`, {});
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "This outlet's owners publish reviews: ask one of them to publish your draft.",
    );
    expect(
      (
        await call(author, 'PUT', 'ledger-test/settings', {
          name: 'Ledger Test',
          website: null,
          description: '',
          scale: 'ten',
          threshold: 70,
          authorsCanPublish: true,
        })
      ).status,
    ).toBe(403);

    expect(
      (
        await call(coOwner, 'PUT', 'ledger-test/settings', {
          name: 'Ledger Test',
          website: 'https://ledger.example',
          description: 'Tests.',
          scale: 'ten',
          threshold: 70,
          authorsCanPublish: true,
        })
      ).status,
    ).toBe(200);
    const published = await call(author, 'POST', `drafts/${created.id}/publish`, {});
    expect(published.status).toBe(200);
    const { reviewId } = (await published.json()) as { reviewId: string };
    expect(await publicReviews('half-life-2')).toBe(1);
    expect(purged.at(-1)?.tags).toEqual(expect.arrayContaining(['game:half-life-2', 'outlet:ledger-test']));

    // Authors may not delete; owners may. Strangers cannot touch reviews: to them an id is not found, published or not.
    expect((await call(stranger, 'PATCH', `reviews/${reviewId}`, { rawScore: '1' })).status).toBe(404);
    expect((await call(author, 'DELETE', `reviews/${reviewId}`)).status).toBe(403);
    expect((await call(owner, 'DELETE', `reviews/${reviewId}`)).status).toBe(200);
    expect(await publicReviews('half-life-2')).toBe(0);
  });

  it('validates input with clear messages and never answers 500', async () => {
    const long = await call(owner, 'POST', 'drafts', draft({ excerpt: 'x'.repeat(601) }));
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({
      error: { code: 'invalid_request', message: 'The excerpt is at most 600 characters.' },
    });
    const bad = await call(owner, 'POST', 'drafts', draft({ game: 'grand-theft-auto-v', rawScore: 'B+' }));
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(
      "“B+” is not a score on this outlet's scale.",
    );
    const unfinished = (await (
      await call(owner, 'POST', 'drafts', draft({ game: 'grand-theft-auto-v', rawScore: null }))
    ).json()) as { id: string };
    const publish = await call(owner, 'POST', `drafts/${unfinished.id}/publish`, {});
    expect(publish.status).toBe(422);
    expect(((await publish.json()) as { error: { message: string } }).error.message).toBe(
      'An unscored review needs a verdict: say whether it recommends the game.',
    );
    expect((await call(owner, 'PUT', 'drafts/abc', draft())).status).toBe(404);
    expect((await call(owner, 'POST', 'drafts', 'not json')).status).toBe(400);
  });
});

describe('embargo from the outlet side', () => {
  it('keeps a scheduled review invisible until its time, then counts it and purges its pages', async () => {
    const before = (await stats('portal-2'))?.review_count ?? 0;
    const d = (await (
      await call(owner, 'POST', 'drafts', draft({ game: 'portal-2', rawScore: '9.0', authorId }))
    ).json()) as { id: string };
    const future = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();
    const scheduled = await call(owner, 'POST', `drafts/${d.id}/publish`, {
      publishAt: future,
      timeZone: 'Europe/Paris',
    });
    expect(scheduled.status).toBe(200);
    expect(await publicReviews('portal-2')).toBe(0);
    expect((await stats('portal-2'))?.review_count ?? 0).toBe(before);

    // Time passes in the database: the embargo lifts between two job runs.
    await connection.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`update critic_reviews set published_at = now() - interval '1 minute' where outlet_id = (select id from outlets where slug = 'ledger-test') and not counted`.execute(
        trx,
      );
    });
    purged.length = 0;
    expect(
      await runJob(
        releaseCriticEmbargoes,
        { db: connection.db, purge: (t: PurgeTarget) => Promise.resolve(void purged.push(t)) },
        { force: true },
      ),
    ).toEqual({ status: 'ran', result: { released: 1 } });
    expect(await publicReviews('portal-2')).toBe(1);
    expect((await stats('portal-2'))!.review_count).toBe(before + 1);
    expect(purged[0]!.tags).toEqual(expect.arrayContaining(['game:portal-2', 'outlet:ledger-test']));
  });

  it('marks a published score that changed as updated, and logs before and after', async () => {
    const review = await connection.db
      .selectFrom('critic_reviews')
      .select('id')
      .where('outlet_id', '=', sql<number>`(select id from outlets where slug = 'ledger-test')`)
      .executeTakeFirstOrThrow();
    expect((await call(owner, 'PATCH', `reviews/${review.id}`, { rawScore: '7.0' })).status).toBe(200);
    const row = await connection.db
      .selectFrom('critic_reviews')
      .select(['score', 'score_updated_at'])
      .where('id', '=', review.id)
      .executeTakeFirstOrThrow();
    expect(row.score).toBe(70);
    expect(row.score_updated_at).not.toBeNull();
    const log = await connection.db
      .selectFrom('outlet_audit_log')
      .select(['action', 'before', 'after', 'actor_id'])
      .where('action', '=', 'review.updated')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ actor_id: owner, before: { rawScore: '9.0' }, after: { rawScore: '7.0' } });
  });
});

describe('invitation tokens', () => {
  it('are mailed, single use, hashed, and refuse the wrong purpose', async () => {
    const invited = await call(owner, 'POST', 'ledger-test/invitations', {
      email: 'New.Writer@Example.test',
      name: 'New Writer',
    });
    expect(invited.status).toBe(201);
    const token = tokenFrom(sent.at(-1));
    expect(sent.at(-1)?.to).toBe('new.writer@example.test');
    expect(token).toHaveLength(43);
    const stored = await connection.db
      .selectFrom('author_tokens')
      .select('token_hash')
      .where('email', '=', 'new.writer@example.test')
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(token);
    expect((await authorCall(invitee, 'POST', `link/${token}`)).status).toBe(404);
    expect((await authorCall(null, 'POST', `invite/${token}`)).status).toBe(401);
    const accepted = await authorCall(invitee, 'POST', `invite/${token}`);
    expect(accepted.status).toBe(200);
    const replay = await authorCall(stranger, 'POST', `invite/${token}`);
    expect(replay.status).toBe(410);
    expect(await replay.json()).toEqual({ error: { code: 'token_used', message: 'This link has already been used.' } });
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await authorCall(stranger, 'POST', `invite/${tampered}`)).status).toBe(404);
    const joined = await connection.db
      .selectFrom('authors')
      .innerJoin('outlet_authors', 'outlet_authors.author_id', 'authors.id')
      .select('authors.name')
      .where('authors.user_id', '=', invitee)
      .executeTakeFirstOrThrow();
    expect(joined.name).toBe('New Writer');
  });

  it('expire after 7 days and stop working when revoked or resent', async () => {
    await call(owner, 'POST', 'ledger-test/invitations', { email: 'late@example.test', name: 'Late' });
    const late = tokenFrom(sent.at(-1));
    await sql`update author_tokens set expires_at = now() - interval '1 second' where email = 'late@example.test'`.execute(
      connection.db,
    );
    expect((await authorCall(stranger, 'POST', `invite/${late}`)).status).toBe(410);

    await call(owner, 'POST', 'ledger-test/invitations', { email: 'gone@example.test', name: 'Gone' });
    const gone = tokenFrom(sent.at(-1));
    const { id } = await connection.db
      .selectFrom('author_tokens')
      .select('id')
      .where('email', '=', 'gone@example.test')
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect((await call(stranger, 'DELETE', `ledger-test/invitations/${id}`)).status).toBe(403);
    expect((await call(owner, 'DELETE', `ledger-test/invitations/${id}`)).status).toBe(200);
    const revoked = await authorCall(stranger, 'POST', `invite/${gone}`);
    expect(await revoked.json()).toEqual({ error: { code: 'token_revoked', message: 'This link was withdrawn.' } });

    await call(owner, 'POST', 'ledger-test/invitations', { email: 'again@example.test', name: 'Again' });
    const first = tokenFrom(sent.at(-1));
    const open = await connection.db
      .selectFrom('author_tokens')
      .select('id')
      .where('email', '=', 'again@example.test')
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    // An invitation is its outlet's: the owner of another outlet cannot resend it through theirs.
    const mails = sent.length;
    expect((await call(stranger, 'POST', `other-test/invitations/${open.id}/resend`)).status).toBe(404);
    expect((await call(stranger, 'POST', `ledger-test/invitations/${open.id}/resend`)).status).toBe(403);
    expect(sent.length).toBe(mails);
    expect((await call(owner, 'POST', `ledger-test/invitations/${open.id}/resend`)).status).toBe(200);
    expect((await authorCall(stranger, 'POST', `invite/${first}`)).status).toBe(410);
    expect((await authorCall(stranger, 'POST', `invite/${tokenFrom(sent.at(-1))}`)).status).toBe(200);
  });

  it('links an existing author record only to an account without another author', async () => {
    const credited = await connection.db
      .insertInto('authors')
      .values({ name: 'Credited Critic', slug: 'credited-critic' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const outlet = await connection.db
      .selectFrom('outlets')
      .select('id')
      .where('slug', '=', 'ledger-test')
      .executeTakeFirstOrThrow();
    await connection.db.insertInto('outlet_authors').values({ outlet_id: outlet.id, author_id: credited.id }).execute();
    expect(
      (await call(author, 'POST', `ledger-test/authors/${credited.id}/link`, { email: 'cc@example.test' })).status,
    ).toBe(403);
    expect(
      (await call(owner, 'POST', `ledger-test/authors/${credited.id}/link`, { email: 'cc@example.test' })).status,
    ).toBe(201);
    const token = tokenFrom(sent.at(-1));
    // The author account already has its own author record: the wrong account.
    expect((await authorCall(author, 'POST', `link/${token}`)).status).toBe(409);
    const fresh = randomUUID();
    await sql`insert into auth.users (id, email) values (${fresh}, 'cc@example.test')`.execute(connection.db);
    expect((await authorCall(fresh, 'POST', `link/${token}`)).status).toBe(200);
    expect(
      (
        await connection.db
          .selectFrom('authors')
          .select('user_id')
          .where('id', '=', credited.id)
          .executeTakeFirstOrThrow()
      ).user_id,
    ).toBe(fresh);
  });

  it('removing an author keeps their published reviews, credited', async () => {
    const review = await connection.db
      .selectFrom('critic_reviews')
      .select('id')
      .where('author_id', '=', authorId)
      .executeTakeFirstOrThrow();
    expect((await call(owner, 'DELETE', `ledger-test/authors/${authorId}`)).status).toBe(200);
    expect(
      (
        await connection.db
          .selectFrom('critic_reviews')
          .select('author_id')
          .where('id', '=', review.id)
          .executeTakeFirstOrThrow()
      ).author_id,
    ).toBe(authorId);
    expect((await call(author, 'POST', 'drafts', draft({ game: 'grand-theft-auto-v' }))).status).toBe(403);
  });
});

describe('owners', () => {
  it('are added by the add-owner command, once, and may then manage the outlet', async () => {
    const { addOutletOwner } = await import('../../src/lib/outlets/authors.server.ts');
    expect(await addOutletOwner(connection.db, 'ledger-test', 'nobody@example.test')).toEqual({
      ok: false,
      message: 'No account with the email nobody@example.test: the person signs up first.',
    });
    expect(await addOutletOwner(connection.db, 'no-outlet', `${admin}@example.test`)).toMatchObject({ ok: false });
    expect(
      (
        await call(admin, 'PUT', 'ledger-test/settings', {
          name: 'Ledger Test',
          website: null,
          description: '',
          scale: 'ten',
          threshold: 70,
          authorsCanPublish: true,
        })
      ).status,
    ).toBe(403);
    expect(await addOutletOwner(connection.db, 'ledger-test', `${admin}@EXAMPLE.test`)).toEqual({
      ok: true,
      added: true,
    });
    expect(await addOutletOwner(connection.db, 'ledger-test', `${admin}@example.test`)).toEqual({
      ok: true,
      added: false,
    });
    expect(
      (
        await call(admin, 'PUT', 'ledger-test/settings', {
          name: 'Ledger Test',
          website: null,
          description: '',
          scale: 'ten',
          threshold: 70,
          authorsCanPublish: true,
        })
      ).status,
    ).toBe(200);
  });
});
