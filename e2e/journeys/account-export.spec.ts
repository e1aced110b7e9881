/**
 * Issue 31: an account's owner downloads the account's whole data from Account Settings as one
 * archive (a .tar.gz whose first entry is the manifest naming the format version); a view-only member
 * of another account is not offered it.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn } from './sign-in';

test('the owner downloads the account data as one archive', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'other@ledgerport.local', '/app/account-settings');
  const card = page.getByRole('region', { name: 'Export account data' }).or(page.getByLabel('Export account data'));
  await expect(card.getByRole('heading', { name: "Download this account's data" })).toBeVisible();
  await saveScreenshot(page, '31-account-export-card');
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download account data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ledgerport-other-seller-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
  const tar = zlib.gunzipSync(fs.readFileSync(await download.path()));
  // A tar entry starts with its 512-byte header, whose first field is the name.
  expect(tar.subarray(0, 13).toString('utf8')).toBe('manifest.json');
  const manifest = JSON.parse(tar.subarray(512, tar.indexOf(0, 512)).toString('utf8')) as { format: string; formatVersion: number; accountKey: string };
  expect(manifest).toMatchObject({ format: 'ledgerport-account-archive', formatVersion: 1, accountKey: 'other-seller' });
});

test('a view-only member is not offered the archive', async ({ page }) => {
  await signIn(page, 'viewer@ledgerport.local', '/app/account-settings');
  // The page has loaded: its limits and connections card is there.
  await expect(page.getByLabel(/^(Plan|Limits) and connections$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download account data' })).toHaveCount(0);
});
