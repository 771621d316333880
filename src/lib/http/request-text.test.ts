import { describe, expect, it } from 'vitest';
import { carriesNul, decodeUtf8, isUsableQuery, refuseBadText } from './request-text.ts';

const SITE = 'https://critical-hit.test';
/** A POST of `body`; a form's content type (with its boundary) is the Request's own. */
const post = (path: string, body: BodyInit, contentType = body instanceof FormData ? undefined : 'application/json') =>
  [
    new URL(path, SITE),
    new Request(new URL(path, SITE), {
      method: 'POST',
      headers: contentType ? { 'content-type': contentType } : {},
      body,
    }),
  ] as const;

describe('text no route can use', () => {
  it('a NUL character, as it is or as JSON escapes it, but not the text "\\u0000"', () => {
    expect(carriesNul('a\u0000b')).toBe(true);
    expect(carriesNul('{"a":"\\u0000"}')).toBe(true);
    expect(carriesNul('{"a":"x\\\\\\u0000"}')).toBe(true);
    expect(carriesNul('\\U0000')).toBe(true);
    expect(carriesNul('{"a":"\\\\u0000"}')).toBe(false);
    expect(carriesNul('{"a":"\\u00001"}')).toBe(true);
    expect(carriesNul('{"a":"\\u0001 ok"}')).toBe(false);
  });

  it('bytes that are not UTF-8', () => {
    expect(decodeUtf8(Buffer.from('héllo 🎮'))).toBe('héllo 🎮');
    for (const bad of [[0x80], [0xff], [0xc0, 0xaf], [0xe2, 0x82], [0xed, 0xa0, 0x80]])
      expect(decodeUtf8(Uint8Array.from(bad))).toBeNull();
  });

  it('a query string or form with %00 or percent-escapes that are not UTF-8', () => {
    for (const good of ['', '?', '?q=zelda', '?q=%F0%9F%8E%AE&page=2', '?q=a+b', '?q=50%25'])
      expect(isUsableQuery(good), good).toBe(true);
    for (const bad of ['?q=%00', '?q=a%00b', '?x=1&q=%FF', '?q=%C0%AE', '?q=%E2%82', '?q=%zz', '?q=%'])
      expect(isUsableQuery(bad), bad).toBe(false);
  });
});

describe('refuseBadText', () => {
  it('refuses, under /api, a query or a JSON, plain-text or form body with bad text: 400 in the API shape', async () => {
    for (const [url, request] of [
      post('/api/profile?x=%00', '{}'),
      post('/api/profile', '{"full_name":"a\\u0000"}'),
      post('/api/profile', '{"full_name":"a\u0000"}', 'text/plain'),
      post('/api/profile', Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d])),
      post('/api/contact', 'name=a%00b', 'application/x-www-form-urlencoded'),
      post('/api/contact', 'name=%FF', 'application/x-www-form-urlencoded'),
    ]) {
      const refused = await refuseBadText(url, request);
      expect(refused?.status, `${url} ${request.headers.get('content-type')}`).toBe(400);
      expect(await refused!.json()).toEqual({
        error: {
          code: 'invalid_input',
          message: 'The request contains text that cannot be used: a NUL character, or bytes that are not UTF-8.',
        },
      });
    }
    const form = new FormData();
    form.set('name', 'a\u0000b');
    const refused = await refuseBadText(...post('/api/contact', form));
    expect(refused?.status).toBe(400);
  });

  it('under /auth/v1 answers Supabase Auth’s validation_failed', async () => {
    const refused = await refuseBadText(
      ...post('/auth/v1/token?grant_type=password', '{"email":"a\\u0000@b.cd","password":"x"}'),
    );
    expect(refused?.status).toBe(400);
    expect(await refused!.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('lets good text through, and the body stays readable for the route', async () => {
    const [url, request] = post('/api/profile?q=%F0%9F%8E%AE', '{"full_name":"Zoë \\\\u0000 🎮"}');
    expect(await refuseBadText(url, request)).toBeNull();
    expect(await request.json()).toEqual({ full_name: 'Zoë \\u0000 🎮' });
    expect(
      await refuseBadText(new URL('/api/search?q=zelda', SITE), new Request(new URL('/api/search?q=zelda', SITE))),
    ).toBeNull();
  });

  it('leaves pages, storage and the files of upload routes alone', async () => {
    expect(await refuseBadText(...post('/games?x=%00', '\u0000', 'text/plain'))).toBeNull();
    expect(
      await refuseBadText(...post('/storage/v1/object/avatars/a.png', Uint8Array.from([0, 0xff]), 'image/png')),
    ).toBeNull();
    expect(await refuseBadText(...post('/api/profile/avatar', Uint8Array.from([0, 0xff]), 'image/png'))).toBeNull();
    const upload = new FormData();
    upload.set('file', new Blob([Uint8Array.from([0, 0xff])]), 'a.png');
    expect(await refuseBadText(...post('/api/profile/avatar', upload))).toBeNull();
  });
});
