/** Streams one settlement file to POST /settlement-import as multipart/form-data, the way a browser does, without reading it into memory. */
import fs from 'node:fs';
import http from 'node:http';

export interface UploadAnswer {
  status: number;
  body: string;
}

export interface UploadFile {
  port: number;
  agent: http.Agent;
  auth: Record<string, string>;
  accountKey: string;
  filePath: string;
  fileName: string;
  fileBytes: number;
}

export function uploadFile(u: UploadFile): Promise<UploadAnswer> {
  const boundary = '----ledgerportbench';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${u.fileName}"\r\nContent-Type: text/plain\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: u.port,
        method: 'POST',
        path: `/settlement-import?accountKey=${u.accountKey}`,
        agent: u.agent,
        headers: { ...u.auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + u.fileBytes + tail.length },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = fs.createReadStream(u.filePath);
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}
