import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/helpers/database.ts';
import { getProfile, getUserTier } from '../auth/profiles.server.ts';
import type { DatabaseConnection } from '../db/connect.server.ts';
import { setPlayState, statusCounts } from '../library/play-status.server.ts';
import { earnedToday, levelOf } from '../xp/xp.server.ts';
import { playerSummary } from './player-summary.server.ts';

// The dashboard's one statement for the player gives what the five reads it replaces give,
// for each plan, with and without games and XP, and for an id with no profile at all.

let connection: DatabaseConnection;
const db = () => connection.db;

beforeAll(async () => {
  connection = await createTestDatabase({ demo: true, critics: false, accounts: true });
});
afterAll(() => connection.close());

const singleReads = async (id: string, now: Date) => ({
  profile: await getProfile(db(), id),
  tier: await getUserTier(db(), id),
  counts: await statusCounts(db(), id),
  progress: await levelOf(db(), id),
  earnedToday: await earnedToday(db(), id, now),
});

describe('playerSummary', () => {
  it('reads each demo account as the single reads do, before and after it plays', async () => {
    const accounts = await db().selectFrom('profiles').select(['id', 'username']).orderBy('username').execute();
    const premium = accounts.find((account) => account.username === 'demo_premium');
    expect(premium).toBeDefined();
    const games = await db().selectFrom('games').select('id').orderBy('id').limit(3).execute();
    await setPlayState(db(), premium!.id, games[0]!.id, { status: 'playing' });
    await setPlayState(db(), premium!.id, games[1]!.id, { status: 'completed', wishlist: false });
    await setPlayState(db(), premium!.id, games[2]!.id, { wishlist: true });
    const now = new Date();
    for (const { id } of accounts) expect(await playerSummary(db(), id, now)).toEqual(await singleReads(id, now));
    const played = await playerSummary(db(), premium!.id, now);
    expect([played.tier, played.counts.all, played.counts.wishlist]).toEqual(['premium', 2, 1]);
    expect(played.earnedToday).toBeGreaterThan(0);
    // Another day's row is not today's.
    const tomorrow = new Date(now.getTime() + 86_400_000);
    expect((await playerSummary(db(), premium!.id, tomorrow)).earnedToday).toBe(0);
  });

  it('reads an id without a profile as nobody on the free plan with nothing', async () => {
    const id = randomUUID();
    const now = new Date();
    expect(await playerSummary(db(), id, now)).toEqual(await singleReads(id, now));
    expect((await playerSummary(db(), id, now)).profile).toBeNull();
  });
});
