/**
 * Runs the local OpenID Connect provider (local-oidc-provider.ts) as a process, for the
 * identity-provider journey: `node --import tsx apps/server/test/serve-local-oidc-provider.ts`
 * with LOCAL_OIDC_PORT, LOCAL_OIDC_CLIENTS (JSON: clientId, clientSecret, redirectUri) and
 * LOCAL_OIDC_PEOPLE (JSON: sub, email, emailVerified, name). Stops on SIGTERM.
 */
import { startLocalOidcProvider, type LocalClient, type LocalPerson } from './local-oidc-provider';

const port = Number(process.env.LOCAL_OIDC_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('LOCAL_OIDC_PORT must be the port to listen on.');
const clients = JSON.parse(process.env.LOCAL_OIDC_CLIENTS ?? '[]') as LocalClient[];
const people = JSON.parse(process.env.LOCAL_OIDC_PEOPLE ?? '[]') as LocalPerson[];
const provider = await startLocalOidcProvider({ port, clients, people });
console.log(`Local OpenID Connect provider at ${provider.issuer}`);
process.on('SIGTERM', () => void provider.close().then(() => process.exit(0)));
