import { MantineProvider } from '@mantine/core';
import { SCROLLBAR_NEED_PX } from '@ledgerport/core/rules';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DataTable, type DataColumn } from './data-table';

interface Row {
  id: string;
  name: string;
}
const columns: Array<DataColumn<Row>> = [{ id: 'name', header: 'Name', cell: (r) => r.name }];

/** A ResizeObserver that reports each element as it starts observing it, as browsers do. */
class ReportingResizeObserver {
  constructor(private readonly report: ResizeObserverCallback) {}
  observe(target: Element) {
    this.report([{ target } as ResizeObserverEntry], this);
  }
  unobserve() {}
  disconnect() {}
}

/** happy-dom lays nothing out: the container is 700 px wide and its content `contentWidth`. */
function renderWithWidths(contentWidth: number) {
  vi.stubGlobal('ResizeObserver', ReportingResizeObserver);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(700);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(contentWidth);
  render(
    <MantineProvider env="test">
      <DataTable label="Settlements" columns={columns} rows={[{ id: '1', name: 'Amazon US' }]} getRowId={(r) => r.id} emptyText="None" />
    </MantineProvider>,
  );
  // The table sits in Mantine's inner box, inside the scroll container.
  const container = screen.getByRole('table', { name: 'Settlements' }).parentElement!.parentElement!;
  expect(container.getAttribute('style')).toContain('--table-min-width');
  return container;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a wide table's scrollbar (spec section 9: needed when the content is wider than its container by more than 60 px)", () => {
  it('shows the scrollbar when the table is wider than its card by more than 60 px', () => {
    const scroll = renderWithWidths(700 + SCROLLBAR_NEED_PX + 1);
    expect(scroll.getAttribute('style')).not.toContain('scrollbar-width');
  });

  it('hides it when the table is wider by 60 px or less', () => {
    const scroll = renderWithWidths(700 + SCROLLBAR_NEED_PX);
    expect(scroll.getAttribute('style')).toContain('scrollbar-width: none');
  });
});
