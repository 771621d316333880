import { describe, expect, it, vi } from 'vitest';
import { anonymousRequest, renderShared, watchVisitorReads } from './shared-pages.ts';

describe('anonymousRequest', () => {
  const signedIn = () =>
    new Request('http://localhost:4321/games?cb=1', {
      headers: {
        cookie: 'sb-access-token=member',
        authorization: 'Bearer member',
        'accept-encoding': 'br',
        'x-forwarded-for': '203.0.113.9',
      },
    });

  it('drops the headers that name the visitor and keeps the others', () => {
    const request = anonymousRequest(signedIn())!;
    expect(request.headers.get('cookie')).toBeNull();
    expect(request.headers.get('authorization')).toBeNull();
    expect(request.headers.get('accept-encoding')).toBe('br');
    expect(request.url).toBe('http://localhost:4321/games?cb=1');
    expect(request.method).toBe('GET');
  });

  it('renders from the canonical URL when there is one', () => {
    expect(anonymousRequest(signedIn(), new URL('http://localhost:4321/games'))!.url).toBe(
      'http://localhost:4321/games',
    );
    const head = anonymousRequest(
      new Request('http://localhost:4321/games?cb=1', { method: 'HEAD' }),
      new URL('http://localhost:4321/games'),
    )!;
    expect(head.method).toBe('HEAD');
  });

  it('leaves an anonymous request at its canonical URL alone', () => {
    expect(
      anonymousRequest(new Request('http://localhost:4321/games', { headers: { 'accept-encoding': 'br' } })),
    ).toBeUndefined();
  });
});

describe('watchVisitorReads', () => {
  const member = { id: 'member-1', email: 'member@example.com' } as unknown as App.Locals['user'];
  const locals = () => ({
    user: member,
    getSupabase: () => ({ session: 'member' }) as unknown as ReturnType<App.Locals['getSupabase']>,
  });

  it('shows the page nobody, and notes a page that asks for the user', () => {
    const shared = locals();
    const read = watchVisitorReads(shared);
    expect(read()).toBeUndefined();
    expect(shared.user).toBeNull();
    expect(read()).toBe('Astro.locals.user');
  });

  it('notes a page that asks for the session client', () => {
    const shared = locals();
    const read = watchVisitorReads(shared);
    expect(shared.getSupabase()).toEqual({ session: 'member' });
    expect(read()).toBe('Astro.locals.getSupabase()');
  });

  it('ends when the middleware sets the user again, for the route a page rewrites to', () => {
    const shared = locals();
    const read = watchVisitorReads(shared);
    shared.user = null;
    expect(shared.user).toBeNull();
    expect(read()).toBeUndefined();
  });

  it('notes nothing for a page that reads neither', () => {
    const shared = locals();
    const read = watchVisitorReads(shared);
    expect(Object.keys(shared)).toContain('user');
    expect(read()).toBeUndefined();
  });
});

describe('renderShared', () => {
  const rule = { maxAge: 43_200, swr: 43_200, tags: ['games'] };
  const member = { id: 'member-1' } as unknown as App.Locals['user'];
  function sharedContext(headers: Record<string, string> = { cookie: 'sb-access-token=member' }) {
    const settings: unknown[] = [];
    const cookies: string[] = [];
    const context = {
      request: new Request('http://localhost:4321/games/request', { headers }),
      routePattern: '/games/[slug]',
      locals: { user: member, getSupabase: () => ({}) as ReturnType<App.Locals['getSupabase']> } as App.Locals,
      cache: {
        set: (options: unknown) => void settings.push(options),
      } as unknown as import('astro').APIContext['cache'],
      cookies: {
        set: (name: string) => void cookies.push(name),
        headers: () => cookies.map((name) => `${name}=1`)[Symbol.iterator](),
      } as unknown as import('astro').AstroCookies,
    };
    return { context, settings };
  }
  const page =
    (body: (request: Request | undefined, locals: App.Locals) => string, status = 200) =>
    (context: ReturnType<typeof sharedContext>['context']) =>
    async (request?: Request) =>
      new Response(body(request, context.locals), { status });

  it('stores a page that reads nobody, rendered from a request without cookies, with its lifetime for caches in front', async () => {
    const { context, settings } = sharedContext();
    let seen: Request | undefined;
    const response = await renderShared(
      context,
      rule,
      undefined,
      page((request) => ((seen = request), 'Portal 2'))(context),
    );
    expect(seen?.headers.get('cookie')).toBeNull();
    expect(settings).toEqual([{ maxAge: 43_200, swr: 43_200, tags: ['games'] }]);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=43200');
  });

  it('never stores a page that asks who the visitor is, and answers it private', async () => {
    for (const asks of [
      (locals: App.Locals) => typeof locals.user,
      (locals: App.Locals) => typeof locals.getSupabase(),
    ]) {
      const { context, settings } = sharedContext();
      const errors: unknown[] = [];
      const spy = vi.spyOn(console, 'error').mockImplementation((message: unknown) => void errors.push(message));
      const response = await renderShared(
        context,
        rule,
        undefined,
        page((_request, locals) => `Your requests ${asks(locals)}`)(context),
      );
      spy.mockRestore();
      expect(settings.at(-1)).toBe(false);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(String(errors[0])).toContain('/games/[slug] is a shared page but read Astro.locals.');
    }
  });

  it('never stores a page that sets a cookie, and answers it private', async () => {
    const { context, settings } = sharedContext();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await renderShared(
      context,
      rule,
      undefined,
      async () => (context.cookies.set('theme', 'dark'), new Response('Portal 2')),
    );
    spy.mockRestore();
    expect(settings.at(-1)).toBe(false);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('stores nothing but complete pages', async () => {
    const { context, settings } = sharedContext({});
    const response = await renderShared(context, rule, undefined, page(() => 'Not found', 404)(context));
    expect(settings.at(-1)).toBe(false);
    expect(response.headers.get('cache-control')).toBeNull();
  });
});
