/** Shared set-up of the Clarity server tests: the demo users, a second organization and a multipart body. */
import type { TokenSet } from '@ledgerport/contract';
import { bearer, startTestServer, type TestServer } from './test-app';

export interface ClarityTestServer {
  server: TestServer;
  /** demo@: admin of org-acme (which has the CLARITY feature). */
  admin: TokenSet;
  /** clarity@: CLARITY_VIEW_ONLY member of org-acme. */
  viewOnly: TokenSet;
  /** partner@: the PARTNER1 firm, admin of org-birch. */
  partner: TokenSet;
  /** other@: in no organization. */
  other: TokenSet;
  /** root admin, member of org-acme. */
  root: TokenSet;
}

export async function startClarityTestServer(): Promise<ClarityTestServer> {
  const server = await startTestServer();
  const [admin, viewOnly, partner, other, root] = await server.signInAll(
    'demo@ledgerport.local',
    'clarity@ledgerport.local',
    'partner@ledgerport.local',
    'other@ledgerport.local',
    'admin@ledgerport.local',
  );
  return { server, admin, viewOnly, partner, other, root };
}

export function call(
  server: TestServer,
  tokens: TokenSet,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return server.app.inject({
    method,
    url,
    headers: bearer(tokens),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export function multipartFile(name: string, content: Buffer) {
  const boundary = '----claritytest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
