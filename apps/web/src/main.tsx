import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/accessibility.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { installPreloadErrorHandler } from './lib/preload-error';
import { installErrorReporter } from './lib/install-error-reporter';
import { showToast } from './lib/toast';

// A stale tab after a deploy reloads once; a chunk that still fails says so (spec section 8).
installPreloadErrorHandler((message) => showToast('error', `${message}. Check your connection and reload the page.`, 'The page could not load'));

// Uncaught errors and unhandled rejections go to the server as js_error events, once per message (spec section 7).
installErrorReporter();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
