/** Event names the tracker sends (kept apart from the zod schema so the browser script stays tiny). */
export const PAGEVIEW = 'pageview';
export const OUTBOUND_CLICK = 'Outbound Link: Click';
