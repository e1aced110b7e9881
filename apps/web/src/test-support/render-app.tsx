/** Renders the real route tree in memory at a given address, for component tests. */
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeAll } from 'vitest';
import { preloadNewcomerPages } from '../app/newcomer-frame';
import { Providers, createQueryClient } from '../app/providers';
import { preloadAllPages } from '../app/route-table';
import { buildRoutes } from '../app/router';
import { preloadCheckoutSummary } from '../app/side-layouts';

// Pages load on demand (decision 0026); a file that renders the route tree loads them all first, as
// the one bundle did, so a test's timeouts measure its page and not the transform of its code.
beforeAll(() => Promise.all([preloadAllPages(), preloadNewcomerPages(), preloadCheckoutSummary()]), 120_000);

export function renderApp(address: string) {
  const router = createMemoryRouter(buildRoutes(), { basename: '/app', initialEntries: [address] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const view = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router };
}
