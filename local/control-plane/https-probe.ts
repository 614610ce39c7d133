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
