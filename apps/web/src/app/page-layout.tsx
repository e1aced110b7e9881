/**
 * The six layouts of spec section 2, chosen from the path table in core (default full width):
 * admin, full width, full width with left sidebar, full width with right sidebar, tabbed, none.
 * The three that few pages use live in side-layouts.tsx and load on demand (decision 0026).
 */
import { Button, Container, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Suspense, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { chooseLayout } from '@ledgerport/core/rules';
import { lazyComponent } from '../ui/lazy-component';
import type { RouteMeta } from './route-meta';
import { PageHeader } from './page-header';
import { PageLoading } from './page-loading';

const SideLayout = lazyComponent(() => import('./side-layouts').then((m) => m.SideLayout));

/** Starts loading the side layouts when `pathname` uses one (the router calls it for the opening page). */
export function preloadLayoutOf(pathname: string): void {
  const layout = chooseLayout(pathname);
  if (layout === 'tabbed' || layout === 'full-width-left-sidebar' || layout === 'full-width-right-sidebar') SideLayout.preload().catch(() => undefined);
}

/** Loads the side layouts now (tests). */
export const preloadSideLayouts = () => SideLayout.preload();

export function PageLayout({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const layout = chooseLayout(location.pathname);
  const content = children;
  switch (layout) {
    case 'none':
      return <>{content}</>;
    case 'admin':
      if (meta.connectStyle) {
        return (
          <Container size="md" py="md" data-layout="admin">
            <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate('/admin')} mb="md">
              Back
            </Button>
            {content}
          </Container>
        );
      }
      return (
        <Container size="lg" py="md" data-layout="admin">
          {content}
        </Container>
      );
    case 'tabbed':
    case 'full-width-left-sidebar':
    case 'full-width-right-sidebar':
      return (
        <Suspense fallback={<PageLoading />}>
          <SideLayout.Component layout={layout} meta={meta}>
            {content}
          </SideLayout.Component>
        </Suspense>
      );
    default:
      return (
        <Container fluid py="md" data-layout="full-width">
          <Stack gap={0}>
            <PageHeader title={meta.title} />
            {content}
          </Stack>
        </Container>
      );
  }
}
