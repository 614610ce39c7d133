import { request } from 'node:https';

/**
 * GET over TLS with an explicit CA: the status and the body's first 8,000 characters (enough for
 * `/readyz?verbose` to name the checks that fail). Used by readiness probes only.
 */
export async function httpsText(
  url: string,
  ca: string,
  token?: string,
): Promise<{ status: number; body: string }> {
  return await new Promise((resolve, reject) => {
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    const req = request(url, { method: 'GET', ca, headers, timeout: 5_000 }, (res) => {
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

/** The status code of an `httpsText` GET. */
export async function httpsStatus(url: string, ca: string, token?: string): Promise<number> {
  return (await httpsText(url, ca, token)).status;
}
