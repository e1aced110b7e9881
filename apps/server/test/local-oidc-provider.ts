/**
 * A real OpenID Connect provider run locally for the identity-provider tests and the
 * identity-provider journey (decision 0064): the npm package `oidc-provider` (a certified OP), with
 * its development sign-in and consent pages. A person signs in there with their subject as the login
 * (any password); the pages' "[ Cancel ]" link denies the request (error=access_denied). PKCE is
 * required, so a client that forgets it is refused. `people` may be changed while it runs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface LocalPerson {
  /** The stable id the provider gives (the ID token's sub); also the login typed on its sign-in page. */
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface LocalClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface LocalOidcProvider {
  issuer: string;
  people: LocalPerson[];
  close(): Promise<void>;
}

export async function startLocalOidcProvider(options: { port?: number; clients: LocalClient[]; people: LocalPerson[] }): Promise<LocalOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const people = options.people;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: options.clients.map((c) => ({ client_id: c.clientId, client_secret: c.clientSecret, redirect_uris: [c.redirectUri], grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_basic' })),
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'local-1' }] },
    cookies: { keys: ['local-oidc-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    ttl: { Interaction: 3600, Session: 86_400, Grant: 86_400, AccessToken: 3600, IdToken: 3600, AuthorizationCode: 60 },
    findAccount: (_ctx, id) => {
      const person = people.find((p) => p.sub === id);
      if (!person) return undefined;
      return { accountId: person.sub, claims: () => ({ sub: person.sub, email: person.email, email_verified: person.emailVerified, name: person.name }) };
    },
  });
  // Quiet: its development pages warn once at start, which the tests need not print.
  provider.on('server_error', (_ctx, error) => console.error('local OIDC provider:', error));
  const handle = provider.callback();
  server.on('request', (req, res) => void handle(req, res));
  return {
    issuer,
    people,
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };
}

/**
 * What a browser does at the provider, with fetch and a cookie jar: opens the authorization URL, signs
 * in as `login`, then grants (or, `deny`, cancels at the consent page). Answers the redirect back to
 * the client, whose query carries the code or the error. A second call with the same `jar` reuses
 * the provider's session, as a browser does.
 */
export async function visitProvider(authorizationUrl: string, login: string, options: { deny?: boolean; jar?: Map<string, string> } = {}): Promise<URL> {
  const jar = options.jar ?? new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  const go = async (url: string, init: RequestInit = {}): Promise<{ res: Response; url: string }> => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    return { res, url };
  };
  let step = await go(authorizationUrl);
  for (let hops = 0; hops < 20; hops++) {
    const location = step.res.headers.get('location');
    if (location) {
      const next = new URL(location, step.url);
      if (next.origin !== origin) return next;
      step = await go(next.href);
      continue;
    }
    const html = await step.res.text();
    if (step.res.status !== 200) throw new Error(`The provider answered ${step.res.status}: ${html.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`No sign-in or consent form on the provider's page: ${html.slice(0, 500)}`);
    if (prompt === 'consent' && options.deny) {
      const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
      if (!abort) throw new Error('No cancel link on the consent page.');
      step = await go(new URL(abort, step.url).href);
      continue;
    }
    const form = prompt === 'login' ? new URLSearchParams({ prompt, login, password: 'any' }) : new URLSearchParams({ prompt });
    step = await go(new URL(action.replace(/&amp;/g, '&'), step.url).href, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }
  throw new Error('The provider did not send the browser back within 20 steps.');
}
