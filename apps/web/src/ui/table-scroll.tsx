/**
 * Every wide table's container (issue 26): a table that does not fit its card at 1280 px scrolls
 * sideways inside the card, header and all, with a visible scrollbar, instead of being cut off
 * ("Sou", "5 r"). Native scrolling, so the scrollbar shows whenever there is more to see.
 */
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export function TableScroll({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      {children}
    </Table.ScrollContainer>
  );
}
