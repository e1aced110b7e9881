/**
 * Mantine's toast container, in a module of its own so the providers can load it on demand. Where toasts
 * show and how many at once is set here, with the container (decision 0055): top right under the 56 px
 * header (never over the settings gear or the account switcher), at most core's TOAST_VISIBLE_MAX. How
 * long each stays is lib/toast.ts's, from core's rule.
 */
import { Notifications } from '@mantine/notifications';
import { TOAST_VISIBLE_MAX } from '@ledgerport/core/rules';
import './notifications-host.css';

export function ToastContainer() {
  return <Notifications position="top-right" limit={TOAST_VISIBLE_MAX} classNames={{ root: 'lp-toast-root' }} />;
}
