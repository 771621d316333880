import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { games } from '../fixtures/igdb/games.ts';
import {
  alternativeNames,
  covers,
  externalGames,
  involvedCompanies,
  releaseDates,
} from '../fixtures/igdb/relations.ts';
import {
  collections,
  companies,
  franchises,
  gameTypes,
  genres,
  platforms,
  themes,
} from '../fixtures/igdb/reference.ts';
import { project, QuerySyntaxError, readQuery, select, type IgdbRecord } from './apicalypse-reader.ts';
import type { RecordSource } from './igdb-synthetic.ts';

/**
 * A local stand-in for Twitch's token endpoint and IGDB's v4 API, answering from the fixtures in
 * tests/fixtures/igdb: `POST /oauth2/token` (client credentials, as a form body or a query
 * string) and `POST /v4/{endpoint}` with an Apicalypse body and the Client-ID and Bearer
 * headers. The tests can expire the tokens it issued (the next call answers 401), make it
 * answer 429 or never answer, change or delete records between two syncs, and see every
 * request and the most it had open at once.
 */

export const STAND_IN_CLIENT = { clientId: 'standinclient', clientSecret: 'standinsecret' } as const;

export interface IgdbStandIn {
  apiUrl: string;
  tokenUrl: string;
  records: Map<string, Map<number, IgdbRecord>>;
  /** The bodies of the queries answered (or refused), in order. */
  requests: { endpoint: string; body: string; status: number }[];
  tokensIssued: number;
  /** The most v4 requests it had open at once. */
  maxOpen: number;
  /** The tokens issued so far answer 401 from now on. */
  expireTokens(): void;
  /** The next `count` v4 requests answer `status` (429 unless given). */
  refuseNext(count: number, status?: number): void;
  /** The next `count` v4 requests get no answer until the stand-in closes or `release()`. */
  hangNext(count: number): void;
  /** Holds every v4 answer until release() (to count requests open at once). */
  holdAll(): void;
  release(): void;
  deleteRecord(endpoint: string, id: number): void;
  /** Changes a game as IGDB does: the fields given, and updated_at now. */
  changeGame(id: number, changes: Record<string, unknown>): void;
  /**
   * Merges game `from` into game `into` as IGDB does: `from` is gone, and `into` (updated now)
   * carries the store ids (external_games) `from` had.
   */
  mergeGame(from: number, into: number): void;
  close(): Promise<void>;
}

const FIXTURES: Record<string, readonly object[]> = {
  games,
  alternative_names: alternativeNames,
  covers,
  external_games: externalGames,
  involved_companies: involvedCompanies,
  release_dates: releaseDates,
  platforms,
  genres,
  themes,
  companies,
  franchises,
  collections,
  game_types: gameTypes,
};

function fixtureRecords(): Map<string, Map<number, IgdbRecord>> {
  const records = new Map<string, Map<number, IgdbRecord>>();
  for (const [endpoint, list] of Object.entries(FIXTURES)) {
    records.set(
      endpoint,
      new Map(list.map((record) => [(record as IgdbRecord).id, structuredClone(record as IgdbRecord)])),
    );
  }
  return records;
}

/** The fixture games as IGDB answers a query for `fields` (the sync's expansions), without a server. */
export function expandedFixtureGames(fields: readonly string[]): Record<string, unknown>[] {
  const records = fixtureRecords();
  const lookup = (name: string, id: number) => records.get(name)?.get(id);
  return [...(records.get('games')?.values() ?? [])].map((game) => project('games', game, [...fields], lookup));
}

export interface StandInOptions {
  /** Extra games (ids from 1,000,000 up) for paging past 500. */
  extraGames?: number;
  /** How long the tokens it issues say they live, in seconds (Twitch says about 60 days). */
  expiresIn?: number;
  /** Records made on demand (tests/helpers/igdb-synthetic.ts) in place of the fixtures. */
  source?: RecordSource;
}

