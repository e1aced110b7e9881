/** The list's Export button: the export form in a dialog, starting from the list's date filter. */
import { Button, Center, Loader } from '@mantine/core';
import { Suspense, useState, type ReactNode } from 'react';
import type { DateRange } from '../../ui/date-range-picker';
import { lazyComponent } from '../../ui/lazy-component';
import { LazyModal } from '../../ui/lazy-modal';

// Loaded when the dialog first opens: the list does without it (decision 0026).
const ExportForm = lazyComponent(() => import('./export-settlements-form').then((m) => m.ExportSettlementsForm));

export function ExportSettlementsButton({ accountKey, range, icon }: { accountKey: string; range: DateRange; icon?: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={icon} onClick={() => setOpened(true)}>
        Export
      </Button>
      <LazyModal opened={opened} onClose={() => setOpened(false)} title="Export settlements">
        {opened && (
          <Suspense
            fallback={
              <Center mih={120}>
                <Loader aria-label="Loading the export form" />
              </Center>
            }
          >
            <ExportForm.Component accountKey={accountKey} initialRange={range} onDone={() => setOpened(false)} />
          </Suspense>
        )}
      </LazyModal>
    </>
  );
}
