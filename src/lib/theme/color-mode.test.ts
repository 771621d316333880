// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { setColorModePreference } from './color-mode.client.ts';
import { COLOR_MODE_STORAGE_KEY, colorModeHeadScript, resolveForcedColorMode } from './color-mode.ts';

describe('resolveForcedColorMode', () => {
  it('passes light and dark through silently', () => {
    const warn = vi.fn();
    expect(resolveForcedColorMode('light', warn)).toBe('light');
    expect(resolveForcedColorMode('dark', warn)).toBe('dark');
    expect(resolveForcedColorMode(undefined, warn)).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
  });

  it('refuses "system" with a warning', () => {
    const warn = vi.fn();
    expect(resolveForcedColorMode('system', warn)).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('cannot force the "system" colour mode');
  });

  it('ignores an unknown mode with a warning', () => {
    const warn = vi.fn();
    expect(resolveForcedColorMode('sepia', warn)).toBeUndefined();
    expect(warn.mock.calls[0]?.[0]).toContain('Unknown colour mode "sepia"');
  });
});

describe('colour mode in the page', () => {
  const html = document.documentElement;
  let systemDark = false;
  let changeListeners: (() => void)[] = [];
  let matchMedia: MockInstance<typeof window.matchMedia>;

  beforeEach(() => {
    systemDark = false;
    changeListeners = [];
    localStorage.clear();
    html.className = '';
    html.removeAttribute('style');
    html.removeAttribute('data-color-mode-preference');
    html.removeAttribute('data-color-mode-forced');
    matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          get matches() {
            return query === '(prefers-color-scheme: dark)' && systemDark;
          },
          media: query,
          addEventListener: (_type: string, listener: () => void) => changeListeners.push(listener),
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
  });

  afterEach(() => {
    matchMedia.mockRestore();
    localStorage.clear();
  });

  // The head script is text the page inlines; the test runs that text as the browser does.
  const runHeadScript = (forced: 'light' | 'dark' | undefined): void => {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- see above
    new Function(colorModeHeadScript(forced))();
  };

  it('follows a dark system setting when nothing is stored', () => {
    systemDark = true;
    runHeadScript(undefined);
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.style.colorScheme).toBe('dark');
    expect(html.dataset.colorModePreference).toBe('system');
  });

  it('follows a light system setting when nothing is stored', () => {
    html.classList.add('dark');
    runHeadScript(undefined);
    expect(html.classList.contains('dark')).toBe(false);
    expect(html.style.colorScheme).toBe('light');
    expect(html.dataset.colorModePreference).toBe('system');
  });

  it('applies a stored preference over the system setting', () => {
    systemDark = true;
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'light');
    runHeadScript(undefined);
    expect(html.classList.contains('dark')).toBe(false);
    expect(html.style.colorScheme).toBe('light');
    expect(html.dataset.colorModePreference).toBe('light');

    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'dark');
    systemDark = false;
    runHeadScript(undefined);
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.dataset.colorModePreference).toBe('dark');
  });

  it('treats a garbage stored value as "system"', () => {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'purple');
    systemDark = true;
    runHeadScript(undefined);
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.dataset.colorModePreference).toBe('system');
  });

  it('lets a page force dark over a stored "light"', () => {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'light');
    runHeadScript('dark');
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.style.colorScheme).toBe('dark');
    expect(html.dataset.colorModePreference).toBe('light');
  });

  it('re-applies when the system setting changes', () => {
    runHeadScript(undefined);
    expect(html.classList.contains('dark')).toBe(false);
    expect(changeListeners).toHaveLength(1);
    systemDark = true;
    changeListeners[0]!();
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.style.colorScheme).toBe('dark');
  });

  it('setColorModePreference stores the choice and applies it', () => {
    setColorModePreference('dark');
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.dataset.colorModePreference).toBe('dark');

    setColorModePreference('light');
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('light');
    expect(html.classList.contains('dark')).toBe(false);
    expect(html.style.colorScheme).toBe('light');
  });

  it('setColorModePreference("system") removes the stored key and follows the system', () => {
    localStorage.setItem(COLOR_MODE_STORAGE_KEY, 'light');
    systemDark = true;
    setColorModePreference('system');
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBeNull();
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.dataset.colorModePreference).toBe('system');
  });

  it('setColorModePreference keeps a page’s forced mode while storing the choice', () => {
    html.dataset.colorModeForced = 'dark';
    setColorModePreference('light');
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('light');
    expect(html.classList.contains('dark')).toBe(true);
    expect(html.dataset.colorModePreference).toBe('light');
  });
});
