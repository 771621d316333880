import sharp from 'sharp';
import { createConfirmedUser } from './accounts-helpers.ts';
import { expect, test } from './fixtures.ts';

// The local storage service as the built node server mounts it at /storage/v1: a browser
// uploads on the site's own origin exactly as storage-js does (multipart form data with the
// user's access token), and the picture then loads for everyone from its public URL.

async function accessToken(request: import('@playwright/test').APIRequestContext, email: string, password: string) {
  const response = await request.post('/auth/v1/token?grant_type=password', {
    headers: { 'x-supabase-api-version': '2024-01-01' },
    data: { email, password },
  });
  expect(response.status()).toBe(200);
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  return { token: session.access_token, userId: session.user.id };
}

test('a signed-in browser uploads an avatar to its own folder and anyone can load it', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  const { token, userId } = await accessToken(request, user.email, user.password);
  const png = await sharp({ create: { width: 48, height: 48, channels: 3, background: { r: 20, g: 160, b: 150 } } })
    .png()
    .toBuffer();

  await page.goto('/about');
  const path = `${userId}/e2e-avatar.png`;
  const upload = await page.evaluate(
    async ({ path, token, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const form = new FormData();
      form.append('cacheControl', '3600');
      form.append('', new Blob([bytes], { type: 'image/png' }));
      const response = await fetch(`/storage/v1/object/avatars/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-upsert': 'false' },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { path, token, base64: png.toString('base64') },
  );
  expect(upload).toEqual({ status: 200, body: { Id: expect.any(String), Key: `avatars/${path}` } });

  const publicUrl = `/storage/v1/object/public/avatars/${path}`;
  const loaded = await page.evaluate(
    (src) =>
      new Promise<number>((resolve, reject) => {
        const image = new Image();
        image.onload = () => resolve(image.naturalWidth);
        image.onerror = () => reject(new Error(`could not load ${src}`));
        image.src = src;
      }),
    publicUrl,
  );
  expect(loaded).toBe(48);

  const anonymous = await request.get(publicUrl, { headers: { cookie: '' } });
  expect(anonymous.status()).toBe(200);
  expect(anonymous.headers()['content-type']).toBe('image/png');
  expect(anonymous.headers()['cache-control']).toBe('max-age=3600');
  expect(anonymous.headers()['x-content-type-options']).toBe('nosniff');
  const revalidated = await request.get(publicUrl, { headers: { 'if-none-match': anonymous.headers()['etag']! } });
  expect(revalidated.status()).toBe(304);
});

test("the storage service refuses what the policies and limits refuse, in storage-js's error shape", async ({
  request,
}) => {
  const user = await createConfirmedUser(request);
  const { token, userId } = await accessToken(request, user.email, user.password);

  const anonymous = await request.post(`/storage/v1/object/avatars/${userId}/anon.png`, {
    headers: { 'content-type': 'image/png' },
    data: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  });
  expect(anonymous.status()).toBe(400);
  expect(await anonymous.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied' });

  const tooLarge = await request.post(`/storage/v1/object/avatars/${userId}/large.png`, {
    headers: { 'content-type': 'image/png', authorization: `Bearer ${token}` },
    data: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  expect(await tooLarge.json()).toMatchObject({ statusCode: '413', code: 'EntityTooLarge' });

  const missing = await request.get(`/storage/v1/object/public/avatars/${userId}/missing.png`);
  expect(missing.status()).toBe(400);
  expect(await missing.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' });
  expect((await request.get('/storage/v1/buckets')).status()).toBe(404);
});
