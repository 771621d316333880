import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, request, type APIRequestContext, type APIResponse } from '@playwright/test';
import sharp from 'sharp';
import { baseURL, E2E_CRON_SECRET } from '../../playwright.config.ts';
import { DEMO_OWNED_OUTLET, DEMO_PASSWORD } from '../../src/lib/seed/demo/accounts.server.ts';
import { createConfirmedUser, signedInRequest } from './accounts-helpers.ts';
import { API_INVENTORY, ROLES, type Body, type Method, type Role, type Row, type SetupTools } from './api-inventory.ts';

// The API inventory (api-inventory.ts) against the built server: every route file under
// src/pages/api and every method it exports has rows, and every row answers each role as the
// table says, never with a 500. Requests only, no browser: the whole table takes a few
// minutes. The rows add games, so the file runs with the catalogue writers (playwright.config.ts).
test.describe.configure({ mode: 'default' });

const API_DIR = 'src/pages/api';
const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every route file under src/pages/api, relative to it. */
function routeFiles(dir = API_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /\.(ts|js)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path.relative(API_DIR, full)] : [];
  });
}

/** The methods a route file answers: its exported GET, POST... (ALL only refuses the others). */
function exportedMethods(file: string): Method[] {
  const source = readFileSync(path.join(API_DIR, file), 'utf8');
  return METHODS.filter((method) => new RegExp(`export const ${method}\\b`).test(source));
}

test('every API route file, and every method it exports, has rows in the inventory', () => {
  const files = routeFiles().sort();
  const listed = new Set(API_INVENTORY.map((row) => row.file));
  expect(
    files.filter((file) => !listed.has(file)),
    'route files without rows in tests/e2e/api-inventory.ts',
  ).toEqual([]);
  expect(
    [...listed].filter((file) => !files.includes(file)),
    'rows for route files that do not exist',
  ).toEqual([]);
  const missing = files.flatMap((file) =>
    exportedMethods(file)
      .filter((method) => !API_INVENTORY.some((row) => row.file === file && row.method === method))
      .map((method) => `${method} ${file}`),
  );
  expect(missing, 'methods without rows').toEqual([]);
  const stray = API_INVENTORY.filter((row) => !exportedMethods(row.file).includes(row.method)).map(
    (row) => `${row.method} ${row.file}`,
  );
  expect(stray, 'rows for methods the route does not export').toEqual([]);
});

// ---- the cast and the fixtures -------------------------------------------------------------

