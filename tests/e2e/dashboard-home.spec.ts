import { createConfirmedUser, fillLogin, signedInRequest } from './accounts-helpers.ts';
import { expect, expectHydrated, test } from './fixtures.ts';

// The player's home: a new account sees what to do next in each block; once they play a game
// and follow a player, the blocks fill, and a game moves on from Playing with one click.

test('a player sees their home fill and moves a game on from Playing with one click', async ({
  page,
  request,
  playwright,
}) => {
  const [me, friend] = [await createConfirmedUser(request), await createConfirmedUser(request)];
  await page.goto('/login');
  await fillLogin(page, me.email, me.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Hello, ${me.fullName}!`);
  const friends = page.getByRole('region', { name: 'Friends’ activity' });
  await expect(friends.getByText('You do not follow any players yet.', { exact: false })).toBeVisible();
  await expect(friends.getByRole('link', { name: 'Find players on the leaderboard' })).toHaveAttribute(
    'href',
    '/leaderboard',
  );
  const playing = page.getByRole('region', { name: 'Playing now' });
  await expect(playing.getByRole('link', { name: 'Browse games' })).toBeVisible();

  const { games } = (await (await page.request.get('/api/library/games?q=portal')).json()) as {
    games: { id: number; title: string }[];
  };
  const [mine, theirs] = games as [{ id: number; title: string }, { id: number; title: string }];
  const friendApi = await signedInRequest(playwright, friend.email, friend.password);
  expect((await friendApi.put(`/api/library/${theirs.id}`, { data: { status: 'completed' } })).status()).toBe(200);
  expect((await page.request.put(`/api/library/${mine.id}`, { data: { status: 'playing' } })).status()).toBe(200);
  expect((await page.request.post('/api/follows', { data: { username: friend.username } })).status()).toBe(200);

  const response = await page.reload();
  expect(response?.headers()['cache-control']).toBe('private, no-store');
  await expect(friends.locator('[data-friend-activity]')).toHaveText([
    new RegExp(`@${friend.username} completed ${theirs.title}`),
  ]);
  await expect(page.getByRole('region', { name: 'Your XP' }).locator('[data-xp-today]')).toContainText('earned today');

  const moves = playing.getByRole('group', { name: `Move ${mine.title} to` });
  await expectHydrated(moves);
  await moves.getByRole('button', { name: 'Completed' }).click();
  await expect(playing.getByText('Moved to Completed.', { exact: true })).toBeVisible();
  // The line changes at once; the library has it once the request is answered.
  await expect
    .poll(async () => {
      const saved = (await (await page.request.get(`/api/library/${mine.id}`)).json()) as { state: { status: string } };
      return saved.state.status;
    })
    .toBe('completed');
  await friendApi.dispose();
});
