import { chromium } from '@playwright/test';
const [,, path, out, width = '1280', height = '800', email = 'demo@ledgerport.local'] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
await page.goto('http://127.0.0.1:9080/app/admin');
await page.getByRole('textbox', { name: 'Email' }).fill(email);
await page.getByRole('textbox', { name: 'Password' }).fill('ledgerport-demo');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForURL((u) => !u.pathname.includes('/login'));
if (process.env.ACCOUNT) {
  await page.getByRole('button', { name: /^Current account:/ }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${process.env.ACCOUNT}`) }).click();
  await page.getByRole('button', { name: `Current account: ${process.env.ACCOUNT}` }).waitFor();
}
await page.goto('http://127.0.0.1:9080' + path);
await page.waitForTimeout(3000);
if (process.env.OPEN_FIRST) { await page.getByRole('link', { name: /^Open / }).nth(Number(process.env.OPEN_FIRST) - 1).click(); await page.waitForTimeout(3000); console.log(page.url()); }
await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
if (process.env.DUMP) console.log((await page.locator('body').innerText()).slice(0, Number(process.env.DUMP)));
await browser.close();
