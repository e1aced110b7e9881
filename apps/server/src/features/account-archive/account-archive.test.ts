import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import tar from 'tar-stream';
import type { ImportedAccount, TokenSet } from '@ledgerport/contract';
import { bearer } from '../../../test/test-app';
import { startSettlementTestServer, type SettlementTestServer } from '../../../test/settlement-test-server';
import { apiAnswers, GENERATED_ACCOUNT, prepareGeneratedAccount, ROUNDTRIP_UPLOAD_BYTES_MAX } from '../../../test/generated-account';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, type ArchiveManifest } from './account-archive-format';
import { importAccountArchive } from './import-account-archive';

let server: SettlementTestServer;
let demo: TokenSet;
let other: TokenSet;
let admin: TokenSet;
let archive: Buffer;

beforeAll(async () => {
  server = await startSettlementTestServer({ config: { uploadFileBytesMax: ROUNDTRIP_UPLOAD_BYTES_MAX } });
  [demo, other, admin] = [await server.signIn('demo@ledgerport.local'), await server.signIn('other@ledgerport.local'), await server.signIn('admin@ledgerport.local')];
  await prepareGeneratedAccount(server, demo);
  const res = await server.app.inject({ method: 'GET', url: `/account/export?accountKey=${GENERATED_ACCOUNT}`, headers: bearer(demo) });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  archive = res.rawPayload;
}, 180_000);
afterAll(() => server.close());

/** Every entry of an archive, by name. */
async function entriesOf(bytes: Buffer): Promise<Map<string, Buffer>> {
  const extract = tar.extract();
  Readable.from([zlib.gunzipSync(bytes)]).pipe(extract);
  const entries = new Map<string, Buffer>();
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.set(entry.header.name, Buffer.concat(chunks));
  }
  return entries;
}

/** The answers with each id and the account key replaced by its place of first appearance, so two accounts' answers compare. */
function normalized(answers: unknown, accountKey: string): string {
  const seen = new Map<string, string>();
  return JSON.stringify(answers)
    .split(accountKey)
    .join('ACCOUNT')
    .replace(/(?<![A-Za-z0-9_-])(stl|doc|cogs|rev|lp|imp|rcn)_([A-Za-z0-9_-]{22}|[A-Za-z0-9_-]{16})(?![A-Za-z0-9_-])/g, (id) => {
      if (!seen.has(id)) seen.set(id, `ID${seen.size}`);
      return seen.get(id)!;
    });
}

