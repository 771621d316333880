import { handleCronRequest } from '../../../../functions/jobs/cron.ts';
import { apiRoute } from '../../../../functions/api-context.ts';

export const GET = apiRoute((api) => handleCronRequest(api.request, api.params.job ?? '', api));
