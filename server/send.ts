import type { ServerResponse } from 'node:http';

/**
 * Writes a web Response (an answer made by the site's own code: an error, the health check)
 * to a node response, with `extra` headers. `end: false` leaves the response open for the
 * caller to close the connection its own way.
 */
export async function send(
  res: ServerResponse,
  response: Response,
  extra: Record<string, string> = {},
  end = true,
): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, {
    ...Object.fromEntries(response.headers),
    ...extra,
    'content-length': String(body.length),
  });
  if (end) res.end(body);
  else res.write(body);
}