describe('account archive', () => {
  it('is a tar.gz whose manifest names the format version, with JSON Lines per table of this account only', async () => {
    const entries = await entriesOf(archive);
    const names = [...entries.keys()];
    expect(names[0]).toBe('manifest.json');
    expect(names[names.length - 1]).toBe('end.json');
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as ArchiveManifest;
    expect(manifest).toMatchObject({ format: ARCHIVE_FORMAT, formatVersion: ARCHIVE_FORMAT_VERSION, accountKey: GENERATED_ACCOUNT });
    const tables = manifest.tables.map((t) => t.name);
    for (const t of ['accounts', 'settlements', 'settlement_lines', 'settlement_documents', 'ledger_journals', 'ledger_lines', 'mapping_sets', 'posting_settings', 'audit_log']) expect(tables).toContain(t);
    expect(tables).not.toContain('connections');
    expect(tables).not.toContain('users');
    // Parents first: a settlement's lines come after it.
    expect(tables.indexOf('settlements')).toBeLessThan(tables.indexOf('settlement_lines'));
    const end = JSON.parse(entries.get('end.json')!.toString()) as { rows: Record<string, number> };
    expect(end.rows.settlement_lines).toBeGreaterThanOrEqual(1_800);
    const stored = await server.testDb.db.selectFrom('settlement_lines').select((eb) => eb.fn.countAll<string>().as('n')).where('account_key', '=', GENERATED_ACCOUNT).executeTakeFirstOrThrow();
    expect(end.rows.settlement_lines).toBe(Number(stored.n));
    const otherKeys = (await server.testDb.db.selectFrom('settlements').select('settlement_key').where('account_key', '!=', GENERATED_ACCOUNT).execute()).map((r) => r.settlement_key);
    expect(otherKeys.length).toBeGreaterThan(0);
    for (const [name, bytes] of entries) {
      if (!name.startsWith('tables/')) continue;
      for (const line of bytes.toString().split('\n').filter(Boolean)) expect((JSON.parse(line) as { account_key: string }).account_key, name).toBe(GENERATED_ACCOUNT);
      const text = bytes.toString();
      expect(text).not.toContain('other-seller');
      for (const key of otherKeys) expect(text.includes(key), `${name} names ${key} of another account`).toBe(false);
    }
  });

  it('is the owner level only: a view-only member gets 403, another account\'s owner 404 and only their own account', async () => {
    const teammate = await server.signIn('viewer@ledgerport.local');
    const viewer = await server.app.inject({ method: 'GET', url: `/account/export?accountKey=${GENERATED_ACCOUNT}`, headers: bearer(teammate) });
    expect(viewer.statusCode).toBe(403);
    const foreign = await server.app.inject({ method: 'GET', url: `/account/export?accountKey=${GENERATED_ACCOUNT}`, headers: bearer(other) });
    expect(foreign.statusCode).toBe(404);
    const own = await server.app.inject({ method: 'GET', url: '/account/export?accountKey=other-seller', headers: bearer(other) });
    expect(own.statusCode).toBe(200);
    const entries = await entriesOf(own.rawPayload);
    for (const [name, bytes] of entries) if (name.startsWith('tables/')) expect(bytes.toString().includes(GENERATED_ACCOUNT), name).toBe(false);
  });

  it('imports as a new account with new keys and ids whose detail, postings and ledger export are the same', async () => {
    const before = await apiAnswers(server.app, demo, GENERATED_ACCOUNT);
    expect(before.details.length).toBeGreaterThan(1);
    expect(before.postingDetails.length).toBeGreaterThan(0);
    expect(before.ledger.hledger).toContain('Assets:Clearing:Amazon');
    const imported = await importAccountArchive(server.testDb.db, Readable.from([archive]), { importerUserId: 'user-demo', uploadDir: server.uploadDir, now: server.clock() });
    expect(imported.accountKey).not.toBe(GENERATED_ACCOUNT);
    expect(imported.rows.settlement_lines).toBeGreaterThanOrEqual(1_800);
    const after = await apiAnswers(server.app, demo, imported.accountKey);
    expect(normalized(after, imported.accountKey)).toBe(normalized(before, GENERATED_ACCOUNT));
    const oldKeys = new Set((await server.testDb.db.selectFrom('settlements').select('settlement_key').where('account_key', '=', GENERATED_ACCOUNT).execute()).map((r) => r.settlement_key));
    const newKeys = (await server.testDb.db.selectFrom('settlements').select('settlement_key').where('account_key', '=', imported.accountKey).execute()).map((r) => r.settlement_key);
    expect(newKeys.length).toBe(oldKeys.size);
    for (const key of newKeys) expect(oldKeys.has(key)).toBe(false);
    // The person who cannot open the original cannot open the copy either.
    expect((await server.app.inject({ method: 'GET', url: `/postings?accountKey=${imported.accountKey}`, headers: bearer(other) })).statusCode).toBe(404);
  }, 120_000);

  it('from the backend (staff), into the owner named; a broken archive is refused by name and changes nothing', async () => {
    const boundary = '----archive';
    const multipart = (bytes: Buffer) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.tar.gz"\r\nContent-Type: application/gzip\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const accountsBefore = await server.testDb.db.selectFrom('accounts').select('account_key').execute();
    const cut = await server.app.inject({ method: 'POST', url: '/backend/account-import?ownerEmail=other@ledgerport.local', payload: multipart(archive.subarray(0, archive.length - 200)), headers: { ...headers, ...bearer(admin) } });
    expect(cut.statusCode).toBe(400);
    expect(cut.json<{ message: string }>().message).toMatch(/archive|cut off|not a Ledgerport/);
    expect(await server.testDb.db.selectFrom('accounts').select('account_key').execute()).toHaveLength(accountsBefore.length);
    const refused = await server.app.inject({ method: 'POST', url: '/backend/account-import?ownerEmail=other@ledgerport.local', payload: multipart(archive), headers: { ...headers, ...bearer(other) } });
    // Admin routes answer a non-admin as if they did not exist.
    expect(refused.statusCode).toBe(404);
    const res = await server.app.inject({ method: 'POST', url: '/backend/account-import?ownerEmail=other@ledgerport.local', payload: multipart(archive), headers: { ...headers, ...bearer(admin) } });
    expect(res.statusCode, res.body).toBe(200);
    const imported = res.json<ImportedAccount>();
    const postings = await server.app.inject({ method: 'GET', url: `/postings?accountKey=${imported.accountKey}&size=100`, headers: bearer(other) });
    expect(postings.statusCode).toBe(200);
    expect(postings.json<{ postings: unknown[] }>().postings.length).toBeGreaterThan(0);
  }, 120_000);

  it('refuses an archive whose rows name another account, naming the line', async () => {
    const entries = await entriesOf(archive);
    const pack = tar.pack();
    for (const [name, bytes] of entries) {
      const content = name.startsWith('tables/settlements/') ? Buffer.from(bytes.toString().replace(`"account_key":"${GENERATED_ACCOUNT}"`, '"account_key":"other-seller"')) : bytes;
      pack.entry({ name, size: content.length }, content);
    }
    pack.finalize();
    const chunks: Buffer[] = [];
    for await (const chunk of pack) chunks.push(chunk as Buffer);
    const forged = zlib.gzipSync(Buffer.concat(chunks));
    const file = path.join(os.tmpdir(), `forged-${process.pid}.tar.gz`);
    const accountsBefore = await server.testDb.db.selectFrom('accounts').select('account_key').execute();
    fs.writeFileSync(file, forged);
    await expect(importAccountArchive(server.testDb.db, fs.createReadStream(file), { importerUserId: 'user-demo', uploadDir: server.uploadDir, now: server.clock() })).rejects.toThrow(
      /tables\/settlements\/000000\.jsonl line 1: the row belongs to another account \(other-seller\)/,
    );
    fs.rmSync(file);
    expect(await server.testDb.db.selectFrom('accounts').select('account_key').execute()).toHaveLength(accountsBefore.length);
  });
});
