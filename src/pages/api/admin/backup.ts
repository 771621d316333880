import { handleBackup } from '../../../../functions/admin/database.ts';
import { apiRoute } from '../../../../functions/api-context.ts';
import { getDatabase } from '../../../lib/db/db.server.ts';
import { otherMethods } from '../../../lib/http/api-route.ts';

// The backup copies the embedded database's own directory: it needs the connection, not only a query handle.
export const GET = apiRoute((api) => handleBackup(api, getDatabase));

export const ALL = otherMethods({ GET });
