/** The list's Export button: the export form in a dialog, starting from the list's date filter. */
import { Button, Modal } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { DateRange } from '../../ui/date-range-picker';
import { ExportSettlementsForm } from './export-settlements-form';

export function ExportSettlementsButton({ accountKey, range, icon }: { accountKey: string; range: DateRange; icon?: ReactNode }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={icon} onClick={() => setOpened(true)}>
        Export
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Export settlements">
        {opened && <ExportSettlementsForm accountKey={accountKey} initialRange={range} onDone={() => setOpened(false)} />}
      </Modal>
    </>
  );
}
