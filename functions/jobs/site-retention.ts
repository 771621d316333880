import { deleteExpiredAnalytics } from '../../src/lib/analytics/analytics.server.ts';
import { deleteExpiredContactMessages } from '../../src/lib/contact/contact.server.ts';
import { deleteExpiredErrorReports } from '../../src/lib/errors/report.server.ts';
import type { Job } from './job.ts';

/**
 * Retention of the site's own records: error reports 30 days after last seen, analytics
 * events after 13 months, contact messages after two years, and every visitor salt older than yesterday (once a salt is
 * gone, that day's visitor hashes cannot be recomputed from an address).
 */
export const deleteExpiredSiteRecords: Job<{
  errorReports: number;
  events: number;
  salts: number;
  contactMessages: number;
}> = {
  name: 'delete-expired-site-records',
  everySeconds: 3600,
  async run({ db, now }) {
    const errorReports = await deleteExpiredErrorReports(db, now);
    const { events, salts } = await deleteExpiredAnalytics(db, now);
    const contactMessages = await deleteExpiredContactMessages(db, now);
    return { errorReports, events, salts, contactMessages };
  },
};
