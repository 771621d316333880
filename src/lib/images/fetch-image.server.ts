import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { formatMegabytes } from './images.ts';

/**
 * Downloads an image someone named by its URL (an administrator's "cover image URL", a
 * catalogue sync's cover) for the same checks an upload gets (processImage). The server
 * makes this request, so it refuses what would let a URL reach inside the network: only
 * http and https, no user name or password in the URL, and every connection goes through
 * request-filtering-agent, which checks the address each name resolves to at connect time
 * (so a DNS answer that changes after a check cannot slip through) and refuses private,
 * loopback, link-local (cloud metadata) and reserved addresses. Redirects are followed by
 * hand, at most MAX_REDIRECTS, each hop checked again. The whole download has one deadline,
 * and the body stops at maxBytes, whatever Content-Length claims.
 */

export type ImageFetchFailure =
  'invalid_url' | 'blocked_address' | 'http_status' | 'too_many_redirects' | 'too_large' | 'timeout' | 'unreachable';

export class ImageFetchError extends Error {
  readonly reason: ImageFetchFailure;
  constructor(reason: ImageFetchFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageFetchError';
    this.reason = reason;
  }
}

export interface FetchImageOptions {
  maxBytes: number;
  timeoutMs: number;
  /**
   * Private or loopback addresses that may be fetched all the same: only a test's local
   * stand-in (IMAGE_IMPORT_ALLOWED_ADDRESSES). Empty in production.
   */
  allowedAddresses?: readonly string[];
}

export const MAX_REDIRECTS = 3;
export const MAX_IMAGE_URL_LENGTH = 2048;

const messages = {
  invalid_url: () => 'Give the full address of an image on the web, starting with http:// or https://.',
  blocked_address: () => 'That address is not on the public internet, so the site will not fetch it.',
  http_status: (status: number) => `The image could not be fetched: its server answered ${status}.`,
  too_many_redirects: () => `The image could not be fetched: its address redirects more than ${MAX_REDIRECTS} times.`,
  too_large: (maxBytes: number) => `The image is too large: please choose one of ${formatMegabytes(maxBytes)} or less.`,
  timeout: (ms: number) =>
    `The image took too long to download (more than ${ms / 1000} seconds). Try again, or upload the file.`,
  unreachable: () => 'The image could not be fetched: its server did not answer.',
};

/** The URL if it may be fetched at all (scheme, no credentials, bounded length), else an error. */
export function parseImageUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    throw new ImageFetchError('invalid_url', messages.invalid_url());
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password)
    throw new ImageFetchError('invalid_url', messages.invalid_url());
  if (url.href.length > MAX_IMAGE_URL_LENGTH) throw new ImageFetchError('invalid_url', messages.invalid_url());
  return url;
}

const isBlockedConnection = (error: unknown) =>
  error instanceof Error && /is not allowed|private ip address|meta ip address/i.test(error.message);

function get(url: URL, options: FetchImageOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const filter = { allowIPAddressList: [...(options.allowedAddresses ?? [])], keepAlive: false };
  const https = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (https ? httpsRequest : httpRequest)(url, {
      method: 'GET',
      agent: https ? new RequestFilteringHttpsAgent(filter) : new RequestFilteringHttpAgent(filter),
      headers: { accept: 'image/avif,image/webp,image/png,image/jpeg;q=0.9', 'user-agent': 'CriticalHit-CoverFetch' },
      signal,
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new ImageFetchError('too_large', messages.too_large(maxBytes));
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response) {
    const buffer = chunk as Buffer;
    total += buffer.byteLength;
    if (total > maxBytes) {
      response.destroy();
      throw new ImageFetchError('too_large', messages.too_large(maxBytes));
    }
    chunks.push(buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** The image's bytes (not yet checked as an image: processImage does that), or an ImageFetchError. */
export async function fetchImage(rawUrl: string | URL, options: FetchImageOptions): Promise<Uint8Array> {
  let url = parseImageUrl(rawUrl);
  const signal = AbortSignal.timeout(options.timeoutMs);
  try {
    for (let hop = 0; ; hop++) {
      const response = await get(url, options, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (hop >= MAX_REDIRECTS) throw new ImageFetchError('too_many_redirects', messages.too_many_redirects());
        url = parseImageUrl(new URL(response.headers.location, url));
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new ImageFetchError('http_status', messages.http_status(status));
      }
      return await readBody(response, options.maxBytes);
    }
  } catch (error) {
    if (error instanceof ImageFetchError) throw error;
    if (signal.aborted) throw new ImageFetchError('timeout', messages.timeout(options.timeoutMs), { cause: error });
    if (isBlockedConnection(error))
      throw new ImageFetchError('blocked_address', messages.blocked_address(), { cause: error });
    throw new ImageFetchError('unreachable', messages.unreachable(), { cause: error });
  }
}
