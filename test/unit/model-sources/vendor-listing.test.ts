import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dockerHubRepositories } from '../../../shared/model-sources/docker-hub.ts';
import { ghcrRepositories } from '../../../shared/model-sources/ghcr.ts';
import { RegistrySourceLister } from '../../../shared/model-sources/source-lister.ts';
import type { RegistryError } from '../../../shared/registry/errors.ts';
import { emptyRequestCounts } from '../../../shared/registry/http.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const HUB = 'https://hub.docker.com';
const GITHUB = 'https://api.github.com';
const TOKEN = 'ghp_n0t-a-real-t0ken';

describe('Docker Hub repository listing', () => {
  it('pages through a namespace by the next URL', async () => {
    server.use(
      http.get(`${HUB}/v2/namespaces/amdenterpriseai/repositories`, ({ request }) => {
        const url = new URL(request.url);
        expect(url.searchParams.get('page_size')).toBe('100');
        expect(request.headers.get('authorization')).toBeNull();
        return url.searchParams.get('page') === '2'
          ? HttpResponse.json({ next: null, results: [{ name: 'aim-base' }] })
          : HttpResponse.json({
              count: 3,
              next: `${HUB}/v2/namespaces/amdenterpriseai/repositories?page=2&page_size=100`,
              results: [{ name: 'aim-llama' }, { name: 'aim-qwen' }],
            });
      }),
    );
    const counts = emptyRequestCounts();
    expect(await dockerHubRepositories('amdenterpriseai', undefined, { counts })).toEqual([
      'amdenterpriseai/aim-llama',
      'amdenterpriseai/aim-qwen',
      'amdenterpriseai/aim-base',
    ]);
    expect(counts.list).toBe(2);
  });

  it('logs in with the pull secret for private namespaces and sends the Hub token', async () => {
    server.use(
      http.post(`${HUB}/v2/users/login`, async ({ request }) => {
        expect(await request.json()).toEqual({ username: 'robot', password: TOKEN });
        return HttpResponse.json({ token: 'hub-jwt' });
      }),
      http.get(`${HUB}/v2/namespaces/team/repositories`, ({ request }) =>
        request.headers.get('authorization') === 'Bearer hub-jwt'
          ? HttpResponse.json({ next: null, results: [{ name: 'private-model' }] })
          : new HttpResponse(null, { status: 401 }),
      ),
    );
    const creds = { username: 'robot', password: TOKEN };
    expect(await dockerHubRepositories('team', creds, { counts: emptyRequestCounts() })).toEqual([
      'team/private-model',
    ]);
  });

  it('reports rejected credentials and unknown namespaces without quoting secrets', async () => {
    server.use(
      http.post(`${HUB}/v2/users/login`, () => HttpResponse.json({ detail: TOKEN }, { status: 401 })),
      http.get(`${HUB}/v2/namespaces/nobody/repositories`, () => HttpResponse.json({}, { status: 404 })),
    );
    const rejected = (await dockerHubRepositories(
      'team',
      { username: 'r', password: TOKEN },
      {
        counts: emptyRequestCounts(),
      },
    ).catch((e: unknown) => e)) as RegistryError;
    expect(rejected.kind).toBe('auth');
    expect(rejected.message).not.toContain(TOKEN);
    const missing = (await dockerHubRepositories('nobody', undefined, { counts: emptyRequestCounts() }).catch(
      (e: unknown) => e,
    )) as RegistryError;
    expect(missing.kind).toBe('not-found');
  });

  it('refuses to follow a next URL off Docker Hub', async () => {
    server.use(
      http.get(`${HUB}/v2/namespaces/x/repositories`, () =>
        HttpResponse.json({ next: 'https://evil.example/page2', results: [{ name: 'a' }] }),
      ),
    );
    await expect(dockerHubRepositories('x', undefined, { counts: emptyRequestCounts() })).rejects.toThrow(
      'pagination link leaves hub.docker.com',
    );
  });
});

