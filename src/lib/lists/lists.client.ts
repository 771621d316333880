import { errorMessage } from '../library/play-status.client.ts';

/** Calls the lists API; resolves with the JSON answer or throws with the server's message. */
export async function listsApi<T = unknown>(
  path: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  body?: unknown,
): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(await errorMessage(response));
  return (await response.json()) as T;
}
