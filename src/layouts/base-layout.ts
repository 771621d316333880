import type { ColorModePreference } from '../lib/theme/color-mode.ts';

/**
 * What every page tells the base layout, and through it the layouts built on it. Here rather
 * than in BaseLayout.astro, so tools that read TypeScript alone (type-aware lint) see it too.
 */
export interface BaseLayoutProps {
  /** Page title without the site name (the layout appends it); omit on the home page. */
  title?: string | undefined;
  description?: string | undefined;
  /** Force a colour mode on this page ("light" or "dark"; "system" is refused with a warning). */
  colorMode?: ColorModePreference | undefined;
  /** Keep this page out of search engines (error pages, private pages). */
  noindex?: boolean | undefined;
  /** Canonical path (with the query that matters, e.g. "/games?page=2"); defaults to the path without query. */
  canonical?: string | undefined;
  /** Open Graph type: "website" by default, "article" for content pages. */
  ogType?: string | undefined;
  /** Absolute image URL for link previews. */
  image?: string | undefined;
  /** schema.org data for a <script type="application/ld+json">. */
  jsonLd?: Record<string, unknown> | undefined;
}