describe('GHCR repository listing (GitHub packages API)', () => {
  it('lists an organisation’s container packages with the pull secret’s token, following Link', async () => {
    server.use(
      http.get(`${GITHUB}/orgs/silogen/packages`, ({ request }) => {
        const url = new URL(request.url);
        expect(url.searchParams.get('package_type')).toBe('container');
        expect(request.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
        return url.searchParams.get('page') === '2'
          ? HttpResponse.json([{ name: 'aim-qwen' }])
          : HttpResponse.json([{ name: 'aim-llama' }], {
              headers: {
                link: `<${GITHUB}/orgs/silogen/packages?package_type=container&per_page=100&page=2>; rel="next", <${GITHUB}/orgs/silogen/packages?page=2>; rel="last"`,
              },
            });
      }),
    );
    expect(
      await ghcrRepositories('silogen', { username: 'u', password: TOKEN }, { counts: emptyRequestCounts() }),
    ).toEqual(['silogen/aim-llama', 'silogen/aim-qwen']);
  });

  it('falls back to a user’s packages when the owner is not an organisation', async () => {
    server.use(
      http.get(`${GITHUB}/orgs/alice/packages`, () =>
        HttpResponse.json({ message: 'Not Found' }, { status: 404 }),
      ),
      http.get(`${GITHUB}/users/alice/packages`, () => HttpResponse.json([{ name: 'my-model' }])),
    );
    expect(
      await ghcrRepositories(
        'alice',
        { username: 'alice', password: TOKEN },
        { counts: emptyRequestCounts() },
      ),
    ).toEqual(['alice/my-model']);
  });

  it('needs a token: without a pull secret the filter fails as an auth error, without any request', async () => {
    const err = (await ghcrRepositories('silogen', undefined, { counts: emptyRequestCounts() }).catch(
      (e: unknown) => e,
    )) as RegistryError;
    expect(err.kind).toBe('auth');
    expect(err.message).toContain('needs a GitHub token');
  });

  it('reports a rejected token as an auth failure without quoting it', async () => {
    server.use(
      http.get(`${GITHUB}/orgs/silogen/packages`, () =>
        HttpResponse.json({ message: 'Bad credentials' }, { status: 401 }),
      ),
    );
    const err = (await ghcrRepositories(
      'silogen',
      { username: 'u', password: TOKEN },
      { counts: emptyRequestCounts() },
    ).catch((e: unknown) => e)) as RegistryError;
    expect(err.kind).toBe('auth');
    expect(err.message).not.toContain(TOKEN);
  });
});

describe('the source lister picks the API by registry', () => {
  it('asks Docker Hub for docker.io namespaces and ghcr.io owners through GitHub, tags through the registry', async () => {
    server.use(
      http.get(`${HUB}/v2/namespaces/amd/repositories`, () =>
        HttpResponse.json({ next: null, results: [{ name: 'a' }] }),
      ),
      http.get(`${GITHUB}/orgs/amd/packages`, () => HttpResponse.json([{ name: 'g' }])),
      http.get('https://ghcr.io/v2/amd/g/tags/list', () => HttpResponse.json({ tags: ['1.0.0'] })),
      http.get('https://registry-1.docker.io/v2/library/ubuntu/tags/list', () =>
        HttpResponse.json({ tags: ['24.04'] }),
      ),
    );
    const lister = new RegistrySourceLister();
    expect(await lister.repositories('docker.io', 'amd', () => undefined)).toEqual(['amd/a']);
    expect(await lister.repositories('ghcr.io', 'amd', () => ({ username: 'u', password: TOKEN }))).toEqual([
      'amd/g',
    ]);
    expect(await lister.tags('ghcr.io', 'amd/g', undefined)).toEqual(['1.0.0']);
    expect(await lister.tags('docker.io', 'ubuntu', undefined)).toEqual(['24.04']);
    await expect(lister.repositories('docker.io', undefined, () => undefined)).rejects.toThrow(
      'start the pattern with a literal namespace',
    );
  });
});
