/**
 * Every route under src/pages/api, each method with at least one row: what each role gets.
 * api-inventory.spec.ts calls every row against the built server as each role and checks the
 * status, and fails when a route file or an exported method has no row here.
 *
 * The roles:
 * - anonymous: no session.
 * - stranger: a signed-in Free member who owns nothing the row touches.
 * - owner: who the row is about: by default the member (Premium) who owns the fixtures (the
 *   lists, the review, the game request...); `owner: 'outletOwner'` is the demo outlet's
 *   owner, `owner: 'author'` the demo author, `owner: 'fresh'` a new account of its own.
 * - admin: the demo administrator.
 * A status of null means the role is not asked, with the reason in `why`.
 *
 * {name} in a path or body is filled from the fixtures (api-inventory.spec.ts) or from the
 * row's setup, which runs before each role's call (so a row may delete what it made).
 */

export type Role = 'anonymous' | 'stranger' | 'owner' | 'admin';
export const ROLES: readonly Role[] = ['anonymous', 'stranger', 'owner', 'admin'];
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Owner = 'member' | 'outletOwner' | 'author' | 'fresh';

/** What the setup of a row may use. */
export interface SetupTools {
  /** The fixture values ({game}, {list}...). */
  vars: Readonly<Record<string, string>>;
  /** Calls the API as one of the signed-in cast (failing the test when the call fails). */
  as: (
    who: 'stranger' | 'member' | 'outletOwner' | 'admin',
    method: Method,
    path: string,
    body?: unknown,
  ) => Promise<unknown>;
  /** A string no other call has used. */
  unique: () => string;
}

export type Body = { json: unknown } | { text: string; contentType: string } | { image: 'png'; field: string };

export interface Row {
  method: Method;
  /** The route file under src/pages/api. */
  file: string;
  path: string;
  body?: Body;
  owner?: Owner;
  /** Extra headers for the owner's call only (the cron secret, say). */
  ownerHeaders?: Record<string, string>;
  setup?: (tools: SetupTools) => Promise<Record<string, string>>;
  status: Record<Role, number | null>;
  why?: string;
  /** The one route that fails on purpose (the error reporting check): its 500 is the point. */
  deliberate500?: true;
}

const all = (status: number): Record<Role, number> => ({
  anonymous: status,
  stranger: status,
  owner: status,
  admin: status,
});
/** Signed out 401; every signed-in user acts on their own data. */
const own = (status: number): Record<Role, number> => ({
  anonymous: 401,
  stranger: status,
  owner: status,
  admin: status,
});
/** The admin area: a 404 to everyone but administrators. */
const adminOnly = (status: number): Record<Role, number> => ({
  anonymous: 404,
  stranger: 404,
  owner: 404,
  admin: status,
});
const json = (value: unknown): Body => ({ json: value });

const HLTB_HEADER =
  'Title,Platform,Playing,Backlog,Replay,Custom-1,Custom-2,Custom-3,Completed,Retired,Retired Notes,Start Date,Completion Date,Playthrough,Progress,Main Story,Main + Extras,Completionist,Speed Any%,Speed 100%,Storefront,Review,Review Notes,Added,Updated';
/** A HowLongToBeat export of one game being played. */
const HLTB_FILE = `${HLTB_HEADER}\n"Portal 2",PC,X,,,,,,,,,,,,1:00:00,,,,,,,,,,`;

/** A fresh public list of the member with one game, for rows that change or delete it. */
async function freshList(tools: SetupTools): Promise<Record<string, string>> {
  const created = (await tools.as('member', 'POST', '/api/lists', {
    title: `Inventory ${tools.unique()}`,
    visibility: 'public',
  })) as { list: { id: number } };
  await tools.as('member', 'POST', `/api/lists/${created.list.id}/entries`, { gameId: Number(tools.vars.game) });
  return { freshList: String(created.list.id) };
}

/** A fresh game made by the administrator. */
async function freshGame(tools: SetupTools): Promise<{ freshGame: string; freshGameSlug: string }> {
  const created = (await tools.as('admin', 'POST', '/api/admin/games', {
    title: `Inventory Game ${tools.unique()}`,
    platforms: [{ slug: 'pc', releaseDate: '' }],
  })) as {
    game: { id: number; slug: string };
  };
  return { freshGame: String(created.game.id), freshGameSlug: created.game.slug };
}

