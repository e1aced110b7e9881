import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClarityDocument } from '@ledgerport/contract';
import { bearer } from '../../../test/test-app';
import { call, multipartFile, startClarityTestServer, type ClarityTestServer } from '../../../test/clarity-test-setup';

let t: ClarityTestServer;
beforeAll(async () => {
  t = await startClarityTestServer();
});
afterAll(() => t.server.close());

const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

const upload = (tokens: typeof t.admin, query: string, name: string, content: Buffer) =>
  t.server.app.inject({
    method: 'POST',
    url: `/clarity/documents?${query}`,
    ...(() => {
      const m = multipartFile(name, content);
      return { payload: m.payload, headers: { ...m.headers, ...bearer(tokens) } };
    })(),
  });

describe('organization documents', () => {
  it('uploads, lists, downloads and deletes a document, auditing with the uploader name', async () => {
    const res = await upload(t.admin, 'organizationId=org-acme&scope=organization', 'Q1 review.pdf', pdf);
    expect(res.statusCode).toBe(200);
    const doc = res.json<ClarityDocument>();
    expect(doc).toMatchObject({
      fileName: 'Q1 review.pdf',
      contentType: 'application/pdf',
      sizeBytes: pdf.length,
      uploadedBy: 'Dana Demo',
    });
    const listed = (
      await call(t.server, t.viewOnly, 'GET', '/clarity/documents?organizationId=org-acme&scope=organization')
    ).json<{ documents: ClarityDocument[] }>();
    expect(listed.documents.map((d) => d.documentId)).toEqual([doc.documentId]);
    const download = await call(
      t.server,
      t.viewOnly,
      'GET',
      `/clarity/documents/${doc.documentId}?organizationId=org-acme&scope=organization`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(
      (
        await call(
          t.server,
          t.viewOnly,
          'DELETE',
          `/clarity/documents/${doc.documentId}?organizationId=org-acme&scope=organization`,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(
          t.server,
          t.admin,
          'DELETE',
          `/clarity/documents/${doc.documentId}?organizationId=org-acme&scope=organization`,
        )
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await call(
          t.server,
          t.admin,
          'GET',
          `/clarity/documents/${doc.documentId}?organizationId=org-acme&scope=organization`,
        )
      ).statusCode,
    ).toBe(404);
    const audit = await t.server.testDb.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'after_state'])
      .where('entity_id', '=', doc.documentId)
      .orderBy('created_at')
      .orderBy('audit_id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['clarity.document-uploaded', 'clarity.document-deleted']);
    expect(audit[0]).toMatchObject({
      actor_user_id: 'user-demo',
      after_state: { by: 'Dana Demo', fileName: 'Q1 review.pdf' },
    });
  });

  it("keeps another organization's user out with not-found, for every call", async () => {
    const doc = (
      await upload(t.admin, 'organizationId=org-acme&scope=organization', 'notes.txt', Buffer.from('hello'))
    ).json<ClarityDocument>();
    const q = 'organizationId=org-acme&scope=organization';
    expect((await call(t.server, t.other, 'GET', `/clarity/documents?${q}`)).statusCode).toBe(404);
    expect(
      (await call(t.server, t.other, 'GET', `/clarity/documents/${doc.documentId}?${q}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(t.server, t.other, 'DELETE', `/clarity/documents/${doc.documentId}?${q}`)).statusCode,
    ).toBe(404);
    expect((await upload(t.partner, q, 'x.txt', Buffer.from('x'))).statusCode).toBe(404);
    // Asked through the partner's own organization, the document of org-acme is not there either.
    expect(
      (
        await call(
          t.server,
          t.partner,
          'GET',
          `/clarity/documents/${doc.documentId}?organizationId=org-birch&scope=organization`,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('refuses a type it does not keep, content that does not match its extension, and a view-only uploader', async () => {
    const q = 'organizationId=org-acme&scope=organization';
    const exe = await upload(t.admin, q, 'tool.exe', Buffer.from('MZ'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json<{ message: string }>().message).toMatch(
      /not a document type Clarity keeps. Upload one of: PDF/,
    );
    const fake = await upload(t.admin, q, 'fake.pdf', Buffer.from('not a pdf'));
    expect(fake.json<{ message: string }>().message).toMatch(/does not look like a PDF file/);
    expect((await upload(t.viewOnly, q, 'a.txt', Buffer.from('a'))).statusCode).toBe(403);
  });

  it('refuses a document over the size limit', async () => {
    const res = await upload(
      t.admin,
      'organizationId=org-acme&scope=organization',
      'big.txt',
      Buffer.alloc(5 * 1024 * 1024 + 1, 0x41),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json<{ message: string }>().message).toMatch(/larger than 5 MB/);
  });
});

describe('firm documents', () => {
  it("lets the firm upload its own documents and its client's members read them", async () => {
    const doc = (
      await upload(t.partner, 'organizationId=org-birch&scope=firm', 'Engagement letter.pdf', pdf)
    ).json<ClarityDocument>();
    expect(doc.uploadedBy).toBe('Pat Partner');
    const listed = (
      await call(t.server, t.partner, 'GET', '/clarity/documents?organizationId=org-birch&scope=firm')
    ).json<{ documents: ClarityDocument[] }>();
    expect(listed.documents.map((d) => d.fileName)).toEqual(['Engagement letter.pdf']);
    expect(
      (await call(t.server, t.admin, 'GET', '/clarity/documents?organizationId=org-birch&scope=firm'))
        .statusCode,
    ).toBe(404);
  });

  it('says an organization without a firm has no firm page, and refuses its members changing firm documents', async () => {
    const res = await call(t.server, t.admin, 'GET', '/clarity/documents?organizationId=org-acme&scope=firm');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ code: string; message: string }>()).toMatchObject({
      code: 'clarity.no-firm',
      message: 'Acme Outdoor Co has no accounting firm, so there is no firm page.',
    });
  });
});
