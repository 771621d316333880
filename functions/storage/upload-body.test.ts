import { describe, expect, it } from 'vitest';
import { assertAllowedMimeType, readUploadBody } from './upload-body.ts';

const URL_ = 'http://site.test/storage/v1/object/avatars/u1/a.png';

async function drain(content: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of content) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

function multipart(fields: Record<string, string>, file?: { type: string; content: string }): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('', new Blob([file.content], { type: file.type }));
  return new Request(URL_, { method: 'POST', body: form });
}

describe('readUploadBody', () => {
  it("reads a raw body's type, cache control and base64 metadata from the headers", async () => {
    const request = new Request(URL_, {
      method: 'POST',
      body: 'PNGDATA',
      headers: {
        'content-type': 'image/png',
        'cache-control': 'max-age=60',
        'x-metadata': Buffer.from(JSON.stringify({ alt: 'me' })).toString('base64'),
      },
    });
    const body = await readUploadBody(request, 100);
    expect(body).toMatchObject({ mimeType: 'image/png', cacheControl: 'max-age=60', userMetadata: { alt: 'me' } });
    expect(await drain(body.content)).toBe('PNGDATA');
  });

  it("reads storage-js's multipart form: fields first, then the file with its own type", async () => {
    const body = await readUploadBody(
      multipart({ cacheControl: '3600', metadata: '{"a":1}' }, { type: 'image/webp', content: 'WEBP' }),
      100,
    );
    expect(body).toMatchObject({ mimeType: 'image/webp', cacheControl: 'max-age=3600', userMetadata: { a: 1 } });
    expect(await drain(body.content)).toBe('WEBP');
  });

  it('refuses a declared size over the limit before reading, and a body without a file', async () => {
    const large = new Request(URL_, {
      method: 'POST',
      body: 'x'.repeat(101),
      headers: { 'content-type': 'image/png', 'content-length': '101' },
    });
    await expect(readUploadBody(large, 100)).rejects.toMatchObject({ statusCode: 413 });
    await expect(readUploadBody(multipart({ cacheControl: '3600' }), 100)).rejects.toMatchObject({
      statusCode: 400,
      message: 'No content provided',
    });
    const broken = new Request(URL_, {
      method: 'POST',
      body: '--x\r\nnonsense',
      headers: { 'content-type': 'multipart/form-data' },
    });
    await expect(readUploadBody(broken, 100)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refuses header values that could not be sent back, and oversized metadata', async () => {
    const badType = new Request(URL_, { method: 'POST', body: 'x', headers: { 'content-type': 'image/png\u0001' } });
    await expect(readUploadBody(badType, 100)).rejects.toMatchObject({ statusCode: 415 });
    const badCache = multipart({ cacheControl: '1\r\nSet-Cookie: a=b' }, { type: 'image/png', content: 'x' });
    await expect(readUploadBody(badCache, 100)).rejects.toMatchObject({ statusCode: 400 });
    const bigMetadata = multipart(
      { metadata: JSON.stringify({ a: 'x'.repeat(70 * 1024) }) },
      { type: 'image/png', content: 'x' },
    );
    await expect(readUploadBody(bigMetadata, 1024 * 1024)).rejects.toMatchObject({ statusCode: 413 });
  });
});

describe('assertAllowedMimeType', () => {
  it("applies the bucket's list as Supabase does, wildcards included", () => {
    expect(() => assertAllowedMimeType('image/png', ['image/jpeg', 'image/png'])).not.toThrow();
    expect(() => assertAllowedMimeType('image/gif', ['image/*'])).not.toThrow();
    expect(() => assertAllowedMimeType('text/plain', null)).not.toThrow();
    expect(() => assertAllowedMimeType('text/html', ['image/png'])).toThrow('mime type text/html is not supported');
    expect(() => assertAllowedMimeType('png', ['image/png'])).toThrow();
  });
});