/** A fresh pending game request of the member. */
async function freshRequest(tools: SetupTools): Promise<Record<string, string>> {
  const created = (await tools.as('member', 'POST', '/api/game-requests', {
    title: `Inventory Request ${tools.unique()}`,
  })) as { request: { id: number } };
  return { freshRequest: String(created.request.id) };
}

/** A fresh draft of the demo outlet (of a fresh game), written by its owner. */
async function freshDraft(tools: SetupTools): Promise<Record<string, string>> {
  const { freshGameSlug } = await freshGame(tools);
  const created = (await tools.as('outletOwner', 'POST', '/api/manage-outlet/drafts', {
    outlet: tools.vars.outlet,
    game: freshGameSlug,
    kind: 'preview',
    url: `https://example.org/preview/${tools.unique()}`,
  })) as { id: string };
  return { freshDraft: String(created.id), freshGameSlug };
}

/** A fresh published preview of the demo outlet (of a fresh game), by its owner. */
async function freshCriticReview(tools: SetupTools): Promise<Record<string, string>> {
  const { freshGameSlug } = await freshGame(tools);
  const created = (await tools.as('outletOwner', 'POST', '/api/critic-reviews', {
    game: freshGameSlug,
    outlet: tools.vars.outlet,
    kind: 'preview',
    url: `https://example.org/critic/${tools.unique()}`,
  })) as { review: { id: string } };
  return { freshCriticReview: String(created.review.id) };
}

