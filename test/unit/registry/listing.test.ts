import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RegistryError } from '../../../shared/registry/errors.ts';
import { RegistryLister, registryEndpoint } from '../../../shared/registry/listing.ts';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ORIGIN = 'https://reg.example';
const PASSWORD = 'l1st-p4ss';
const endpoint = registryEndpoint('reg.example');

describe('registry listing (distribution API)', () => {
  it('follows Link pagination of the catalog with a token for the catalog scope', async () => {
    const scopes: string[] = [];
    server.use(
      http.get('https://auth.example/token', ({ request }) => {
        const url = new URL(request.url);
        scopes.push(url.searchParams.getAll('scope').join(' '));
        expect(request.headers.get('authorization')).toBe(
          `Basic ${Buffer.from(`robot:${PASSWORD}`).toString('base64')}`,
        );
        return HttpResponse.json({ token: 'catalog-token' });
      }),
      http.get(`${ORIGIN}/v2/_catalog`, ({ request }) => {
        if (request.headers.get('authorization') !== 'Bearer catalog-token') {
          return new HttpResponse(null, {
            status: 401,
            headers: {
              'www-authenticate':
                'Bearer realm="https://auth.example/token",service="reg",scope="registry:catalog:*"',
            },
          });
        }
        const last = new URL(request.url).searchParams.get('last');
        return last === null
          ? HttpResponse.json(
              { repositories: ['a/one', 'a/two'] },
              { headers: { link: '</v2/_catalog?last=a%2Ftwo&n=1000>; rel="next"' } },
            )
          : HttpResponse.json({ repositories: ['b/three'] });
      }),
    );
    const lister = new RegistryLister();
    expect(await lister.repositories(endpoint, { username: 'robot', password: PASSWORD })).toEqual([
      'a/one',
      'a/two',
      'b/three',
    ]);
    expect(scopes).toEqual(['registry:catalog:*']);
    expect(lister.counts).toMatchObject({ list: 3, token: 1 });
  });

  it('lists tags page by page and treats null tags as none', async () => {
    server.use(
      http.get(`${ORIGIN}/v2/org/model/tags/list`, ({ request }) => {
        const last = new URL(request.url).searchParams.get('last');
        if (last === null) {
          return HttpResponse.json(
            { name: 'org/model', tags: ['1.0.0'] },
            { headers: { link: `<${ORIGIN}/v2/org/model/tags/list?last=1.0.0&n=1000>; rel="next"` } },
          );
        }
        return HttpResponse.json({ name: 'org/model', tags: ['2.0.0'] });
      }),
      http.get(`${ORIGIN}/v2/org/empty/tags/list`, () =>
        HttpResponse.json({ name: 'org/empty', tags: null }),
      ),
    );
    const lister = new RegistryLister();
    expect(await lister.tags(endpoint, 'org/model')).toEqual(['1.0.0', '2.0.0']);
    expect(await lister.tags(endpoint, 'org/empty')).toEqual([]);
  });

  it('answers with Basic credentials to a Basic challenge, and refuses without them', async () => {
    const basic = `Basic ${Buffer.from(`robot:${PASSWORD}`).toString('base64')}`;
    server.use(
      http.get(`${ORIGIN}/v2/_catalog`, ({ request }) =>
        request.headers.get('authorization') === basic
          ? HttpResponse.json({ repositories: ['p/x'] })
          : new HttpResponse(null, { status: 401, headers: { 'www-authenticate': 'Basic realm="reg"' } }),
      ),
    );
    expect(
      await new RegistryLister().repositories(endpoint, { username: 'robot', password: PASSWORD }),
    ).toEqual(['p/x']);
    const err = await new RegistryLister().repositories(endpoint).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RegistryError);
    expect((err as RegistryError).kind).toBe('auth');
    expect((err as RegistryError).message).not.toContain(PASSWORD);
  });

  it('refuses a pagination link to another origin and caps the number of pages', async () => {
    server.use(
      http.get(`${ORIGIN}/v2/_catalog`, () =>
        HttpResponse.json(
          { repositories: ['a'] },
          { headers: { link: '<https://evil.example/v2/_catalog?last=a>; rel="next"' } },
        ),
      ),
      http.get(`${ORIGIN}/v2/loop/tags/list`, () =>
        HttpResponse.json({ tags: ['1'] }, { headers: { link: '</v2/loop/tags/list?last=1>; rel="next"' } }),
      ),
    );
    await expect(new RegistryLister().repositories(endpoint)).rejects.toThrow(
      'pagination link leaves the registry',
    );
    await expect(new RegistryLister({ maxPages: 3 }).tags(endpoint, 'loop')).rejects.toThrow(
      'more than 3 pages',
    );
  });

  it('reports a missing repository as not-found', async () => {
    server.use(
      http.get(`${ORIGIN}/v2/org/none/tags/list`, () =>
        HttpResponse.json({ errors: [{ code: 'NAME_UNKNOWN' }] }, { status: 404 }),
      ),
    );
    const err = (await new RegistryLister()
      .tags(endpoint, 'org/none')
      .catch((e: unknown) => e)) as RegistryError;
    expect(err.kind).toBe('not-found');
    expect(err.message).toBe('tags of reg.example/org/none not found (HTTP 404 NAME_UNKNOWN)');
  });
});
