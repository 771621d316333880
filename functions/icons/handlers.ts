import { parseIconNames } from '../../src/lib/icons/icons.ts';
import { iconsFrom, isIconCollection } from '../../src/lib/icons/icon-sets.server.ts';
import { apiError } from '../http.ts';

/** A given set of icons of an installed package never changes until a deploy installs another. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET /api/icons/{collection}.json?icons=a,b,c -> Iconify JSON. */
export async function handleIcons(request: Request, collection: string): Promise<Response> {
  if (!isIconCollection(collection))
    return apiError(404, 'unknown_collection', `No icon set named "${collection.slice(0, 40)}" is installed.`);
  const names = parseIconNames(new URL(request.url).searchParams.get('icons'));
  if (!names)
    return apiError(
      400,
      'invalid_icons',
      'icons must list 1 to 100 icon names (lower-case letters, digits and dashes), separated by commas.',
    );
  const data = await iconsFrom(collection, names);
  return new Response(JSON.stringify(data), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': IMMUTABLE },
  });
}
