import type { APIContext } from 'astro';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, setConnector } from '../src/lib/db/db.server.ts';
import type { AuthUser } from '../src/lib/auth/types.ts';
import type { DatabaseConnection } from '../src/lib/db/connect.server.ts';
import type { Database } from '../src/lib/db/schema.ts';
import { watchVisitorReads } from '../src/lib/http/shared-pages.ts';
import { apiRoute } from './api-context.ts';
import { apiError, json } from './http.ts';

const member: AuthUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'member@example.test',
  provider: 'email',
  sessionId: 'a-session',
  userMetadata: {},
};

/** The part of Astro's APIContext the helper reads, for a request from `address`. */
function astroContext(options: { user?: App.Locals['user']; address?: () => string } = {}) {
  const locals = {
    user: options.user ?? null,
    getSupabase: () => ({ client: 'the caller’s' }),
  } as unknown as App.Locals;
  const context = {
    request: new Request('http://site.test/api/x?id=7', { method: 'POST' }),
    params: { id: '7' },
    locals,
    get clientAddress() {
      return (options.address ?? (() => '203.0.113.9'))();
    },
  };
  return { context: context as unknown as APIContext, locals };
}

/** Counts how often the process's database is opened (each open hands back `db`). */
function countOpens(db = {} as Kysely<Database>): { opened: () => number } {
  let opened = 0;
  setConnector(() => {
    opened += 1;
    return Promise.resolve({ db, close: () => Promise.resolve() } as unknown as DatabaseConnection);
  });
  return { opened: () => opened };
}

afterEach(() => closeDatabase());

describe('apiRoute', () => {
  it('hands the handler the request, the parameters and the signed-in user', async () => {
    const { context } = astroContext({ user: member });
    const route = apiRoute((api) => json({ method: api.request.method, id: api.params.id, user: api.user?.id }));
    expect(await (await route(context)).json()).toEqual({ method: 'POST', id: '7', user: member.id });
  });

  it('opens the database only when the handler asks for it', async () => {
    const counter = countOpens();
    const refuse = apiRoute(async (api) =>
      api.user ? json(await api.db()) : apiError(401, 'not_authenticated', 'No.'),
    );
    expect((await refuse(astroContext().context)).status).toBe(401);
    expect(counter.opened()).toBe(0);

    const use = apiRoute(async (api) => json({ same: (await api.db()) === (await api.db()) }));
    expect(await (await use(astroContext().context)).json()).toEqual({ same: true });
    expect(counter.opened()).toBe(1);
  });

  it('reads who is calling only when the handler asks, so a shared route stays shareable', async () => {
    const quiet = astroContext();
    const readOfQuiet = watchVisitorReads(quiet.locals);
    await apiRoute((api) => json({ path: new URL(api.request.url).pathname }))(quiet.context);
    expect(readOfQuiet()).toBeUndefined();

    const curious = astroContext();
    const readOfCurious = watchVisitorReads(curious.locals);
    await apiRoute((api) => json({ user: api.user }))(curious.context);
    expect(readOfCurious()).toBe('Astro.locals.user');
  });

  it('creates the Supabase client only when the handler asks for it', async () => {
    const quiet = astroContext();
    const readOfQuiet = watchVisitorReads(quiet.locals);
    const supabase = apiRoute((api) => (api.request.method === 'POST' ? json({ ok: true }) : json(api.supabase())));
    await supabase(quiet.context);
    expect(readOfQuiet()).toBeUndefined();

    const asking = astroContext();
    const readOfAsking = watchVisitorReads(asking.locals);
    const get = new Request('http://site.test/api/x');
    expect(await (await supabase({ ...asking.context, request: get } as APIContext)).json()).toEqual({
      client: 'the caller’s',
    });
    expect(readOfAsking()).toBe('Astro.locals.getSupabase()');
  });

  it('gives the client address, and undefined where the adapter cannot tell it', async () => {
    const address = apiRoute((api) => json({ address: api.clientAddress ?? null }));
    expect(await (await address(astroContext().context)).json()).toEqual({ address: '203.0.113.9' });
    const unknown = astroContext({
      address: () => {
        throw new Error('clientAddress is not available in this adapter');
      },
    });
    expect(await (await address(unknown.context)).json()).toEqual({ address: null });
  });
});
