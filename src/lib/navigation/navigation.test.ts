import { describe, expect, it } from 'vitest';
import { activeHref, dashboardLinks, HEADER_LINKS, manageOutletLinks } from './navigation.ts';

const at = (path: string) => activeHref(HEADER_LINKS, new URL(path, 'https://critical-hit.example'));

describe('activeHref', () => {
  it('marks "Upcoming" on the upcoming list, not "Games"', () => {
    expect(at('/games?when=upcoming')).toBe('/games?when=upcoming');
    expect(at('/games?when=upcoming&page=2&genre=rpg')).toBe('/games?when=upcoming');
  });

  it('marks "Games" on the games list, whatever else the query holds', () => {
    expect(at('/games')).toBe('/games');
    expect(at('/games?page=2')).toBe('/games');
    expect(at('/games?when=released')).toBe('/games');
  });

  it('marks "Games" on a game page below /games', () => {
    expect(at('/games/some-slug')).toBe('/games');
  });

  it('marks nothing on pages outside the menu', () => {
    expect(at('/about')).toBeUndefined();
    expect(at('/')).toBeUndefined();
    expect(at('/gamesroom')).toBeUndefined();
  });

  it('does not treat the home link as a section containing every page', () => {
    const items = [
      { href: '/', label: 'Home' },
      { href: '/about', label: 'About' },
    ];
    const url = (path: string) => new URL(path, 'https://critical-hit.example');
    expect(activeHref(items, url('/'))).toBe('/');
    expect(activeHref(items, url('/about'))).toBe('/about');
    expect(activeHref(items, url('/games'))).toBeUndefined();
  });
});

describe('activeHref in a section whose first item is the section itself', () => {
  const at = (path: string) =>
    activeHref(dashboardLinks({ author: true, owner: false }), new URL(path, 'https://critical-hit.example'));

  it("marks the page's own item, not the overview above it", () => {
    expect(at('/dashboard')).toBe('/dashboard');
    expect(at('/dashboard/earn-xp')).toBe('/dashboard/earn-xp');
    expect(at('/dashboard/lists/12')).toBe('/dashboard/lists');
    expect(at('/dashboard/author/reviews')).toBe('/dashboard/author');
  });

  it('falls back to the overview below it when no item is closer', () => {
    expect(at('/dashboard/games/playing')).toBe('/dashboard');
  });
});

describe('manageOutletLinks', () => {
  it("links to the managed outlet's overview first, then the pages of the current outlet", () => {
    expect(manageOutletLinks('pixel-press').map((item) => item.href)).toEqual([
      '/manage-outlet/pixel-press',
      '/manage-outlet/reviews',
      '/manage-outlet/previews',
      '/manage-outlet/authors',
      '/manage-outlet/settings',
    ]);
    expect(manageOutletLinks().map((item) => item.href)).not.toContain('/manage-outlet/pixel-press');
  });
});

describe('dashboardLinks', () => {
  const labels = (roles: { author: boolean; owner: boolean }) => dashboardLinks(roles).map((item) => item.label);

  it('offers the author dashboard only to authors and outlet management only to owners', () => {
    expect(labels({ author: false, owner: false })).not.toContain('Author dashboard');
    expect(labels({ author: false, owner: false })).not.toContain('Manage outlet');
    expect(labels({ author: true, owner: false })).toContain('Author dashboard');
    expect(labels({ author: true, owner: false })).not.toContain('Manage outlet');
    expect(labels({ author: false, owner: true })).toEqual(expect.arrayContaining(['Manage outlet']));
    expect(labels({ author: false, owner: true })).not.toContain('Author dashboard');
    expect(labels({ author: true, owner: true }).slice(-2)).toEqual(['Author dashboard', 'Manage outlet']);
  });

  it('keeps every other link for everyone', () => {
    expect(labels({ author: false, owner: false })).toEqual(
      expect.arrayContaining(['Overview', 'My games', 'My lists', 'Settings']),
    );
  });
});
