/** The cookie that remembers the outlet being managed (the current outlet), read by the server pages. Imports nothing: the browser reads it too. */
export const CURRENT_OUTLET_COOKIE = 'ch-current-outlet';
