import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRemoteFailureLog } from '../http/remote.server.ts';
import {
  startIgdbStandIn,
  STAND_IN_CLIENT,
  type IgdbStandIn,
  type StandInOptions,
} from '../../../tests/helpers/igdb-stand-in.ts';
import { IgdbClient, IgdbError, type IgdbClientOptions } from './client.server.ts';
import { TwitchTokenError, TwitchTokenManager } from './token.server.ts';

let standIn: IgdbStandIn;
let clock: number;
let pauses: number[];

async function start(options: StandInOptions = {}) {
  standIn = await startIgdbStandIn(options);
}

function client(overrides: Partial<IgdbClientOptions> = {}, secret: string = STAND_IN_CLIENT.clientSecret) {
  const tokens = new TwitchTokenManager({
    clientId: STAND_IN_CLIENT.clientId,
    clientSecret: secret,
    tokenUrl: standIn.tokenUrl,
    now: () => clock,
  });
  const igdb = new IgdbClient({
    apiUrl: standIn.apiUrl,
    clientId: STAND_IN_CLIENT.clientId,
    tokens,
    backoffMs: { first: 100, max: 1000 },
    random: () => 0.5,
    sleep: (ms) => {
      pauses.push(ms);
      return Promise.resolve();
    },
    rate: { interval: 1000, intervalCap: 1000, concurrency: 8 },
    ...overrides,
  });
  return { tokens, igdb };
}

const NAMES = 'fields name; where id > 0; sort id asc; limit 500;';

beforeEach(() => {
  clock = Date.UTC(2026, 10, 29);
  pauses = [];
  resetRemoteFailureLog();
});

afterEach(async () => {
  await standIn.close();
});

describe('the app access token', () => {
  it('is asked for once and reused, with the Client-ID and Bearer headers on every query', async () => {
    await start();
    const { igdb } = client();
    const answers = await Promise.all([
      igdb.query('games', NAMES),
      igdb.query('platforms', NAMES),
      igdb.query('genres', NAMES),
    ]);
    expect(answers.map((records) => records.length)).toEqual([6, 5, 5]);
    expect(standIn.tokensIssued).toBe(1);
    expect(standIn.requests.map((request) => request.status)).toEqual([200, 200, 200]);
  });

  it('is renewed shortly before it expires', async () => {
    await start({ expiresIn: 7200 });
    const { igdb } = client();
    await igdb.query('games', NAMES);
    clock += 6000 * 1000;
    await igdb.query('games', NAMES);
    expect(standIn.tokensIssued).toBe(1);
    clock += 600 * 1000;
    await igdb.query('games', NAMES);
    expect(standIn.tokensIssued).toBe(2);
  });

  it('is renewed once when IGDB refuses it, however many queries were refused', async () => {
    await start();
    const { igdb } = client();
    await igdb.query('games', NAMES);
    standIn.expireTokens();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => igdb.query('games', NAMES)));
    expect(answers.every((records) => records.length === 6)).toBe(true);
    expect(standIn.tokensIssued).toBe(2);
    expect(standIn.requests.filter((request) => request.status === 401)).toHaveLength(5);
  });

  it('says what to check when Twitch refuses the credentials', async () => {
    await start();
    const { igdb } = client({}, 'wrongsecret');
    await expect(igdb.query('games', NAMES)).rejects.toThrow(TwitchTokenError);
    await expect(igdb.query('games', NAMES)).rejects.toThrow(/TWITCH_CLIENT_SECRET/);
  });
});

