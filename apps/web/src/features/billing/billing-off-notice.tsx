/**
 * What a billing page says where billing is off (no Stripe key on the server; decision 0057): every
 * account is unlimited. The checkout, its completion and firm billing show it straight from the
 * user meta, without asking the server anything: there is nothing there to ask.
 */
import { Alert } from '@mantine/core';

export function BillingOffNotice() {
  return (
    <Alert color="blue" title="Billing is off on this installation">
      Every account is unlimited: there is nothing to pay for here.
    </Alert>
  );
}
