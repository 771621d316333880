/**
 * The signed-in user the middleware put on Astro.locals, as the write API needs it.
 * The accounts work (issue 3) verifies the session and sets `locals.user`; until that is
 * merged there is no session and every write answers 401.
 */
export function sessionUser(locals: object): { id: string } | null {
  const user = (locals as { user?: { id?: unknown } | null }).user;
  return user && typeof user.id === 'string' ? { id: user.id } : null;
}
