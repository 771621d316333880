import { sql, type Kysely, type Transaction } from 'kysely';
import { audit } from '../admin/admin.server.ts';
import type { Database } from '../db/schema.ts';
import { slugify } from '../games/slug.ts';
import { APPLICATIONS_PER_DAY, type ApplicationInput } from './applications.ts';
import type { ModerationItem } from './moderation.ts';

type Trx = Transaction<Database>;

export class ApplicationError extends Error {
  readonly code: 'pending_exists' | 'rate_limited' | 'name_taken' | 'not_found' | 'not_pending';
  constructor(code: ApplicationError['code'], message: string) {
    super(message);
    this.code = code;
  }
}

export async function submitApplication(
  db: Kysely<Database>,
  userId: string,
  input: ApplicationInput,
): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    // Serialises one user's submissions, so two at once cannot both pass the checks.
    await sql`select pg_advisory_xact_lock(hashtext('outlet_application'), hashtext(${userId}))`.execute(trx);
    const pending = await trx
      .selectFrom('outlet_applications')
      .select('id')
      .where('applicant_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (pending) throw new ApplicationError('pending_exists', 'You already have an application waiting for review.');
    const recent = await trx
      .selectFrom('outlet_applications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('applicant_id', '=', userId)
      .where('created_at', '>', sql<Date>`now() - interval '1 day'`)
      .executeTakeFirstOrThrow();
    if (Number(recent.n) >= APPLICATIONS_PER_DAY)
      throw new ApplicationError('rate_limited', 'Too many applications today. Please try again tomorrow.');
    return trx
      .insertInto('outlet_applications')
      .values({
        applicant_id: userId,
        outlet_name: input.outletName,
        website_url: input.websiteUrl,
        contact: input.contact,
        score_scale: input.scoreScale,
        sample_links: input.sampleLinks,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  });
}

export async function applicationsOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('outlet_applications')
    .select(['id', 'outlet_name', 'status', 'resolution_reason', 'created_at'])
    .where('applicant_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
}

export async function pendingApplicationItems(db: Kysely<Database>): Promise<ModerationItem[]> {
  const rows = await db
    .selectFrom('outlet_applications as a')
    .leftJoin('profiles as p', 'p.id', 'a.applicant_id')
    .select([
      'a.id',
      'a.outlet_name',
      'a.website_url',
      'a.contact',
      'a.score_scale',
      'a.sample_links',
      'a.created_at',
      'p.username',
    ])
    .where('a.status', '=', 'pending')
    .orderBy('a.created_at')
    .limit(100)
    .execute();
  return rows.map((row) => ({
    kind: 'outlet_application',
    id: String(row.id),
    title: `Outlet application: ${row.outlet_name}`,
    details: [
      { label: 'Applicant', value: row.username ?? '(no username yet)' },
      { label: 'Website', value: row.website_url, href: row.website_url },
      { label: 'Contact', value: row.contact },
      { label: 'Score scale', value: row.score_scale },
      ...row.sample_links.map((link, index) => ({ label: `Sample ${index + 1}`, value: link, href: link })),
    ],
    createdAt: row.created_at,
    actions: ['approve', 'reject'],
    reasonRequired: ['reject'],
  }));
}

/** Approve (the outlet is created, the applicant owns it) or reject with a reason. */
export async function resolveApplication(
  trx: Trx,
  adminId: string,
  id: number,
  action: 'approve' | 'reject',
  reason: string | undefined,
): Promise<void> {
  const application = await trx
    .selectFrom('outlet_applications')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!application) throw new ApplicationError('not_found', 'This application no longer exists.');
  if (application.status !== 'pending')
    throw new ApplicationError('not_pending', 'This application has already been reviewed.');
  const resolved = { resolved_by: adminId, resolved_at: new Date() };
  if (action === 'reject') {
    await trx
      .updateTable('outlet_applications')
      .set({ status: 'rejected', resolution_reason: reason ?? null, ...resolved })
      .where('id', '=', id)
      .execute();
  } else {
    const taken = await trx
      .selectFrom('outlets')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', application.outlet_name.toLowerCase()))
      .executeTakeFirst();
    if (taken) throw new ApplicationError('name_taken', 'An outlet with this name is already listed.');
    const base = slugify(application.outlet_name, 80) || 'outlet';
    let slug = base;
    for (let n = 2; await trx.selectFrom('outlets').select('id').where('slug', '=', slug).executeTakeFirst(); n += 1)
      slug = `${base}-${n}`;
    const outlet = await trx
      .insertInto('outlets')
      .values({
        slug,
        name: application.outlet_name,
        website_url: application.website_url,
        score_scale: application.score_scale,
        owner_id: application.applicant_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('outlet_applications')
      .set({ status: 'approved', outlet_id: outlet.id, ...resolved })
      .where('id', '=', id)
      .execute();
  }
  await audit(trx, {
    adminId,
    action: `outlet_application.${action}`,
    subjectType: 'outlet_application',
    subjectId: id,
    before: { status: 'pending' },
    after: { status: action === 'approve' ? 'approved' : 'rejected', reason },
  });
}