describe('failures', () => {
  it('backs off on 429 with growing, jittered pauses, then gets the answer', async () => {
    await start();
    const { igdb } = client();
    standIn.refuseNext(2, 429);
    await expect(igdb.query('games', NAMES)).resolves.toHaveLength(6);
    expect(pauses).toEqual([75, 150]);
    expect(standIn.requests.map((request) => request.status)).toEqual([429, 429, 200]);
  });

  it('gives up after a bounded number of attempts', async () => {
    await start();
    const { igdb } = client({ retries: 3 });
    standIn.refuseNext(10, 503);
    await expect(igdb.query('games', NAMES)).rejects.toThrow(/answered 503, 4 attempts made/);
    expect(pauses).toEqual([75, 150, 300]);
  });

  it('does not retry a query IGDB cannot read', async () => {
    await start();
    const { igdb } = client();
    const error = await igdb.query('games', 'fields name; bogus 1;').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IgdbError);
    expect((error as IgdbError).status).toBe(400);
    expect(pauses).toEqual([]);
  });

  it('gives up on a call that gets no answer in time, and tries again', async () => {
    await start();
    // Long enough that the answered retry never runs out of time on a loaded machine.
    const { igdb } = client({ timeoutMs: 1500 });
    standIn.hangNext(1);
    await expect(igdb.query('games', NAMES)).resolves.toHaveLength(6);
    expect(pauses).toEqual([75]);
  });
});

describe('limits', () => {
  it('keeps at most 8 queries open at once', async () => {
    await start();
    const { igdb } = client();
    await igdb.query('genres', NAMES);
    standIn.holdAll();
    const queries = Promise.all(Array.from({ length: 12 }, () => igdb.query('games', NAMES)));
    await vi.waitFor(() => expect(standIn.maxOpen).toBe(8), { timeout: 5000 });
    standIn.release();
    await expect(queries).resolves.toHaveLength(12);
    expect(standIn.maxOpen).toBe(8);
  });

  it('starts no more than its cap of queries in an interval', async () => {
    await start();
    const { igdb } = client({ rate: { interval: 100, intervalCap: 2, concurrency: 8 } });
    const started = performance.now();
    await Promise.all(Array.from({ length: 6 }, () => igdb.query('genres', NAMES)));
    expect(performance.now() - started).toBeGreaterThanOrEqual(200);
  });
});

describe('paging', () => {
  it('reads an endpoint to its end, 500 records a page in id order, and resumes from a cursor', async () => {
    await start({ extraGames: 1200 });
    const { igdb } = client();
    const pages: { count: number; lastId: number }[] = [];
    for await (const page of igdb.pages('games', { fields: ['name'], afterId: 0 })) {
      pages.push({ count: page.records.length, lastId: page.lastId });
    }
    expect(pages.map((page) => page.count)).toEqual([500, 500, 206]);
    expect(pages.at(-1)?.lastId).toBe(1_001_199);
    const rest: number[] = [];
    for await (const page of igdb.pages('games', { fields: ['name'], afterId: pages[1]?.lastId ?? 0 })) {
      rest.push(page.records.length);
    }
    expect(rest).toEqual([206]);
    expect(standIn.requests.at(-1)?.body).toMatch(/^fields name; where id > 1000993; sort id asc; limit 500;$/);
  });
});

describe('the stand-in', () => {
  it('answers the documented query statements: expanded fields, updated_at, offset', async () => {
    await start();
    const { igdb } = client();
    const witcher = standIn.records.get('games')?.get(1942);
    if (witcher) witcher.updated_at = 1_800_000_000;
    const changed = await igdb.query(
      'games',
      'fields name,cover.image_id; where id > 0 & (updated_at > 1704067200); sort id asc; limit 500;',
    );
    expect(changed).toEqual([{ id: 1942, name: 'The Witcher 3: Wild Hunt', cover: { id: 89386, image_id: 'co1wyy' } }]);
    const second = await igdb.query('games', 'fields slug; sort id desc; limit 1; offset 1;');
    expect(second).toEqual([{ id: 26226, slug: 'celeste' }]);
    standIn.deleteRecord('games', 26226);
    await expect(igdb.query('games', 'fields slug; where id = (26226,14593);')).resolves.toEqual([
      { id: 14593, slug: 'hollow-knight' },
    ]);
  });
});
