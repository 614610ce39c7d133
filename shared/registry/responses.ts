/**
 * Registry answers other than 200 as RegistryErrors (distribution-spec "Error Codes"). Only the
 * HTTP status and the registry's own error code (`MANIFEST_UNKNOWN`, `DENIED`, ...) reach the
 * message; the rest of the body is not quoted, so nothing it echoes can leak.
 */
import { RegistryError } from './errors.ts';
import { readBody, retryAfterSeconds } from './http.ts';
import type { RegistryAnswer } from './transport.ts';

const ERROR_BODY_LIMIT = 64 * 1024;
const ERROR_CODE = /^[A-Z][A-Z_]{1,63}$/;

async function registryErrorCode(response: RegistryAnswer, host: string): Promise<string | undefined> {
  try {
    const body = await readBody(response, ERROR_BODY_LIMIT, 'error response', host);
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    const code = (parsed as { errors?: { code?: unknown }[] })?.errors?.[0]?.code;
    return typeof code === 'string' && ERROR_CODE.test(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** ` (HTTP 404 MANIFEST_UNKNOWN)` */
function statusText(status: number, code: string | undefined): string {
  return ` (HTTP ${status}${code ? ` ${code}` : ''})`;
}

/**
 * Throws the RegistryError for a non-200 answer about `what` (e.g. `manifest of
 * ghcr.io/org/img:1`). 401 here means authentication was attempted and still refused.
 */
export async function failForStatus(response: RegistryAnswer, what: string, host: string): Promise<never> {
  const status = response.status;
  const retryAfter = retryAfterSeconds(response);
  const code = status >= 400 && status < 500 ? await registryErrorCode(response, host) : undefined;
  if (code === undefined) response.discard();
  const suffix = statusText(status, code);
  const options = {
    statusCode: status,
    ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
  };
  if (status === 404) throw new RegistryError('not-found', `${what} not found${suffix}`, options);
  if (status === 401 || status === 403) {
    throw new RegistryError(
      'auth',
      `${what}: pull access denied — the repository does not exist or the credentials may not pull it${suffix}`,
      options,
    );
  }
  if (status === 429)
    throw new RegistryError('rate-limited', `${what}: registry rate limit reached${suffix}`, options);
  if (status >= 500) throw new RegistryError('server', `${what}: registry error${suffix}`, options);
  throw new RegistryError('invalid-response', `${what}: unexpected answer${suffix}`, options);
}
