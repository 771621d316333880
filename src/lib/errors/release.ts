/**
 * The id of the running build (written by the build, see src/lib/builds), used as the
 * release of error reports and as the id the update check compares. `dev` under astro dev
 * when no build wrote one.
 */
export const RELEASE: string = import.meta.env.PUBLIC_BUILD_ID || 'dev';
