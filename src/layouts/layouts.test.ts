import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import ErrorView from '../components/errors/ErrorView.astro';
import { resetEnvCache } from '../lib/config/env.ts';
import AuthorDashboardLayout from './AuthorDashboardLayout.astro';
import BaseLayout from './BaseLayout.astro';
import DashboardLayout from './DashboardLayout.astro';
import DefaultLayout from './DefaultLayout.astro';
import ManageOutletLayout from './ManageOutletLayout.astro';

let container: AstroContainer;

beforeAll(async () => {
  container = await AstroContainer.create();
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvCache();
});

const render = (component: Parameters<AstroContainer['renderToString']>[0], props: Record<string, unknown> = {}) =>
  container.renderToString(component, {
    props,
    slots: { default: '<p>Page body</p>' },
    request: new Request('http://localhost/games'),
  });

describe('the four layouts', () => {
  it.each([
    ['default', DefaultLayout],
    ['dashboard', DashboardLayout],
    ['author dashboard', AuthorDashboardLayout],
    ['manage-outlet', ManageOutletLayout],
  ])('%s: skip link, header, the page in <main id="main">, footer', async (_name, layout) => {
    const html = await render(layout, { title: 'Example' });
    expect(html).toContain('<title>Example | Critical Hit</title>');
    expect(html).toMatch(/<a href="#main"[^>]*>\s*Skip to content\s*<\/a>/);
    expect(html).toMatch(/<main id="main"[^>]*>[\s\S]*<p>Page body<\/p>[\s\S]*<\/main>/);
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('<footer');
    // The palette variables the theme tokens point at.
    expect(html).toContain('--primary-600:oklch(60% 0.118 184.704)');
  });

  it('dashboards are kept out of search engines; the default layout is not', async () => {
    expect(await render(DashboardLayout)).toContain('<meta name="robots" content="noindex">');
    expect(await render(DefaultLayout)).not.toContain('noindex');
  });

  it('names the site from SITE_NAME', async () => {
    vi.stubEnv('SITE_NAME', 'Respawn Reviews');
    resetEnvCache();
    const html = await render(DefaultLayout, { title: 'Games' });
    expect(html).toContain('<title>Games | Respawn Reviews</title>');
    expect(html).toContain('<span>Respawn Reviews</span>');
  });

  it('marks the current catalogue page in the header', async () => {
    const html = await render(DefaultLayout);
    expect(html).toMatch(/<a href="\/games" aria-current="page"/);
    expect(html).not.toMatch(/<a href="\/games\?when=upcoming" aria-current="page"/);
  });
});

describe('colour mode on a page', () => {
  it('lets a page force dark mode, server-rendered on <html>', async () => {
    const html = await render(BaseLayout, { colorMode: 'dark' });
    expect(html).toMatch(/<html lang="en" class="dark" data-color-mode-forced="dark">/);
    expect(html).toContain('<meta name="color-scheme" content="dark">');
  });

  it('refuses to force "system" and warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const html = await render(BaseLayout, { colorMode: 'system' });
    expect(html).not.toContain('data-color-mode-forced');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('cannot force the "system" colour mode'));
    warn.mockRestore();
  });
});

describe('the error view', () => {
  it('404: Game Over with the routing message', async () => {
    const html = await container.renderToString(ErrorView, { props: { status: 404, message: 'Page not found: /x' } });
    expect(html).toContain('<title>404 - Page Not Found | Critical Hit</title>');
    expect(html).toContain('Game Over!');
    expect(html).toContain('The page you&#39;re looking for doesn&#39;t exist.');
    expect(html).toContain('Page not found: /x');
    expect(html).toContain('href="/collections"');
    expect(html).toMatch(/<a href="\/"[^>]*>Return to Home<\/a>/);
  });

  it('other codes: Oops with the status message, or the generic text', async () => {
    const withMessage = await container.renderToString(ErrorView, {
      props: { status: 503, message: 'Down for a moment.' },
    });
    expect(withMessage).toContain('<title>503 - Error | Critical Hit</title>');
    expect(withMessage).toContain('Oops! Something went wrong.');
    expect(withMessage).toContain('Down for a moment.');
    const generic = await container.renderToString(ErrorView, { props: { status: 500 } });
    expect(generic).toContain('An unexpected error occurred.');
  });
});
