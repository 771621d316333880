import { z } from 'zod';

/**
 * First-party analytics: the event the browser posts to POST /api/event, in the field names
 * Plausible's tracker uses (n, u, d, r, w, h, p, $), and the pure rules that turn it into a
 * stored row: the path without query string, the referring host, a device class from the
 * width, bounded props. Nothing here identifies a person; the visitor hash is computed on
 * the server from a salt that changes every day (visitor.server.ts).
 */

export { OUTBOUND_CLICK, PAGEVIEW } from './names.ts';

const MAX_PROPS = 30;
const MAX_PROP_LENGTH = 2000;

const httpUrl = z
  .string()
  .max(2000, 'u must be at most 2000 characters')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'u must be an http(s) URL');

/** `p` and `$` arrive as objects or as JSON text (Plausible sends both ways). */
const jsonText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return Symbol('invalid JSON');
    }
  }, schema);

const propValue = z.union([z.string().max(MAX_PROP_LENGTH), z.number(), z.boolean()]);

/** Every field but n, u and d may be left out or sent as null (trackers send null for "none"). */
export const eventSchema = z
  .object({
    n: z.string().trim().min(1, 'n is required').max(120, 'n must be at most 120 characters'),
    u: httpUrl,
    d: z
      .string()
      .trim()
      .min(1, 'd is required')
      .max(255)
      .regex(/^[a-z0-9.:[\]-]+$/i, 'd must be a domain'),
    r: z.union([z.string().max(2000), z.null()]).optional(),
    w: z.number().int().min(0).max(100_000).nullable().optional(),
    h: z
      .union([z.boolean(), z.literal(0), z.literal(1)])
      .nullable()
      .optional(),
    p: jsonText(
      z
        .record(z.string().max(300), propValue)
        .refine((props) => Object.keys(props).length <= MAX_PROPS, `p may have at most ${MAX_PROPS} properties`)
        .nullable(),
    ).optional(),
    $: jsonText(
      z
        .object({
          amount: z.union([z.number(), z.string().regex(/^\d{1,12}(\.\d{1,2})?$/)]),
          currency: z.string().regex(/^[A-Z]{3}$/, '$ currency must be a three-letter code'),
        })
        .nullable(),
    ).optional(),
  })
  .strict();

export type AnalyticsEvent = z.output<typeof eventSchema>;

export type Device = 'mobile' | 'tablet' | 'laptop' | 'desktop' | 'unknown';

/** Plausible's screen-size classes from the window width. */
export function deviceFromWidth(width: number | null | undefined): Device {
  if (width === undefined || width === null || width <= 0) return 'unknown';
  if (width < 576) return 'mobile';
  if (width < 992) return 'tablet';
  if (width < 1440) return 'laptop';
  return 'desktop';
}

/** The path we count: no query string (it may carry tokens or emails), the fragment only in hash mode. */
export function pathOf(url: string, hashMode: boolean): string {
  const parsed = new URL(url);
  const path = parsed.pathname + (hashMode && parsed.hash.startsWith('#/') ? parsed.hash : '');
  return path.slice(0, 2000);
}

/** The referring site's host, or null when there is none or it is this site. */
export function referrerHost(referrer: string | null | undefined, domain: string): string | null {
  if (!referrer || !URL.canParse(referrer)) return null;
  const host = new URL(referrer).hostname.toLowerCase().replace(/^www\./, '');
  if (
    !host ||
    host ===
      domain
        .toLowerCase()
        .replace(/^www\./, '')
        .replace(/:\d+$/, '')
  )
    return null;
  return host.slice(0, 255);
}

const BOT =
  /bot|crawl|spider|slurp|headless|lighthouse|pagespeed|preview|fetch|curl|wget|python-requests|python-urllib|httpclient|java\/|go-http-client|node-fetch|axios|okhttp|phantomjs|selenium|puppeteer|playwright|facebookexternalhit|embedly|monitor|uptime/i;

/** Known robots, scripts and headless browsers by their user agent; an empty one too. */
export function isBot(userAgent: string | null | undefined): boolean {
  if (!userAgent || userAgent.length < 10) return true;
  return BOT.test(userAgent);
}

/** Do Not Track or Global Privacy Control: the visitor asked not to be counted. */
export function optedOut(headers: Headers): boolean {
  return headers.get('dnt') === '1' || headers.get('sec-gpc') === '1';
}

/** Revenue in minor units, or null. */
export function revenueCents(revenue: AnalyticsEvent['$']): { cents: number; currency: string } | null {
  if (!revenue) return null;
  const amount = typeof revenue.amount === 'string' ? Number(revenue.amount) : revenue.amount;
  if (!Number.isFinite(amount) || amount < 0 || amount > 1e10) return null;
  return { cents: Math.round(amount * 100), currency: revenue.currency };
}

/** The dashboard's periods. */
export const PERIODS = { day: 1, week: 7, month: 30 } as const;
export type Period = keyof typeof PERIODS;
export const isPeriod = (value: string | null): value is Period => value !== null && Object.hasOwn(PERIODS, value);