export async function startIgdbStandIn(options: StandInOptions = {}): Promise<IgdbStandIn> {
  const records = new Map<string, Map<number, IgdbRecord>>();
  for (const [endpoint, list] of Object.entries(FIXTURES)) {
    records.set(
      endpoint,
      new Map(list.map((record) => [(record as IgdbRecord).id, structuredClone(record as IgdbRecord)])),
    );
  }
  const gameRecords = records.get('games') ?? new Map<number, IgdbRecord>();
  for (let n = 0; n < (options.extraGames ?? 0); n += 1) {
    const id = 1_000_000 + n;
    gameRecords.set(id, {
      id,
      name: `Stand-in Game ${n}`,
      slug: `stand-in-game-${n}`,
      game_type: 0,
      updated_at: 1704067200,
    });
  }

  const valid = new Set<string>();
  const held: (() => void)[] = [];
  let refusals: { count: number; status: number } = { count: 0, status: 429 };
  let hangs = 0;
  let holding = false;
  let open = 0;
  const sockets = new Set<Socket>();

  const standIn: IgdbStandIn = {
    apiUrl: '',
    tokenUrl: '',
    records,
    requests: [],
    tokensIssued: 0,
    maxOpen: 0,
    expireTokens: () => valid.clear(),
    refuseNext: (count, status = 429) => {
      refusals = { count, status };
    },
    hangNext: (count) => {
      hangs = count;
    },
    holdAll: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const answer of held.splice(0)) answer();
    },
    deleteRecord: (endpoint, id) => {
      records.get(endpoint)?.delete(id);
    },
    changeGame: (id, changes) => {
      const game = gameRecords.get(id);
      if (game) Object.assign(game, changes, { updated_at: Math.floor(Date.now() / 1000) });
    },
    mergeGame: (from, into) => {
      const old = gameRecords.get(from);
      const external = records.get('external_games') ?? new Map<number, IgdbRecord>();
      const moved = ((old?.external_games ?? []) as number[]).filter((id) => external.has(id));
      for (const id of moved) Object.assign(external.get(id) ?? {}, { game: into });
      gameRecords.delete(from);
      const survivor = gameRecords.get(into);
      standIn.changeGame(into, { external_games: [...((survivor?.external_games ?? []) as number[]), ...moved] });
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  function send(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  function token(url: URL, body: string, response: ServerResponse): void {
    const form = new URLSearchParams(body);
    const param = (name: string) => form.get(name) ?? url.searchParams.get(name);
    if (param('grant_type') !== 'client_credentials')
      return send(response, 400, { status: 400, message: 'missing grant_type' });
    if (param('client_id') !== STAND_IN_CLIENT.clientId || param('client_secret') !== STAND_IN_CLIENT.clientSecret) {
      return send(response, 403, { status: 403, message: 'invalid client secret' });
    }
    standIn.tokensIssued += 1;
    const accessToken = `standintoken${standIn.tokensIssued}`;
    valid.add(accessToken);
    send(response, 200, {
      access_token: accessToken,
      expires_in: options.expiresIn ?? 5_184_000,
      token_type: 'bearer',
    });
  }

  function query(endpoint: string, request: IncomingMessage, body: string, response: ServerResponse): void {
    const record = (status: number) => standIn.requests.push({ endpoint, body, status });
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (request.headers['client-id'] !== STAND_IN_CLIENT.clientId || !bearer || !valid.has(bearer)) {
      record(401);
      return send(response, 401, {
        message: 'Authorization Failure. Have you tried:',
        'Tip 1': 'Ensure you are sending Authorization and Client-ID as headers.',
      });
    }
    if (refusals.count > 0) {
      refusals.count -= 1;
      record(refusals.status);
      return send(response, refusals.status, { message: 'Too Many Requests' });
    }
    const table = options.source ? undefined : records.get(endpoint);
    if (!table && !options.source) {
      record(404);
      return send(response, 404, { message: 'no such endpoint' });
    }
    let answer: unknown;
    try {
      const parsed = readQuery(body);
      const lookup = options.source?.lookup ?? ((name: string, id: number) => records.get(name)?.get(id));
      const chosen = table ? select(table.values(), parsed) : (options.source?.select(endpoint, parsed) ?? []);
      answer = chosen.map((found) => project(endpoint, found, parsed.fields, lookup));
    } catch (error) {
      if (!(error instanceof QuerySyntaxError)) throw error;
      record(400);
      return send(response, 400, [{ title: 'Syntax Error', status: 400, cause: error.message }]);
    }
    record(200);
    send(response, 200, answer);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://stand-in');
      if (request.method === 'POST' && url.pathname === '/oauth2/token') return token(url, body, response);
      const endpoint = /^\/v4\/([a-z_]+)$/.exec(url.pathname)?.[1];
      if (request.method !== 'POST' || !endpoint) return send(response, 404, { message: 'not found' });
      open += 1;
      standIn.maxOpen = Math.max(standIn.maxOpen, open);
      response.on('close', () => {
        open -= 1;
      });
      if (hangs > 0) {
        hangs -= 1;
        return;
      }
      if (holding) held.push(() => query(endpoint, request, body, response));
      else query(endpoint, request, body, response);
    });
  });
  // Idle connections stay open a minute, as a load balancer in front of an API keeps them (Node's
  // default of 5 s closes them under a client that paused longer, such as a sync writing a page).
  server.keepAliveTimeout = 60_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  standIn.apiUrl = `http://127.0.0.1:${port}/v4`;
  standIn.tokenUrl = `http://127.0.0.1:${port}/oauth2/token`;
  return standIn;
}
