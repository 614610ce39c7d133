/**
 * A GET to a registry with what the conversation has learnt so far: sent with the current
 * Authorization (if any); a 401 carries a challenge, answered once through the authenticator
 * (token or Basic), and the request is sent again. Shared by image inspection and listing.
 */
import type { AuthContext, RegistryAuthenticator } from './auth.ts';
import { RegistryError } from './errors.ts';
import { type RequestCategory, type SendResult, send, unreachable } from './http.ts';

/** The Authorization a conversation with one registry currently uses; updated after a challenge. */
export interface AuthorizationState {
  authorization: string | undefined;
}

export async function authorizedGet(
  auth: RegistryAuthenticator,
  ctx: AuthContext,
  state: AuthorizationState,
  url: URL,
  category: RequestCategory,
  headers: Record<string, string> = {},
): Promise<SendResult> {
  const attempt = () =>
    send(url, {
      category,
      headers,
      timeoutMs: ctx.timeoutMs,
      counts: ctx.counts,
      ...(ctx.limiter ? { limiter: ctx.limiter } : {}),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
      ...(state.authorization !== undefined ? { authorization: state.authorization } : {}),
    });
  try {
    const first = await attempt();
    if (first.response.status !== 401) return first;
    const challenge = first.response.headers.get('www-authenticate');
    first.response.discard();
    state.authorization = await auth.respond(ctx, challenge, state.authorization);
    return await attempt();
  } catch (err) {
    if (err instanceof RegistryError) throw err;
    throw unreachable(ctx.host, err);
  }
}
