import colors from 'tailwindcss/colors';
import { describe, expect, it, vi } from 'vitest';
import { GRAY_COLORS, PRIMARY_COLORS, resolveTheme, SHADES, themeConfig } from './theme.ts';

describe('resolveTheme', () => {
  it('ships teal over slate, written as CSS variables for every shade', () => {
    const warn = vi.fn();
    const theme = resolveTheme(themeConfig, warn);
    expect(theme.primary).toBe('teal');
    expect(theme.gray).toBe('slate');
    expect(theme.css.startsWith(':root{')).toBe(true);
    expect(theme.css).toContain(`--primary-600:${colors.teal[600]};`);
    expect(colors.teal[600]).toMatch(/^oklch\(/);
    for (const shade of SHADES) {
      expect(theme.css).toContain(`--primary-${shade}:${colors.teal[shade]};`);
      expect(theme.css).toContain(`--gray-${shade}:${colors.slate[shade]};`);
    }
    expect(theme.css).not.toContain('undefined');
    expect(warn).not.toHaveBeenCalled();
  });

  it('uses another known palette without warning', () => {
    const warn = vi.fn();
    const theme = resolveTheme({ primary: 'rose', gray: 'zinc' }, warn);
    expect(theme).toMatchObject({ primary: 'rose', gray: 'zinc' });
    expect(theme.css).toContain(`--primary-500:${colors.rose[500]};`);
    expect(theme.css).toContain(`--gray-950:${colors.zinc[950]};`);
    expect(theme.css).not.toContain(colors.teal[500]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns about an unknown primary colour and falls back to teal', () => {
    const warn = vi.fn();
    const theme = resolveTheme({ primary: 'chartreuse', gray: 'zinc' }, warn);
    expect(theme.primary).toBe('teal');
    expect(theme.gray).toBe('zinc');
    expect(theme.css).toContain(`--primary-600:${colors.teal[600]};`);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('Unknown primary colour "chartreuse": using "teal"');
  });

  it('warns about an unknown gray and falls back to slate', () => {
    const warn = vi.fn();
    const theme = resolveTheme({ primary: 'blue', gray: 'beige' }, warn);
    expect(theme).toMatchObject({ primary: 'blue', gray: 'slate' });
    expect(theme.css).toContain(`--gray-600:${colors.slate[600]};`);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('Unknown gray colour "beige": using "slate"');
  });

  it('does not accept a gray as the primary colour or the reverse', () => {
    const warn = vi.fn();
    const theme = resolveTheme({ primary: 'slate', gray: 'teal' }, warn);
    expect(theme).toMatchObject({ primary: 'teal', gray: 'slate' });
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('has a complete palette for every listed colour', () => {
    for (const primary of PRIMARY_COLORS) {
      for (const gray of GRAY_COLORS) {
        const warn = vi.fn();
        const { css } = resolveTheme({ primary, gray }, warn);
        expect(css, `${primary}/${gray}`).not.toContain('undefined');
        expect(warn).not.toHaveBeenCalled();
      }
    }
  });
});
