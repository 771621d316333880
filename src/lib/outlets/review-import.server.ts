import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CriticReviewChange } from '../reviews/critic-reviews.ts';
import { audit, outletAccess } from './access.server.ts';
import { refuse, type ManageResult } from './drafts.server.ts';
import { draftScoreProblem, MANAGE_MESSAGES as M, type OutletAccess } from './manage.ts';
import type { ReviewImportLine } from './review-import.ts';

type Db = Kysely<Database>;

/** A line ready to write: its names resolved to ids. */
interface ResolvedLine {
  line: ReviewImportLine;
  gameId: number;
  gameSlug: string;
  platformId: number | null;
  authorId: number | null;
}

export interface ReviewImportPreviewRow {
  line: number;
  title: string;
  status: 'new' | 'error';
  /** The error, or what the line becomes (draft, published, scheduled). */
  message: string | null;
  slug: string | null;
}

const lower = (value: string) => value.toLowerCase();

/**
 * Resolves every line against the outlet: the game by title (case-insensitive) and release
 * year, the platform by slug, the author by name among the outlet's authors, the score on
 * the outlet's scale, one review per game (in the file and already published).
 */
async function resolveLines(
  db: Db,
  access: OutletAccess,
  lines: readonly ReviewImportLine[],
): Promise<{ rows: ReviewImportPreviewRow[]; resolved: ResolvedLine[] }> {
  const titles = [...new Set(lines.filter((line) => !line.error).map((line) => lower(line.title)))];
  const games = titles.length
    ? await db
        .selectFrom('games')
        .select(['id', 'slug', 'title', sql<number | null>`extract(year from release_date)::int`.as('year')])
        .where(sql<string>`lower(title)`, 'in', titles)
        .execute()
    : [];
  const platforms = await db.selectFrom('platforms').select(['id', 'slug']).execute();
  const authors = await db
    .selectFrom('outlet_authors')
    .innerJoin('authors', 'authors.id', 'outlet_authors.author_id')
    .select(['authors.id', 'authors.name'])
    .where('outlet_authors.outlet_id', '=', access.outlet.id)
    .execute();
  const reviewed = new Set(
    (
      await db
        .selectFrom('critic_reviews')
        .select('game_id')
        .where('outlet_id', '=', access.outlet.id)
        .where('kind', '=', 'review')
        .execute()
    ).map((row) => row.game_id),
  );
  const inFile = new Set<number>();
  const rows: ReviewImportPreviewRow[] = [];
  const resolved: ResolvedLine[] = [];
  for (const line of lines) {
    const fail = (message: string) =>
      void rows.push({ line: line.line, title: line.title, status: 'error', message, slug: null });
    if (line.error) {
      fail(line.error);
      continue;
    }
    const named = games.filter((game) => lower(game.title) === lower(line.title));
    const matches = line.year === null ? named : named.filter((game) => game.year === line.year);
    if (matches.length === 0) {
      fail(
        named.length > 0
          ? `No game "${line.title}" released in ${line.year}: it was released in ${named.map((game) => game.year ?? 'an unknown year').join(', ')}.`
          : `No game is called "${line.title}" in the catalogue.`,
      );
      continue;
    }
    if (matches.length > 1) {
      fail(`Several games are called "${line.title}": give the release year.`);
      continue;
    }
    const game = matches[0]!;
    const platform = line.platform ? platforms.find((p) => p.slug === line.platform) : undefined;
    if (line.platform && !platform) {
      fail(`Unknown platform "${line.platform}".`);
      continue;
    }
    const author = line.author ? authors.find((a) => lower(a.name) === lower(line.author!)) : undefined;
    if (line.author && !author) {
      fail(`"${line.author}" is not an author of ${access.outlet.name}.`);
      continue;
    }
    const problem = draftScoreProblem(access.outlet.scale, {
      kind: line.kind,
      rawScore: line.rawScore,
      recommended: line.recommended,
    });
    if (problem && (line.publishedAt !== null || line.rawScore !== null)) {
      fail(problem);
      continue;
    }
    if (line.kind === 'review' && line.publishedAt !== null && (reviewed.has(game.id) || inFile.has(game.id))) {
      fail(
        reviewed.has(game.id)
          ? `${access.outlet.name} has already reviewed ${game.title}.`
          : `${game.title} is reviewed twice in this file.`,
      );
      continue;
    }
    if (line.kind === 'review' && line.publishedAt !== null) inFile.add(game.id);
    const becomes =
      line.publishedAt === null
        ? 'Draft'
        : Date.parse(line.publishedAt) > Date.now()
          ? `Scheduled for ${line.publishedAt.slice(0, 16).replace('T', ' ')} UTC`
          : 'Published';
    rows.push({ line: line.line, title: game.title, status: 'new', message: becomes, slug: game.slug });
    resolved.push({
      line,
      gameId: game.id,
      gameSlug: game.slug,
      platformId: platform?.id ?? null,
      authorId: author?.id ?? null,
    });
  }
  return { rows, resolved };
}

