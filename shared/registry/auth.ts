/**
 * The registry auth flow (distribution token.md, knative-kserve.md §6.2): a request goes out
 * anonymously (or with what an earlier exchange taught us); a 401 carries a challenge — `Basic`
 * means resend with the credentials, `Bearer` means fetch a token from the realm (with the
 * credentials as Basic auth, or anonymously) and resend with it. Tokens are cached per registry,
 * scope and credentials until they expire.
 */

import type { RegistryCredentials } from './credentials.ts';
import { parseJson } from './documents.ts';
import { RegistryError } from './errors.ts';
import type { HostLimiter } from './host-limiter.ts';
import { checkUrlAllowed, type RegistryRequestCounts, readBody, send } from './http.ts';
import { failForStatus } from './responses.ts';
import { DEFAULT_TOKEN_LIFETIME_SECONDS, TokenCache } from './token-cache.ts';
import { type AuthChallenge, parseWwwAuthenticate } from './www-authenticate.ts';

export function basicAuthorization(credentials: RegistryCredentials): string {
  return `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`, 'utf8').toString('base64')}`;
}

export function pullScope(repository: string): string {
  return `repository:${repository}:pull`;
}

export interface AuthContext {
  /** Registry host (with port). */
  host: string;
  repository: string;
  /** Token scope; default: pull access to `repository` (`registry:catalog:*` lists repositories). */
  scope?: string;
  credentials: RegistryCredentials | undefined;
  counts: RegistryRequestCounts;
  timeoutMs: number;
  maxTokenBytes: number;
  signal?: AbortSignal;
  /** Per-host concurrency; default the process's. */
  limiter?: HostLimiter;
}

function scopeOf(ctx: AuthContext): string {
  return ctx.scope ?? pullScope(ctx.repository);
}

const MAX_TOKEN_LIFETIME_SECONDS = 24 * 3600;

function lifetimeOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? Math.min(value, MAX_TOKEN_LIFETIME_SECONDS)
    : DEFAULT_TOKEN_LIFETIME_SECONDS;
}

export class RegistryAuthenticator {
  readonly #tokens: TokenCache;
  /** Hosts that answered with a Basic challenge: later requests send credentials up front. */
  readonly #basicHosts = new Set<string>();

  constructor(tokens: TokenCache = new TokenCache()) {
    this.#tokens = tokens;
  }

  /** What to send on the first attempt: a cached token, or Basic for a known Basic registry. */
  initialAuthorization(ctx: AuthContext): string | undefined {
    const token = this.#tokens.get(TokenCache.key(ctx.host, scopeOf(ctx), ctx.credentials));
    if (token !== undefined) return `Bearer ${token}`;
    if (ctx.credentials !== undefined && this.#basicHosts.has(ctx.host))
      return basicAuthorization(ctx.credentials);
    return undefined;
  }

  /** After a 401 with `challengeHeader`: the Authorization to retry with. Throws `auth` when none can work. */
  async respond(
    ctx: AuthContext,
    challengeHeader: string | null,
    rejected: string | undefined,
  ): Promise<string> {
    const cacheKey = TokenCache.key(ctx.host, scopeOf(ctx), ctx.credentials);
    if (rejected?.startsWith('Bearer ')) this.#tokens.delete(cacheKey);
    const challenges = parseWwwAuthenticate(challengeHeader);
    const bearer = challenges.find((challenge) => challenge.scheme === 'bearer');
    if (bearer !== undefined) {
      const { token, lifetime } = await this.#fetchToken(ctx, bearer);
      this.#tokens.set(cacheKey, token, lifetime);
      return `Bearer ${token}`;
    }
    if (challenges.some((challenge) => challenge.scheme === 'basic')) {
      if (ctx.credentials === undefined) {
        throw new RegistryError(
          'auth',
          `registry ${ctx.host} requires authentication and no pull secret provides credentials for it`,
        );
      }
      this.#basicHosts.add(ctx.host);
      return basicAuthorization(ctx.credentials);
    }
    const schemes = challenges.map((challenge) => challenge.scheme).join(', ');
    throw new RegistryError(
      'auth',
      `registry ${ctx.host} asks for authentication ${schemes ? `with unsupported scheme(s) ${schemes}` : 'without a challenge'}`,
    );
  }

  async #fetchToken(
    ctx: AuthContext,
    challenge: AuthChallenge,
  ): Promise<{ token: string; lifetime: number }> {
    const realm = challenge.params.realm;
    if (!realm) throw new RegistryError('auth', `registry ${ctx.host}: Bearer challenge without a realm`);
    let url: URL;
    try {
      url = new URL(realm);
    } catch {
      throw new RegistryError('invalid-response', `registry ${ctx.host}: Bearer realm is not a URL`);
    }
    checkUrlAllowed(url, `token service of ${ctx.host}`);
    if (challenge.params.service) url.searchParams.set('service', challenge.params.service);
    url.searchParams.append('scope', challenge.params.scope || scopeOf(ctx));
    const what = `token service of registry ${ctx.host}`;
    const { response } = await send(url, {
      category: 'token',
      timeoutMs: ctx.timeoutMs,
      counts: ctx.counts,
      ...(ctx.limiter ? { limiter: ctx.limiter } : {}),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
      ...(ctx.credentials ? { authorization: basicAuthorization(ctx.credentials) } : {}),
    });
    if (response.status === 401 || response.status === 403) {
      response.discard();
      throw new RegistryError(
        'auth',
        ctx.credentials
          ? `${what} rejected the pull secret's credentials (HTTP ${response.status})`
          : `${what} refused anonymous access (HTTP ${response.status})`,
        { statusCode: response.status },
      );
    }
    if (response.status !== 200) await failForStatus(response, what, ctx.host);
    const body = parseJson(await readBody(response, ctx.maxTokenBytes, `${what} answer`, ctx.host));
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const token =
      typeof record.token === 'string' && record.token !== '' ? record.token : record.access_token;
    if (typeof token !== 'string' || token === '' || /[\r\n]/.test(token)) {
      throw new RegistryError('invalid-response', `${what} answered without a token`);
    }
    return { token, lifetime: lifetimeOf(record.expires_in) };
  }
}
