import type { NavItem } from '../navigation/navigation.ts';

/** The admin navigation: rendered only on admin pages, which only administrators reach. */
export const ADMIN_LINKS: readonly NavItem[] = [
  { href: '/admin/games', label: 'Games' },
  { href: '/admin/igdb', label: 'IGDB sync' },
  { href: '/admin/missing-reviews', label: 'Missing reviews' },
  { href: '/games/request/similar', label: 'Game requests' },
  { href: '/admin/moderation', label: 'Moderation' },
  { href: '/admin/database-admin', label: 'Database' },
];