export interface ReviewImportPreview {
  rows: ReviewImportPreviewRow[];
  counts: { newReviews: number; errors: number };
}

async function ownerAccess(db: Db, userId: string, outlet: { id: number } | { slug: string }) {
  const access = await outletAccess(db, userId, outlet);
  if (!access) return refuse('forbidden', M.noAccess);
  if (access.role !== 'owner') return refuse('forbidden', M.ownersOnly);
  return { ok: true as const, access };
}

/** The preview (owners only): each line's outcome. Reads only. */
export async function previewReviewImport(
  db: Db,
  userId: string,
  outlet: { id: number } | { slug: string },
  lines: readonly ReviewImportLine[],
): Promise<ManageResult<ReviewImportPreview>> {
  const owner = await ownerAccess(db, userId, outlet);
  if (!owner.ok) return owner;
  const { rows } = await resolveLines(db, owner.access, lines);
  return {
    ok: true,
    value: {
      rows,
      counts: {
        newReviews: rows.filter((row) => row.status === 'new').length,
        errors: rows.filter((row) => row.status === 'error').length,
      },
    },
  };
}

export const REVIEW_IMPORT_MESSAGES = {
  hasErrors: 'Some lines have errors: fix them in the file and preview it again. Nothing was imported.',
} as const;

/**
 * Writes the import (owners only) in ONE transaction, after resolving every line again
 * inside it: refused as a whole while any line has an error. Lines without a publish time
 * become drafts; the others are published or scheduled. Each is audited, and the import too.
 */
export async function importReviews(
  db: Db,
  userId: string,
  outlet: { id: number } | { slug: string },
  lines: readonly ReviewImportLine[],
): Promise<ManageResult<{ imported: { line: number; game: string }[]; preview: ReviewImportPreview }>> {
  try {
    return await db.transaction().execute(async (trx) => {
      const owner = await ownerAccess(trx, userId, outlet);
      if (!owner.ok) return owner;
      const { access } = owner;
      // One import at a time per outlet, so two tabs cannot both pass the duplicate check.
      await trx.selectFrom('outlets').select('id').where('id', '=', access.outlet.id).forUpdate().execute();
      const { rows, resolved } = await resolveLines(trx, access, lines);
      const errors = rows.filter((row) => row.status === 'error').length;
      if (errors > 0) return refuse('invalid', REVIEW_IMPORT_MESSAGES.hasErrors);
      for (const { line, gameId, platformId, authorId } of resolved) {
        const values = {
          game_id: gameId,
          outlet_id: access.outlet.id,
          author_id: authorId,
          kind: line.kind,
          raw_score: line.kind === 'preview' ? null : line.rawScore,
          verdict: line.verdict,
          headline: line.headline,
          excerpt: line.excerpt,
          url: line.url,
          platform_id: platformId,
        };
        if (line.publishedAt === null) {
          await trx
            .insertInto('critic_review_drafts')
            .values({ ...values, recommended: line.kind === 'preview' ? null : line.recommended, created_by: userId })
            .execute();
        } else {
          await trx
            .insertInto('critic_reviews')
            .values({
              ...values,
              score_scale: access.outlet.scale,
              recommended: line.rawScore === null && line.kind === 'review' ? line.recommended : null,
              published_at: line.publishedAt,
              time_zone: 'UTC',
            })
            .execute();
        }
        await audit(trx, {
          outletId: access.outlet.id,
          actorId: userId,
          action: line.publishedAt === null ? 'review.imported_draft' : 'review.imported',
          subject: `${line.kind} of ${line.title}`,
          after: { rawScore: line.rawScore, publishedAt: line.publishedAt },
        });
      }
      await audit(trx, {
        outletId: access.outlet.id,
        actorId: userId,
        action: 'reviews.imported',
        subject: `${resolved.length} lines from a CSV file`,
        after: { lines: resolved.length },
      });
      const change: CriticReviewChange = {
        gameSlugs: [...new Set(resolved.filter((r) => r.line.publishedAt !== null).map((r) => r.gameSlug))],
        outletSlug: access.outlet.slug,
        authorIds: [...new Set(resolved.map((r) => r.authorId))],
      };
      return {
        ok: true as const,
        value: {
          imported: resolved.map((r) => ({ line: r.line.line, game: r.gameSlug })),
          preview: { rows, counts: { newReviews: rows.length, errors: 0 } },
        },
        change,
      };
    });
  } catch (error) {
    if (/critic_reviews_one_review_per_outlet/.test(String(error)))
      return refuse('conflict', 'This outlet has already reviewed one of these games: nothing was imported.');
    throw error;
  }
}
