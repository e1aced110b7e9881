import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, merchantFrame, signIn } from '../../test-support/fake-api';
import { renderApp } from '../../test-support/render-app';
import { buildSettlement, buildSettlementPage } from '../settlements/build-settlement';

describe('/afterpay pages by the spec second pager (section 9: 5, 10, 15, 100)', () => {
  it('offers exactly the page sizes 5, 10, 15 and 100, starts at 5 and asks the server for the size chosen', async () => {
    signIn();
    const fake = installFakeApi({
      ...merchantFrame(),
      'POST /spanner-settlements-with-pagination': { body: buildSettlementPage([buildSettlement({ settlementKey: 'ap1', settlementId: 'AP-1', salesSource: 'AFTERPAY' })], 23) },
      'GET /settlement/detail': { body: { byType: [] } },
    });
    renderApp('/app/afterpay');
    const pages = await screen.findByRole('group', { name: 'Pages' });
    const size = within(pages).getByRole('combobox', { name: 'Rows per page' });
    expect(within(size).getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '10', '15', '100']);
    expect((size as HTMLSelectElement).value).toBe('5');
    const searches = () => fake.calls.filter((c) => c.path === '/spanner-settlements-with-pagination');
    expect(searches()[0]?.query.get('size')).toBe('5');
    await userEvent.selectOptions(size, '15');
    await waitFor(() => expect(searches().at(-1)?.query.get('size')).toBe('15'));
  });
});
