import { describe, expect, it } from 'vitest';
import { generatePrivateJwk, keyFromEnvValue } from '../auth/keys.ts';
import { signAccessToken, verifyAccessToken } from '../auth/tokens.ts';
import { signObjectUrl, verifyObjectUrl } from './signed-urls.ts';

const NOW = 1_900_000_000;
const tokenOf = (url: string) => new URL(url, 'http://site.test').searchParams.get('token')!;

describe('signed URLs', () => {
  it('open exactly the signed object until they expire', async () => {
    const key = await keyFromEnvValue(JSON.stringify(await generatePrivateJwk()));
    const url = await signObjectUrl(key, 'avatars', 'u1/a.png', 3600, NOW);
    expect(url).toMatch(/^\/object\/sign\/avatars\/u1\/a\.png\?token=/);
    const token = tokenOf(url);
    expect(await verifyObjectUrl(key, token, 'avatars', 'u1/a.png', NOW + 3599)).toBe(NOW + 3600);
    await expect(verifyObjectUrl(key, token, 'avatars', 'u1/a.png', NOW + 3601)).rejects.toMatchObject({
      code: 'ExpiredToken',
    });
    await expect(verifyObjectUrl(key, token, 'avatars', 'u2/a.png', NOW)).rejects.toMatchObject({
      code: 'InvalidSignature',
    });
    await expect(verifyObjectUrl(key, `${token}x`, 'avatars', 'u1/a.png', NOW)).rejects.toMatchObject({
      code: 'InvalidSignature',
    });
  });

  it('are no access tokens, and access tokens are no signed URLs', async () => {
    const key = await keyFromEnvValue(JSON.stringify(await generatePrivateJwk()));
    const urlToken = tokenOf(await signObjectUrl(key, 'avatars', 'u1/a.png', 3600, NOW));
    await expect(verifyAccessToken(key, urlToken, NOW)).rejects.toThrow();
    const user = {
      id: 'u1',
      email: 'a@b.cd',
      phone: null,
      raw_app_meta_data: {},
      raw_user_meta_data: {},
      is_anonymous: false,
    };
    const { token } = await signAccessToken(
      key,
      'http://site.test/auth/v1',
      user,
      { id: 's1', method: 'password', authenticatedAt: NOW },
      NOW,
    );
    await expect(verifyObjectUrl(key, token, 'avatars', 'u1/a.png', NOW)).rejects.toMatchObject({
      code: 'InvalidSignature',
    });
  });

  it('die with the key that signed them', async () => {
    const first = await keyFromEnvValue(JSON.stringify(await generatePrivateJwk()));
    const second = await keyFromEnvValue(JSON.stringify(await generatePrivateJwk()));
    const token = tokenOf(await signObjectUrl(first, 'avatars', 'u1/a.png', 3600, NOW));
    await expect(verifyObjectUrl(second, token, 'avatars', 'u1/a.png', NOW)).rejects.toMatchObject({
      code: 'InvalidSignature',
    });
  });
});
