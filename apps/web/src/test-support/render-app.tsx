/** Renders the real route tree in memory at a given address, for component tests. */
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Providers, createQueryClient } from '../app/providers';
import { buildRoutes } from '../app/router';

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
