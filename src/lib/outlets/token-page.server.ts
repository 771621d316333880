import type { AstroGlobal } from 'astro';
import { getDb } from '../db/db.server.ts';
import type { TokenPurpose } from './manage.ts';
import { inspectToken, type TokenView } from './tokens.server.ts';

/**
 * The loader of /author/invite|link|verify/{token}: what the token is and whether it still
 * works. A dead token answers 410 (used, expired, revoked) or 404 (unknown) with a page
 * saying which; the pages never cache (they are under /author/).
 */
export async function loadAuthorToken(
  astro: AstroGlobal,
  purpose: TokenPurpose,
): Promise<TokenView & { token: string }> {
  const token = String(astro.params.token ?? '');
  const view = await inspectToken(await getDb(), token, purpose);
  if (view.state === 'unknown') astro.response.status = 404;
  else if (view.state !== 'valid') astro.response.status = 410;
  return { ...view, token };
}
