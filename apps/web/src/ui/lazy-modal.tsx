/**
 * Mantine's Modal, loaded the first time it opens (decision 0026): the list page's dialogs and the
 * Session Expired modal are closed on almost every visit, and a modal brings focus trapping and
 * scroll locking with it. Once opened it stays mounted, so later closes and opens animate as usual.
 */
import type { ModalProps } from '@mantine/core';
import { Suspense, useState } from 'react';
import { lazyComponent } from './lazy-component';

const LoadedModal = lazyComponent(() => import('./modal-dialog').then((m) => m.Modal));

/** Loads the modal's code now (component tests). */
export const preloadLazyModal = () => LoadedModal.preload();

export function LazyModal(props: ModalProps) {
  const [hasOpened, setHasOpened] = useState(props.opened);
  if (props.opened && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <LoadedModal.Component {...props} />
    </Suspense>
  );
}
