/**
 * How long the server waits for each remote service before it gives up: one figure per
 * kind of call, kept here so none of them falls back to a library's default (Node's fetch
 * waits 300 s for response headers, nodemailer two minutes for a connection). A call
 * that runs out answers the visitor "Server error. Please try again later." and logs one
 * line naming the service and the figure (src/lib/http/remote.server.ts).
 */
export const REMOTE_TIMEOUT_MS = {
  /** Hosted Supabase Auth: its key set, getUser, token refresh, sign-in, sign-out, code exchange. */
  supabaseAuth: 5_000,
  /** Hosted Supabase Storage: an upload of up to the storage file size limit. */
  supabaseStorage: 30_000,
  /** The Stripe API, per attempt. */
  stripe: 5_000,
  /** Google's sign-in key set (the local auth service's id_token grant). */
  googleJwks: 5_000,
  /** SMTP: to connect, for the server's greeting, and of silence on an open connection. */
  smtpConnection: 5_000,
  smtpGreeting: 5_000,
  smtpSocket: 10_000,
  /** A new PostgreSQL connection (DATABASE_URL). */
  postgresConnect: 5_000,
  /** Downloading an image from a URL (a cover image URL): connection, redirects and body together. */
  imageImport: 10_000,
  /** Twitch's token endpoint (the IGDB sync's app access token). */
  twitchToken: 5_000,
  /** One IGDB query of up to 500 records, per attempt. */
  igdb: 20_000,
  /** The browser's calls to hosted Supabase Auth, per attempt: phones on slow networks included. */
  browserAuth: 15_000,
} as const;

/** Stripe requests are retried once (with an idempotency key) after a connection failure. */
export const STRIPE_NETWORK_RETRIES = 1;
