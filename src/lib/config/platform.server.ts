/**
 * True on Vercel, which sets VERCEL in the build and in the function. The Vercel build writes
 * the value in (astro.config.ts defines `process.env.VERCEL`), so the bundler drops every
 * branch that only the node server's modes take: the embedded database, the local auth and
 * storage services and the dev mailbox are loaded behind `ON_VERCEL ? … : import(…)` and never
 * reach the Vercel function. Everywhere else it is read from the environment as usual.
 */
export const ON_VERCEL = process.env.VERCEL ? true : false;
