import { describe, expect, it } from 'vitest';
import { sandboxDocumentPage } from './sandbox-document-page';

const doc = { system: 'QBO' as const, type: 'JournalEntry', id: '17', number: 'LP-1<x>', status: 'Posted', body: { Line: [{ Amount: 1.5 }] } };

describe('sandboxDocumentPage', () => {
  it('shows a document as the sandbox stored it, headed as a sandbox on this machine', () => {
    const { status, html } = sandboxDocumentPage([doc], '17');
    expect(status).toBe(200);
    expect(html).toContain('QuickBooks Online (sandbox on this machine)');
    expect(html).toContain('not a real company file');
    expect(html).toContain('LP-1&#60;x&#62;');
    expect(html).toContain('&#34;Amount&#34;: 1.5');
  });

  it('answers 404 for a document the sandbox does not hold, and lists what it holds', () => {
    expect(sandboxDocumentPage([doc], '18').status).toBe(404);
    expect(sandboxDocumentPage([doc], null).html).toContain('href="documents/17"');
  });
});
