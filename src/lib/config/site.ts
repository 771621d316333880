import { getEnv } from './env.ts';

/** The site's name (SITE_NAME, default "Critical Hit"). */
export function siteName(): string {
  return getEnv().SITE_NAME;
}

/** "<page title> | <site name>", or the site name alone for the home page. */
export function documentTitle(title: string | undefined, name: string = siteName()): string {
  return title ? `${title} | ${name}` : name;
}
