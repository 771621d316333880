import colors from 'tailwindcss/colors';

/**
 * The site's palette. Components use semantic Tailwind classes (bg-primary-600,
 * text-gray-700, bg-surface, text-content...); this module decides which Tailwind palette
 * stands behind `primary` and `gray`, and the base layout writes the values as CSS
 * variables once per page.
 */

export const SHADES = ['50', '100', '200', '300', '400', '500', '600', '700', '800', '900', '950'] as const;

export const PRIMARY_COLORS = [
  'red',
  'orange',
  'amber',
  'yellow',
  'lime',
  'green',
  'emerald',
  'teal',
  'cyan',
  'sky',
  'blue',
  'indigo',
  'violet',
  'purple',
  'fuchsia',
  'pink',
  'rose',
] as const;
export const GRAY_COLORS = ['slate', 'gray', 'zinc', 'neutral', 'stone', 'mauve', 'olive', 'mist', 'taupe'] as const;

export type PrimaryColor = (typeof PRIMARY_COLORS)[number];
export type GrayColor = (typeof GRAY_COLORS)[number];

export interface ThemeConfig {
  primary: string;
  gray: string;
}

/** What the site ships with. Change it here; an unknown name logs a warning and falls back. */
export const themeConfig: ThemeConfig = { primary: 'teal', gray: 'slate' };

export const DEFAULT_PRIMARY: PrimaryColor = 'teal';
export const DEFAULT_GRAY: GrayColor = 'slate';

export interface ResolvedTheme {
  primary: PrimaryColor;
  gray: GrayColor;
  /** `:root { --primary-50: ...; --gray-50: ...; }` for the page head. */
  css: string;
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

function paletteVariables(prefix: string, palette: Record<string, string>): string {
  return SHADES.map((shade) => `--${prefix}-${shade}:${palette[shade]};`).join('');
}

export function resolveTheme(
  config: ThemeConfig = themeConfig,
  warn: (message: string) => void = console.warn,
): ResolvedTheme {
  let primary: PrimaryColor = DEFAULT_PRIMARY;
  if (isOneOf(PRIMARY_COLORS, config.primary)) primary = config.primary;
  else {
    warn(
      `[theme] Unknown primary colour "${config.primary}": using "${DEFAULT_PRIMARY}". ` +
        `Choose one of ${PRIMARY_COLORS.join(', ')}.`,
    );
  }
  let gray: GrayColor = DEFAULT_GRAY;
  if (isOneOf(GRAY_COLORS, config.gray)) gray = config.gray;
  else {
    warn(
      `[theme] Unknown gray colour "${config.gray}": using "${DEFAULT_GRAY}". Choose one of ${GRAY_COLORS.join(', ')}.`,
    );
  }
  const css = `:root{${paletteVariables('primary', colors[primary])}${paletteVariables('gray', colors[gray])}}`;
  return { primary, gray, css };
}