export const API_INVENTORY: readonly Row[] = [
  // ---- accounts -------------------------------------------------------------------------
  {
    method: 'GET',
    file: 'auth/me.ts',
    path: '/api/auth/me',
    status: all(200),
    why: 'signed out it answers user: null',
  },
  {
    method: 'GET',
    file: 'auth/check-username.ts',
    path: '/api/auth/check-username?username=free_name_{unique}',
    status: all(200),
  },
  {
    method: 'POST',
    file: 'auth/sign-in.ts',
    path: '/api/auth/sign-in',
    body: json({ identifier: 'nobody_{unique}', password: 'Wrong-Pass-1' }),
    status: all(400),
    why: 'an unknown username is a wrong password, whoever asks (a successful sign-in is how every signed-in role here began)',
  },
  {
    method: 'POST',
    file: 'auth/create-profile.ts',
    path: '/api/auth/create-profile',
    body: json({
      user: { id: '{memberId}', email: '{memberEmail}' },
      profile: { username: 'taken_{unique}', full_name: 'Member', email: '{memberEmail}' },
    }),
    status: { anonymous: 401, stranger: 403, owner: 409, admin: 403 },
    why: "only one's own profile; the member has one already (a Google account without one is in accounts.spec.ts)",
  },
  {
    method: 'DELETE',
    file: 'account.ts',
    path: '/api/account',
    body: json({ confirm: 'DELETE' }),
    owner: 'fresh',
    status: { anonymous: 401, stranger: null, owner: 200, admin: null },
    why: 'an account deletes only itself: the owner is a new account of its own; the stranger and the demo administrator are not deleted',
  },
  {
    method: 'PATCH',
    file: 'profile.ts',
    path: '/api/profile',
    body: json({ full_name: '{callerName}', bio: '{callerBio}' }),
    status: own(200),
    why: 'each caller saves its own name and bio unchanged (the demo accounts keep theirs)',
  },
  {
    method: 'POST',
    file: 'profile/avatar.ts',
    path: '/api/profile/avatar',
    body: { image: 'png', field: 'avatar' },
    status: own(200),
  },
  {
    method: 'PUT',
    file: 'profile/privacy.ts',
    path: '/api/profile/privacy',
    body: json({ isPrivate: false }),
    status: own(200),
  },

  // ---- play statuses, library, imports and exports ----------------------------------------
  { method: 'GET', file: 'library/index.ts', path: '/api/library?ids={game}', status: own(200) },
  { method: 'GET', file: 'library/[gameId].ts', path: '/api/library/{game}', status: own(200) },
  {
    method: 'PUT',
    file: 'library/[gameId].ts',
    path: '/api/library/{game}',
    body: json({ wishlist: true }),
    status: own(200),
  },
  { method: 'GET', file: 'library/games.ts', path: '/api/library/games?q=portal', status: own(200) },
  { method: 'GET', file: 'library/export.json.ts', path: '/api/library/export.json', status: own(200) },
  { method: 'GET', file: 'library/export.zip.ts', path: '/api/library/export.zip', status: own(200) },
  {
    method: 'POST',
    file: 'library/import/preview.ts',
    path: '/api/library/import/preview',
    body: json({ format: 'hltb', text: HLTB_FILE }),
    status: own(200),
  },
  {
    method: 'POST',
    file: 'library/import/index.ts',
    path: '/api/library/import',
    body: json({ format: 'hltb', text: HLTB_FILE, links: { '2': '{game}' } }),
    status: own(200),
  },

  // ---- lists and likes ---------------------------------------------------------------------
  {
    method: 'POST',
    file: 'lists/index.ts',
    path: '/api/lists',
    body: json({ title: 'Inventory list {unique}', visibility: 'private' }),
    status: { anonymous: 401, stranger: 403, owner: 201, admin: 403 },
    why: 'custom lists are for Ad-Free and Premium members; the stranger and the demo administrator are Free',
  },
  {
    method: 'PATCH',
    file: 'lists/[id]/index.ts',
    path: '/api/lists/{list}',
    body: json({ description: 'Changed by the inventory.' }),
    status: { anonymous: 401, stranger: 404, owner: 200, admin: 404 },
  },
  {
    method: 'PATCH',
    file: 'lists/[id]/index.ts',
    path: '/api/lists/{privateList}',
    body: json({ description: 'Changed by the inventory.' }),
    status: { anonymous: 401, stranger: 404, owner: 200, admin: 404 },
    why: 'a private list is a 404 to everyone but its owner',
  },
  {
    method: 'DELETE',
    file: 'lists/[id]/index.ts',
    path: '/api/lists/{freshList}',
    setup: freshList,
    status: { anonymous: 401, stranger: 404, owner: 200, admin: 404 },
  },
  {
    method: 'POST',
    file: 'lists/[id]/entries/index.ts',
    path: '/api/lists/{freshList}/entries',
    setup: freshList,
    body: json({ gameId: '{otherGame}' }),
    status: { anonymous: 401, stranger: 404, owner: 201, admin: 404 },
  },
  {
    method: 'PATCH',
    file: 'lists/[id]/entries/[gameId].ts',
    path: '/api/lists/{list}/entries/{game}',
    body: json({ note: 'A note from the inventory.' }),
    status: { anonymous: 401, stranger: 404, owner: 200, admin: 404 },
  },
  {
    method: 'DELETE',
    file: 'lists/[id]/entries/[gameId].ts',
    path: '/api/lists/{freshList}/entries/{game}',
    setup: freshList,
    status: { anonymous: 401, stranger: 404, owner: 200, admin: 404 },
  },
  {
    method: 'PUT',
    file: 'lists/[id]/order.ts',
    path: '/api/lists/{list}/order',
    body: json({ gameIds: ['{game}'] }),
    status: { anonymous: 401, stranger: 404, owner: 200, admin: 404 },
  },
  { method: 'GET', file: 'lists/[id]/like.ts', path: '/api/lists/{list}/like', status: all(200) },
  {
    method: 'GET',
    file: 'lists/[id]/like.ts',
    path: '/api/lists/{privateList}/like',
    status: { anonymous: 404, stranger: 404, owner: 200, admin: 404 },
  },
  {
    method: 'POST',
    file: 'lists/[id]/like.ts',
    path: '/api/lists/{list}/like',
    status: { anonymous: 401, stranger: 200, owner: 403, admin: 200 },
    why: 'anyone signed in likes a public list, except its owner',
  },
  {
    method: 'POST',
    file: 'lists/[id]/like.ts',
    path: '/api/lists/{privateList}/like',
    status: { anonymous: 401, stranger: 404, owner: 404, admin: 404 },
    why: 'a private list takes no likes at all: not found to everyone, its owner included',
  },
  {
    method: 'DELETE',
    file: 'lists/[id]/like.ts',
    path: '/api/lists/{list}/like',
    status: { anonymous: 401, stranger: 200, owner: 200, admin: 200 },
    why: 'taking back a like is idempotent: the owner, who has none, gets liked: false',
  },
  {
    method: 'POST',
    file: 'lists/[id]/report.ts',
    path: '/api/lists/{freshList}/report',
    setup: freshList,
    body: json({ reason: 'spam' }),
    status: { anonymous: 401, stranger: 201, owner: 403, admin: 201 },
    why: 'a list is reported by others, never by its owner',
  },
  {
    method: 'POST',
    file: 'lists/[id]/report.ts',
    path: '/api/lists/{privateList}/report',
    body: json({ reason: 'spam' }),
    status: { anonymous: 401, stranger: 404, owner: 404, admin: 404 },
    why: 'a private list cannot be reported: not found to everyone, its owner included',
  },

  // ---- user reviews and votes ----------------------------------------------------------------
  {
    method: 'POST',
    file: 'user-reviews/index.ts',
    path: '/api/user-reviews',
    body: json({
      gameId: '{reviewedGame}',
      rating: 8,
      title: 'From the inventory',
      body: 'Written by the API inventory.',
    }),
    status: { anonymous: 401, stranger: 403, owner: 409, admin: 403 },
    why: 'Premium members only; the member has reviewed the game already (the fixture), so the owner gets the conflict',
  },
  {
    method: 'GET',
    file: 'user-reviews/mine.ts',
    path: '/api/user-reviews/mine?gameId={reviewedGame}',
    status: all(200),
  },
  {
    method: 'PATCH',
    file: 'user-reviews/[id]/index.ts',
    path: '/api/user-reviews/{review}',
    body: json({ rating: 9 }),
    status: { anonymous: 401, stranger: 403, owner: 200, admin: 403 },
    why: 'a published review is public: someone else is refused (403), not told it does not exist',
  },
  {
    method: 'DELETE',
    file: 'user-reviews/[id]/index.ts',
    path: '/api/user-reviews/999999999',
    status: { anonymous: 401, stranger: 404, owner: 404, admin: 404 },
    why: "deleting the fixture would leave later rows without it: an unknown review is a 404 to all (deleting one's own is in reviews.spec.ts)",
  },
  {
    method: 'PUT',
    file: 'user-reviews/[id]/helpful.ts',
    path: '/api/user-reviews/{review}/helpful',
    status: { anonymous: 401, stranger: 200, owner: 403, admin: 200 },
    why: 'others vote a review helpful, never its author',
  },
  {
    method: 'DELETE',
    file: 'user-reviews/[id]/helpful.ts',
    path: '/api/user-reviews/{review}/helpful',
    status: { anonymous: 401, stranger: 200, owner: 403, admin: 200 },
  },
  {
    method: 'POST',
    file: 'user-reviews/[id]/report.ts',
    path: '/api/user-reviews/{review}/report',
    body: json({ reason: 'spam' }),
    status: { anonymous: 401, stranger: 201, owner: 403, admin: 201 },
    why: 'others report a review, never its author',
  },

  // ---- follows, notifications, XP ------------------------------------------------------------
  { method: 'GET', file: 'follows.ts', path: '/api/follows?outletSlug={outlet}', status: all(200) },
  {
    method: 'POST',
    file: 'follows.ts',
    path: '/api/follows',
    body: json({ outletSlug: '{outlet}' }),
    status: own(200),
  },
  {
    method: 'DELETE',
    file: 'follows.ts',
    path: '/api/follows',
    body: json({ outletSlug: '{outlet}' }),
    status: own(200),
  },
  {
    method: 'POST',
    file: 'follows.ts',
    path: '/api/follows',
    body: json({ username: '{outletOwnerUsername}' }),
    status: own(200),
    why: 'following a player (the demo owner)',
  },
  {
    method: 'DELETE',
    file: 'follows.ts',
    path: '/api/follows',
    body: json({ username: '{outletOwnerUsername}' }),
    status: own(200),
  },
  { method: 'GET', file: 'notifications/index.ts', path: '/api/notifications', status: own(200) },
  { method: 'GET', file: 'dashboard/feed.ts', path: '/api/dashboard/feed', status: own(200) },
  {
    method: 'POST',
    file: 'notifications/read.ts',
    path: '/api/notifications/read',
    body: json({ all: true }),
    status: own(200),
  },
  { method: 'GET', file: 'notifications/preferences.ts', path: '/api/notifications/preferences', status: own(200) },
  {
    method: 'PUT',
    file: 'notifications/preferences.ts',
    path: '/api/notifications/preferences',
    body: json({ review_helpful: true }),
    status: own(200),
  },
  { method: 'POST', file: 'visits.ts', path: '/api/visits', status: own(200) },
  { method: 'GET', file: 'leaderboard/me.ts', path: '/api/leaderboard/me?period=week', status: own(200) },
  { method: 'GET', file: 'your-outlets.ts', path: '/api/your-outlets?gameId={game}', status: own(200) },

  // ---- game requests -------------------------------------------------------------------------
  {
    method: 'GET',
    file: 'game-requests/similar.ts',
    path: '/api/game-requests/similar?title=Portal',
    status: own(200),
  },
  {
    method: 'POST',
    file: 'game-requests/index.ts',
    path: '/api/game-requests',
    body: json({ title: 'Inventory Wish {unique}' }),
    status: { anonymous: 401, stranger: 201, owner: 201, admin: 201 },
  },
  {
    method: 'PUT',
    file: 'game-requests/[id]/index.ts',
    path: '/api/game-requests/{gameRequest}',
    body: json({ title: 'Inventory Wish {unique}' }),
    status: { anonymous: 401, stranger: 404, owner: 200, admin: 404 },
    why: 'only the requester edits a pending request; to others it is not found',
  },
  {
    method: 'POST',
    file: 'game-requests/[id]/vote.ts',
    path: '/api/game-requests/{gameRequest}/vote',
    status: { anonymous: 401, stranger: 200, owner: 409, admin: 200 },
    why: 'others want it too; the requester asked for it already',
  },
  {
    method: 'DELETE',
    file: 'game-requests/[id]/vote.ts',
    path: '/api/game-requests/{gameRequest}/vote',
    status: { anonymous: 401, stranger: 200, owner: 409, admin: 200 },
  },
  {
    method: 'POST',
    file: 'admin/game-requests/[id].ts',
    path: '/api/admin/game-requests/{freshRequest}',
    setup: freshRequest,
    body: json({ action: 'reject', reason: 'Rejected by the API inventory.' }),
    status: adminOnly(200),
  },

  // ---- critic reviews, outlet management, invitations, authors --------------------------------
  {
    method: 'POST',
    file: 'critic-reviews/index.ts',
    path: '/api/critic-reviews',
    setup: freshGame,
    body: json({
      game: '{freshGameSlug}',
      outlet: '{outlet}',
      kind: 'preview',
      url: 'https://example.org/critic/{unique}',
    }),
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 403, owner: 201, admin: 403 },
  },
  {
    method: 'PATCH',
    file: 'critic-reviews/[id].ts',
    path: '/api/critic-reviews/{criticReview}',
    body: json({ excerpt: 'Changed by the inventory.' }),
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 404, owner: 200, admin: 404 },
    why: "outside the outlet a review's id answers as a missing one (a scheduled review is embargoed)",
  },
  {
    method: 'DELETE',
    file: 'critic-reviews/[id].ts',
    path: '/api/critic-reviews/{freshCriticReview}',
    setup: freshCriticReview,
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 404, owner: 204, admin: 404 },
  },
  {
    method: 'POST',
    file: 'manage-outlet/[...path].ts',
    path: '/api/manage-outlet/drafts',
    setup: freshGame,
    body: json({
      outlet: '{outlet}',
      game: '{freshGameSlug}',
      kind: 'preview',
      url: 'https://example.org/draft/{unique}',
    }),
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 403, owner: 201, admin: 403 },
    why: 'the outlet is public: writing for it is forbidden to those outside it',
  },
  {
    method: 'PUT',
    file: 'manage-outlet/[...path].ts',
    path: '/api/manage-outlet/drafts/{freshDraft}',
    setup: freshDraft,
    body: json({
      outlet: '{outlet}',
      game: '{freshGameSlug}',
      kind: 'preview',
      url: 'https://example.org/draft/{unique}',
    }),
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 404, owner: 200, admin: 404 },
  },
  {
    method: 'DELETE',
    file: 'manage-outlet/[...path].ts',
    path: '/api/manage-outlet/drafts/{freshDraft}',
    setup: freshDraft,
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 404, owner: 200, admin: 404 },
  },
  {
    method: 'POST',
    file: 'manage-outlet/[...path].ts',
    path: '/api/manage-outlet/drafts/{freshDraft}/publish',
    setup: freshDraft,
    body: json({ publishAt: '2099-01-01T00:00:00Z' }),
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 404, owner: 200, admin: 404 },
    why: 'published under an embargo far ahead, so no page shows it during the suite',
  },
  {
    method: 'PATCH',
    file: 'manage-outlet/[...path].ts',
    path: '/api/manage-outlet/reviews/{criticReview}',
    body: json({ excerpt: 'Changed from outlet management.' }),
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 404, owner: 200, admin: 404 },
  },
  {
    method: 'POST',
    file: 'manage-outlet/[...path].ts',
    path: '/api/manage-outlet/reviews/{freshCriticReview}/unpublish',
    setup: freshCriticReview,
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 404, owner: 200, admin: 404 },
  },
  {
    method: 'DELETE',
    file: 'manage-outlet/[...path].ts',
    path: '/api/manage-outlet/reviews/{freshCriticReview}',
    setup: freshCriticReview,
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 404, owner: 200, admin: 404 },
  },
  {
    method: 'PUT',
    file: 'manage-outlet/[...path].ts',
    path: '/api/manage-outlet/{outlet}/settings',
    body: json({
      name: '{outletName}',
      website: 'https://pixel-ledger.example',
      description: 'Settings saved by the API inventory.',
      scale: '{outletScale}',
      threshold: 70,
      authorsCanPublish: false,
    }),
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 403, owner: 200, admin: 403 },
  },
  {
    method: 'POST',
    file: 'manage-outlet/[...path].ts',
    path: '/api/manage-outlet/{outlet}/logo',
    body: { image: 'png', field: 'logo' },
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 403, owner: 200, admin: 403 },
  },
  {
    method: 'POST',
    file: 'manage-outlet/[...path].ts',
    path: '/api/manage-outlet/{outlet}/reviews/import',
    body: json({ csv: 'game,url\n' }),
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 403, owner: 422, admin: 403 },
    why: 'permission first; a file without reviews is refused once the caller may import (the import itself is in outlets.spec.ts)',
  },
  {
    method: 'POST',
    file: 'manage-outlet/[...path].ts',
    path: '/api/manage-outlet/{outlet}/invitations',
    body: json({ email: 'invitee-{unique}@example.com', name: 'Invited Critic' }),
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 403, owner: 201, admin: 403 },
  },
  {
    method: 'POST',
    file: 'manage-outlet/[...path].ts',
    path: '/api/manage-outlet/{outlet}/invitations/00000000-0000-4000-8000-000000000000/resend',
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 403, owner: 404, admin: 403 },
    why: 'permission first, then an unknown invitation (the resend of a real one is in outlets.spec.ts)',
  },
  {
    method: 'DELETE',
    file: 'manage-outlet/[...path].ts',
    path: '/api/manage-outlet/{outlet}/invitations/00000000-0000-4000-8000-000000000000',
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 403, owner: 404, admin: 403 },
  },
  {
    method: 'POST',
    file: 'manage-outlet/[...path].ts',
    path: '/api/manage-outlet/{outlet}/authors/{outletAuthor}/link',
    body: json({ email: 'critic-{unique}@example.com' }),
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 403, owner: 201, admin: 403 },
  },
  {
    method: 'DELETE',
    file: 'manage-outlet/[...path].ts',
    path: '/api/manage-outlet/{outlet}/authors/999999999',
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 403, owner: 404, admin: 403 },
    why: 'removing a real author would change the demo outlet for other journeys',
  },
  {
    method: 'POST',
    file: 'manage-outlet/[...path].ts',
    path: '/api/manage-outlet/no-such-thing',
    owner: 'outletOwner',
    status: { anonymous: 401, stranger: 404, owner: 404, admin: 404 },
  },
  {
    method: 'PUT',
    file: 'author/[...path].ts',
    path: '/api/author/profile',
    body: json({ name: '{authorName}', bio: 'Saved by the API inventory.' }),
    owner: 'author',
    status: { anonymous: 401, stranger: 404, owner: 200, admin: 404 },
    why: 'only an account linked to an author has an author profile',
  },
  {
    method: 'POST',
    file: 'author/[...path].ts',
    path: '/api/author/apply',
    body: json({ outlet: '{outlet}', name: 'Applying Critic', message: 'From the inventory.' }),
    status: { anonymous: 401, stranger: 201, owner: 201, admin: 201 },
    why: 'any signed-in account may apply to write for an outlet, once',
  },
  {
    method: 'POST',
    file: 'author/[...path].ts',
    path: '/api/author/invite/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    status: { anonymous: 401, stranger: 404, owner: 404, admin: 404 },
    why: 'an unknown token (accepting a real invitation is in outlets.spec.ts)',
  },
  {
    method: 'POST',
    file: 'author/[...path].ts',
    path: '/api/author/link/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    status: { anonymous: 401, stranger: 404, owner: 404, admin: 404 },
  },
  {
    method: 'POST',
    file: 'author/[...path].ts',
    path: '/api/author/verify/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    status: { anonymous: 401, stranger: 404, owner: 404, admin: 404 },
  },

  // ---- membership --------------------------------------------------------------------------------
  {
    method: 'POST',
    file: 'membership/checkout.ts',
    path: '/api/membership/checkout',
    body: json({ plan: 'ad_free', period: 'month' }),
    status: { anonymous: 401, stranger: 200, owner: 409, admin: 200 },
    why: 'a Free account opens a checkout; the member is Premium already',
  },
  {
    method: 'POST',
    file: 'membership/test-checkout.ts',
    path: '/api/membership/test-checkout',
    body: json({ session_id: '{checkoutSession}' }),
    status: { anonymous: 401, stranger: 404, owner: 200, admin: 404 },
    why: "a checkout session is its starter's alone: the member's own (the fixture's, complete already) answers its outcome page again",
  },
  {
    method: 'POST',
    file: 'membership/subscription.ts',
    path: '/api/membership/subscription',
    body: json({ action: 'change', plan: 'premium', period: 'month' }),
    status: { anonymous: 401, stranger: 404, owner: 400, admin: 404 },
    why: 'only a paid membership changes; the member is on Premium monthly already',
  },
  {
    method: 'POST',
    file: 'membership/portal.ts',
    path: '/api/membership/portal',
    status: { anonymous: 401, stranger: 409, owner: 409, admin: 409 },
    why: "Stripe's portal opens only with payments configured; the e2e server is in test mode",
  },
  {
    method: 'POST',
    file: 'membership/test-clock.ts',
    path: '/api/membership/test-clock',
    status: { anonymous: 401, stranger: 404, owner: null, admin: 404 },
    why: 'a test clock ends the period of a paid membership: the member keeps Premium for the later rows (membership.spec.ts moves it)',
  },
  {
    method: 'POST',
    file: 'stripe/webhook.ts',
    path: '/api/stripe/webhook',
    body: { text: '{"id":"evt_inventory"}', contentType: 'application/json' },
    status: all(503),
    why: 'without STRIPE_WEBHOOK_SECRET the HTTP webhook takes no event (the test checkout hands its events over in-process)',
  },

  // ---- the site, analytics and errors ------------------------------------------------------------
  { method: 'GET', file: 'health.ts', path: '/api/health', status: all(200) },
  { method: 'GET', file: 'search.ts', path: '/api/search?q=portal', status: all(200) },
  { method: 'GET', file: 'icons/[collection].json.ts', path: '/api/icons/lucide.json?icons=house', status: all(200) },
  { method: 'GET', file: 'icons/[collection].json.ts', path: '/api/icons/nope.json?icons=house', status: all(404) },
  {
    method: 'POST',
    file: 'contact.ts',
    path: '/api/contact',
    body: json({ name: 'Inventory', email: 'not-an-email', topic: 'general', message: 'Sent by the API inventory.' }),
    status: all(400),
    why: 'three messages an hour per address, and every role here shares one: a message sent is in site.spec.ts, the refusal here',
  },
  {
    method: 'POST',
    file: 'event.ts',
    path: '/api/event',
    body: json({ n: 'pageview', u: '{origin}/games', d: '{host}', r: null, w: null, h: null, p: null, $: null }),
    status: all(202),
    why: 'every optional field may be null',
  },
  {
    method: 'POST',
    file: 'errors.ts',
    path: '/api/errors',
    body: json({ message: 'Inventory error report', stack: null, route: '/inventory', release: 'inventory' }),
    status: all(202),
  },
  {
    method: 'GET',
    file: 'sentry-example-api.ts',
    path: '/api/sentry-example-api',
    status: all(500),
    deliberate500: true,
    why: 'the error reporting check fails on purpose, for everyone',
  },
  { method: 'GET', file: 'vote.ts', path: '/api/vote', status: all(200) },
  {
    method: 'POST',
    file: 'vote.ts',
    path: '/api/vote',
    body: json({ option: 'no-such-option' }),
    status: { anonymous: 401, stranger: 400, owner: 400, admin: 400 },
  },
  {
    method: 'POST',
    file: 'site-application.ts',
    path: '/api/site-application',
    body: json({
      outletName: 'Inventory Outlet {unique}',
      websiteUrl: 'https://example.org',
      contact: 'inventory@example.com',
      scoreScale: 'hundred',
      sampleLinks: ['https://example.org/review'],
    }),
    status: { anonymous: 401, stranger: 201, owner: 201, admin: 201 },
  },
  {
    method: 'GET',
    file: 'cron/[job].ts',
    path: '/api/cron/release-critic-embargoes',
    ownerHeaders: { authorization: 'Bearer {cronSecret}' },
    status: { anonymous: 401, stranger: 401, owner: 200, admin: 401 },
    why: 'the owner here is Vercel Cron with the secret; no session opens it',
  },

  // ---- administration ------------------------------------------------------------------------------
  {
    method: 'POST',
    file: 'admin/games/index.ts',
    path: '/api/admin/games',
    body: json({ title: 'Inventory Created {unique}', platforms: [{ slug: 'pc', releaseDate: '' }] }),
    status: adminOnly(201),
  },
  {
    method: 'PUT',
    file: 'admin/games/[id]/index.ts',
    path: '/api/admin/games/{freshGame}',
    setup: freshGame,
    body: json({ title: 'Inventory Edited {unique}', platforms: [{ slug: 'pc', releaseDate: '' }] }),
    status: adminOnly(200),
  },
  {
    method: 'DELETE',
    file: 'admin/games/[id]/index.ts',
    path: '/api/admin/games/{freshGame}',
    setup: freshGame,
    status: adminOnly(204),
  },
  {
    method: 'POST',
    file: 'admin/games/[id]/cover.ts',
    path: '/api/admin/games/{freshGame}/cover',
    setup: freshGame,
    body: { image: 'png', field: 'cover' },
    status: adminOnly(200),
  },
  {
    method: 'POST',
    file: 'admin/games/merge.ts',
    path: '/api/admin/games/merge',
    setup: async (tools) => {
      const [a, b] = [await freshGame(tools), await freshGame(tools)];
      return { survivor: a.freshGameSlug, duplicate: b.freshGameSlug };
    },
    body: json({ survivor: '{survivor}', duplicate: '{duplicate}' }),
    status: adminOnly(200),
  },
  {
    method: 'POST',
    file: 'admin/games/import.ts',
    path: '/api/admin/games/import',
    body: json({
      csv: 'title,console,genre,publisher,developer,critic_score,total_sales,na_sales,jp_sales,pal_sales,other_sales,release_date\nPortal 2,PC,Puzzle,Valve,Valve,,1,1,1,1,1,19/04/2011\n',
    }),
    status: adminOnly(200),
    why: 'the preview (nothing written)',
  },
  {
    method: 'POST',
    file: 'admin/maintenance.ts',
    path: '/api/admin/maintenance',
    body: json({ action: 'none' }),
    status: adminOnly(400),
    why: 'an unknown action: past the guard, nothing runs (vacuum or a cache purge would disturb the other journeys)',
  },
  { method: 'GET', file: 'admin/backup.ts', path: '/api/admin/backup', status: adminOnly(200) },
  {
    method: 'POST',
    file: 'admin/igdb/sync.ts',
    path: '/api/admin/igdb/sync',
    status: adminOnly(409),
    why: 'the e2e server has no Twitch credentials: past the guard, the administrator is told how to enable the sync',
  },
  {
    method: 'POST',
    file: 'admin/igdb/reviews/[id].ts',
    path: '/api/admin/igdb/reviews/1',
    body: json({ action: 'merge-everything' }),
    status: adminOnly(400),
    why: 'an unknown decision: past the guard, nothing is resolved (the e2e catalogue has no IGDB review queue)',
  },
  {
    method: 'POST',
    file: 'admin/coverage.ts',
    path: '/api/admin/coverage',
    setup: freshGame,
    body: json({ game: '{freshGameSlug}', outlets: ['{outlet}'] }),
    status: adminOnly(200),
  },
  {
    method: 'POST',
    file: 'admin/moderation/[kind]/[id].ts',
    path: '/api/admin/moderation/user_list/{freshList}',
    setup: async (tools) => {
      const list = await freshList(tools);
      await tools.as('stranger', 'POST', `/api/lists/${list.freshList}/report`, { reason: 'spam' });
      return list;
    },
    body: json({ action: 'dismiss' }),
    status: adminOnly(200),
    why: "a stranger's report on a fresh list of the member, dismissed",
  },
];
