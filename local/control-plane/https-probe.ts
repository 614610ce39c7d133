import { request } from 'node:https';

/** GET over TLS with an explicit CA; resolves the status code (used for readiness probes only). */
export async function httpsStatus(url: string, ca: string, token?: string): Promise<number> {
  return await new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'GET', ca, headers: token ? { authorization: `Bearer ${token}` } : {}, timeout: 5_000 },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

/** A GET's status and body (a few KiB at most), e.g. `/readyz?verbose` naming the checks that fail. */
export async function httpsText(url: string, ca: string): Promise<{ status: number; body: string }> {
  return await new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', ca, timeout: 5_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (body.length < 8_000) body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}
