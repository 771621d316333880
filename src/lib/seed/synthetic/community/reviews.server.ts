import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * The bench's user reviews: `count` reviews spread over the community's users and the
 * released games, deterministic for a seed, one per user and game. Loaded in one
 * statement with the score trigger off (the platform triggers skip reviews naming no
 * platform, and these name none), then every user score is computed once
 * (rebuild_game_user_scores), as the critic reviews are, and the players' kept stats
 * (rebuild_player_stats). Synthetic text, labelled so.
 *
 * Called from the bench script after the community's users exist:
 *   await generateUserReviews(trx, { count: 1_000_000, seed });
 */
export interface UserReviewGeneration {
  count: number;
  seed: number;
  /** Users whose email ends with this are the synthetic community (default: every user with a profile). */
  emailSuffix?: string;
}

export async function generateUserReviews(trx: Transaction<Database>, options: UserReviewGeneration): Promise<number> {
  await sql`alter table public.user_reviews disable trigger user_reviews_prepare`.execute(trx);
  await sql`alter table public.user_reviews disable trigger user_reviews_aggregate`.execute(trx);
  await sql`alter table public.user_reviews disable trigger user_reviews_player_stats`.execute(trx);
  // Users and released games numbered 0..n-1; review k goes to user (k mod users) and a game
  // picked by a hash of k and the seed, skewed so popular games get many more reviews.
  const inserted = await sql<{ n: number }>`
    with u as (
      select p.id, row_number() over (order by p.id) - 1 as i from public.profiles p
       where ${options.emailSuffix ?? null}::text is null or p.email like '%' || ${options.emailSuffix ?? ''}::text
    ), g as (
      select id, row_number() over (order by id) - 1 as i from public.games where release_date <= current_date - 2
    ), sizes as (select (select count(*) from u) as users, (select count(*) from g) as games),
    picks as (
      select k,
             k % s.users as ui,
             floor(s.games * power(abs(hashint8(k * 7919 + ${options.seed}::bigint)::float8 / 2147483648.0), 2))::bigint as gi,
             1 + abs(hashint8(k * 104729 + ${options.seed}::bigint)) % 10 as rating
        from sizes s, generate_series(0::bigint, ${options.count}::bigint - 1) k
       where s.users > 0 and s.games > 0
    ), ins as (
      insert into public.user_reviews (user_id, game_id, rating, title, body, finished, hours_played, helpful_count, created_at)
      select u.id, g.id, p.rating::smallint,
             'Synthetic review ' || p.k,
             'Synthetic benchmark text for review ' || p.k || '.',
             p.k % 3 = 0, (p.k % 120)::numeric, (p.k % 17)::int,
             now() - make_interval(mins => (p.k % 500000)::int)
        from picks p join u on u.i = p.ui join g on g.i = p.gi
      on conflict (user_id, game_id) do nothing
      returning 1
    )
    select count(*)::int as n from ins
  `.execute(trx);
  await sql`alter table public.user_reviews enable trigger user_reviews_prepare`.execute(trx);
  await sql`alter table public.user_reviews enable trigger user_reviews_aggregate`.execute(trx);
  await sql`alter table public.user_reviews enable trigger user_reviews_player_stats`.execute(trx);
  await sql`select public.rebuild_game_user_scores()`.execute(trx);
  await sql`select public.rebuild_player_stats()`.execute(trx);
  return inserted.rows[0]?.n ?? 0;
}
