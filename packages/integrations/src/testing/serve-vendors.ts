/**
 * Starts the local accounting-system stand-ins as a real HTTP server (Playwright's extra webServer,
 * or by hand): `tsx packages/integrations/src/testing/serve-vendors.ts [port]`.
 */
import { startVendorServer } from '../accounting/local-sandboxes/vendor-server';

const port = Number.parseInt(process.argv[2] ?? '8172', 10);
const server = await startVendorServer({ port });
console.log(`Local Xero, QuickBooks Online, Sage and NetSuite at ${server.url} (/xero, /qbo, /sage, /netsuite)`);
