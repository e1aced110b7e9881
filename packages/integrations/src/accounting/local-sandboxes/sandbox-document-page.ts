/**
 * The page a posted document of a local sandbox opens on (core's localSandboxDocumentUrl): what the
 * sandbox holds, headed so nobody takes it for a real company file. `/_sandbox/documents` lists them.
 */
import type { CreatedDocument } from './fake-types';

const SYSTEM_NAMES: Record<CreatedDocument['system'], string> = { XERO: 'Xero', QBO: 'QuickBooks Online', SAGE: 'Sage Accounting', NETSUITE: 'NetSuite' };

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body style="font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem">
<p role="note" style="background:#fff4e5;border:1px solid #f0b45a;padding:.5rem 1rem">A sandbox on this machine, started with Ledgerport's demo data: not a real company file. It forgets everything when Ledgerport stops.</p>
${body}</body></html>`;
}

export function sandboxDocumentPage(documents: CreatedDocument[], id: string | null): { status: number; html: string } {
  if (id === null) {
    const rows = documents.map((d) => `<tr><td>${escape(SYSTEM_NAMES[d.system])}</td><td>${escape(d.type)}</td><td><a href="documents/${encodeURIComponent(d.id)}">${escape(d.number || d.id)}</a></td><td>${escape(d.status)}</td></tr>`).join('');
    return { status: 200, html: page('Sandbox documents', `<h1>Documents in the sandboxes on this machine</h1><table><thead><tr><th>System</th><th>Type</th><th>Number</th><th>Status</th></tr></thead><tbody>${rows}</tbody></table>`) };
  }
  const d = documents.find((x) => x.id === id);
  if (!d) return { status: 404, html: page('Not found', `<h1>No document ${escape(id)}</h1><p>This sandbox holds only what was sent to it since Ledgerport started.</p>`) };
  const name = `${SYSTEM_NAMES[d.system]} (sandbox on this machine)`;
  return {
    status: 200,
    html: page(`${d.type} ${d.number} – ${name}`, `<h1>${escape(name)}</h1><dl><dt>Type</dt><dd>${escape(d.type)}</dd><dt>Number</dt><dd>${escape(d.number)}</dd><dt>ID</dt><dd>${escape(d.id)}</dd><dt>Status</dt><dd>${escape(d.status)}</dd></dl><h2>As the system stored it</h2><pre aria-label="Document body">${escape(JSON.stringify(d.body, null, 2))}</pre>`),
  };
}