type Cast = Record<'anonymous' | 'stranger' | 'member' | 'admin' | 'outletOwner' | 'author', APIRequestContext>;
let cast: Cast;
const vars: Record<string, string> = {};
/** Per caller: {callerName} and {callerBio}, the caller's own, so a row may save them unchanged. */
const callerVars = new Map<APIRequestContext, Record<string, string>>();
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1).toString(36)}`;

/** Fills {name} placeholders; a string that is only a placeholder for digits becomes a number. */
function fill(value: unknown, values: Readonly<Record<string, string>>): unknown {
  if (typeof value === 'string') {
    const whole = /^\{(\w+)\}$/.exec(value);
    if (whole && /^\d{1,15}$/.test(values[whole[1]!] ?? '')) return Number(values[whole[1]!]);
    return value.replace(/\{(\w+)\}/g, (match, name: string) => {
      if (!(name in values)) throw new Error(`No value for ${match}`);
      return values[name]!;
    });
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, values));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [fill(key, values) as string, fill(item, values)]),
    );
  return value;
}

let png: Buffer;

async function send(
  context: APIRequestContext,
  method: Method,
  url: string,
  body: Body | undefined,
  values: Readonly<Record<string, string>>,
  headers: Record<string, string> = {},
): Promise<APIResponse> {
  const options: Parameters<APIRequestContext['fetch']>[1] = {
    method,
    maxRedirects: 0,
    headers: { origin: baseURL, ...headers },
  };
  if (body && 'json' in body) options.data = fill(body.json, values);
  if (body && 'text' in body) {
    options.data = body.text;
    options.headers = { ...options.headers, 'content-type': body.contentType };
  }
  if (body && 'image' in body)
    options.multipart = { [body.field]: { name: 'picture.png', mimeType: 'image/png', buffer: png } };
  return context.fetch(fill(url, values) as string, options);
}

/** A call the fixtures depend on: it must succeed. */
async function must(context: APIRequestContext, method: Method, url: string, data?: unknown): Promise<unknown> {
  const response = await context.fetch(url, { method, data, headers: { origin: baseURL }, maxRedirects: 0 });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
  return response.status() === 204 ? {} : response.json();
}

async function gameLookup(context: APIRequestContext, query: string): Promise<{ id: number; slug: string }> {
  const { games } = (await must(context, 'GET', `/api/library/games?q=${encodeURIComponent(query)}`)) as {
    games: { id: number; slug: string; title: string }[];
  };
  expect(games.length, query).toBeGreaterThan(0);
  return games[0]!;
}

test.describe('each row, as each role', () => {
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    png = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 20, g: 120, b: 110 } } })
      .png()
      .toBuffer();
    const anonymous = await request.newContext({ baseURL });
    const [strangerUser, memberUser] = [await createConfirmedUser(anonymous), await createConfirmedUser(anonymous)];
    cast = {
      anonymous,
      stranger: await signedInRequest({ request }, strangerUser.email, strangerUser.password),
      member: await signedInRequest({ request }, memberUser.email, memberUser.password),
      admin: await signedInRequest({ request }, 'admin@demo.test', DEMO_PASSWORD),
      outletOwner: await signedInRequest({ request }, 'owner@demo.test', DEMO_PASSWORD),
      author: await signedInRequest({ request }, 'author@demo.test', DEMO_PASSWORD),
    };
    for (const context of Object.values(cast)) await rememberCaller(context);
    const { member } = cast;

    // The member is Premium, through the test checkout.
    const { url } = (await must(member, 'POST', '/api/membership/checkout', { plan: 'premium', period: 'month' })) as {
      url: string;
    };
    const checkoutSession = new URL(url, baseURL).searchParams.get('session_id')!;
    await must(member, 'POST', '/api/membership/test-checkout', { session_id: checkoutSession });
    const me = (await must(member, 'GET', '/api/auth/me')) as { user: { id: string; email: string }; tier: string };
    expect(me.tier).toBe('premium');

    const [game, otherGame, reviewedGame] = [
      await gameLookup(member, 'Portal 2'),
      await gameLookup(member, 'Lanternfall'),
      await gameLookup(member, 'Grand Theft Auto V'),
    ];
    const list = (await must(member, 'POST', '/api/lists', {
      title: `Inventory public ${unique()}`,
      visibility: 'public',
    })) as { list: { id: number } };
    await must(member, 'POST', `/api/lists/${list.list.id}/entries`, { gameId: game.id });
    const privateList = (await must(member, 'POST', '/api/lists', {
      title: `Inventory private ${unique()}`,
      visibility: 'private',
    })) as {
      list: { id: number };
    };
    await must(member, 'POST', `/api/lists/${privateList.list.id}/entries`, { gameId: game.id });
    const review = (await must(member, 'POST', '/api/user-reviews', {
      gameId: reviewedGame.id,
      rating: 8,
      title: 'Inventory review',
      body: 'The member’s review.',
    })) as {
      review: { id: string };
    };
    const gameRequest = (await must(member, 'POST', '/api/game-requests', {
      title: `Inventory Standing Request ${unique()}`,
    })) as { request: { id: number } };

    // The demo outlet: a review of a fresh game, its settings as they are, an author not linked to an account.
    const fresh = (await must(cast.admin, 'POST', '/api/admin/games', {
      title: `Inventory Reviewed ${unique()}`,
      platforms: [{ slug: 'pc', releaseDate: '' }],
    })) as {
      game: { slug: string };
    };
    const criticReview = (await must(cast.outletOwner, 'POST', '/api/critic-reviews', {
      game: fresh.game.slug,
      outlet: DEMO_OWNED_OUTLET,
      kind: 'preview',
      url: `https://example.org/critic/${unique()}`,
    })) as { review: { id: string } };
    const settings = await (await cast.outletOwner.get('/manage-outlet/settings')).text();
    const field = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(settings)?.[1] ?? '';
    const scale = /name="scale"[\s\S]*?<option[^>]*value="([^"]+)"[^>]*selected/.exec(settings)?.[1] ?? '';
    const outletPage = await (await anonymous.get(`/outlet/${DEMO_OWNED_OUTLET}`)).text();
    const authorIds = [...outletPage.matchAll(/href="\/authors\/(\d+)\//g)].map((match) => match[1]!);
    const authorProfile = await (await cast.author.get('/dashboard/author-profile')).text();

    Object.assign(vars, {
      origin: baseURL,
      host: new URL(baseURL).host,
      cronSecret: E2E_CRON_SECRET,
      memberId: me.user.id,
      memberEmail: me.user.email,
      checkoutSession,
      game: String(game.id),
      gameSlug: game.slug,
      otherGame: String(otherGame.id),
      reviewedGame: String(reviewedGame.id),
      list: String(list.list.id),
      privateList: String(privateList.list.id),
      review: review.review.id,
      gameRequest: String(gameRequest.request.id),
      outlet: DEMO_OWNED_OUTLET,
      outletName: field('name'),
      outletScale: scale,
      outletAuthor: authorIds.at(-1) ?? '',
      outletOwnerUsername: 'demo_owner',
      authorName: /name="name"[^>]*value="([^"]*)"/.exec(authorProfile)?.[1] ?? '',
      criticReview: criticReview.review.id,
    });
    for (const [name, value] of Object.entries(vars)) expect(value, `fixture {${name}}`).not.toBe('');
  });

  /** Keeps the caller's own name and bio for {callerName} and {callerBio}. */
  async function rememberCaller(context: APIRequestContext): Promise<void> {
    const me = (await must(context, 'GET', '/api/auth/me')) as {
      profile: { full_name: string | null; bio: string | null } | null;
    };
    callerVars.set(context, { callerName: me.profile?.full_name ?? 'Visitor', callerBio: me.profile?.bio ?? '' });
  }

  test.afterAll(async () => {
    await Promise.all(Object.values(cast ?? {}).map((context) => context.dispose()));
  });

  const tools: SetupTools = {
    vars,
    unique,
    as: (who, method, url, body) => must(cast[who], method, url, body),
  };

  /** The context a role's call goes out with: the owner is the row's kind of owner. */
  async function contextFor(
    role: Role,
    row: Row,
  ): Promise<{ context: APIRequestContext; dispose?: () => Promise<void> }> {
    if (role !== 'owner') return { context: cast[role] };
    switch (row.owner ?? 'member') {
      case 'member':
        return { context: cast.member };
      case 'outletOwner':
        return { context: cast.outletOwner };
      case 'author':
        return { context: cast.author };
      case 'fresh': {
        const user = await createConfirmedUser(cast.anonymous);
        const context = await signedInRequest({ request }, user.email, user.password);
        await rememberCaller(context);
        return { context, dispose: () => context.dispose() };
      }
    }
  }

  for (const [index, row] of API_INVENTORY.entries()) {
    test(`#${index + 1} ${row.method} ${row.path}`, async () => {
      const answers: string[] = [];
      const expected: string[] = [];
      for (const role of ROLES) {
        const status = row.status[role];
        if (status === null) continue;
        const { context, dispose } = await contextFor(role, row);
        const values = {
          ...vars,
          ...callerVars.get(context),
          unique: unique(),
          ...(row.setup ? await row.setup(tools) : {}),
        };
        try {
          const headers =
            role === 'owner' && row.ownerHeaders ? (fill(row.ownerHeaders, values) as Record<string, string>) : {};
          const response = await send(context, row.method, row.path, row.body, values, headers);
          const got = response.status();
          const detail = got === status ? '' : ` ${(await response.text()).slice(0, 200)}`;
          answers.push(`${role} ${got}${detail}`);
          expected.push(`${role} ${status}`);
          if (!row.deliberate500) expect.soft(got, `${role}: no route answers 500`).not.toBe(500);
        } finally {
          await dispose?.();
        }
      }
      expect(
        answers.map((answer) => answer.split(' ').slice(0, 2).join(' ')),
        `${row.method} ${row.path}${row.why ? ` (${row.why})` : ''}\n${answers.join('\n')}`,
      ).toEqual(expected);
    });
  }
});
