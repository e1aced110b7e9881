/**
 * Steps on settlements shared by journeys (find-and-history, demo-send, first-hour): the search of the
 * settlements list, a settlement's History card, and the remote document of a settlement posted to a
 * demo sandbox.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** Types `text` into the search box of the settlements list (an amount, an order id, a gateway…). */
export async function searchSettlements(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Search' }).fill(text);
}

/** The History card of the open settlement, once it lists an entry of each of `kinds` ('imported', 'sent', 'posted'…). */
export async function settlementHistory(page: Page, kinds: string[]): Promise<Locator> {
  const history = page.getByRole('region', { name: 'History of this settlement' });
  for (const kind of kinds) await expect(history.locator(`[data-kind="${kind}"]`).first()).toBeVisible();
  return history;
}

/** On a posted settlement: its remote document names `system` as a sandbox on this machine; returns the link to the document there. */
export async function postedToSandbox(page: Page, system: string): Promise<string> {
  const remote = page.getByLabel(/^Remote document of /).first();
  await expect(remote).toContainText(`Posted to ${system} (sandbox on this machine)`);
  const link = remote.getByRole('link', { name: `Open in ${system} (sandbox on this machine)` });
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/_sandbox\/documents\//);
  return href;
}
