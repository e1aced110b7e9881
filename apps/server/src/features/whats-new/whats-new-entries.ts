import type { WhatsNewEntry } from '@ledgerport/contract';

/** Release notes shown in the navigation bar's what's-new menu. Add new entries at the top. */
export const whatsNewEntries: WhatsNewEntry[] = [
  {
    title: 'Sign in, switch between accounts and see your organizations',
    date: '2026-11-22',
    permalink: '/app/whats-new#2026-11-22-foundation',
  },
];
