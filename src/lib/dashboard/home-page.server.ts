import type { AstroGlobal } from 'astro';
import { getDb } from '../db/db.server.ts';
import { dashboardHome } from './home.server.ts';
import { feedCursorSchema, type DashboardHome } from './home.ts';

/**
 * /dashboard: the signed-in player's home (the middleware's auth guard keeps visitors out;
 * every /dashboard page is private, never stored). `?before=` opens an older page of the
 * friends feed, for browsers without JavaScript; a cursor that is not one is a 400.
 */
export async function loadDashboardHome(astro: AstroGlobal): Promise<(DashboardHome & { older: boolean }) | Response> {
  const user = astro.locals.user!;
  const before = astro.url.searchParams.get('before');
  const cursor = before === null ? undefined : feedCursorSchema.safeParse(before);
  if (cursor && !cursor.success) {
    astro.locals.pageError = { status: 400, message: cursor.error.issues[0]?.message };
    return astro.rewrite('/error');
  }
  const home = await dashboardHome(await getDb(), user.id, { before: cursor?.data });
  return { ...home, older: cursor !== undefined };
}
