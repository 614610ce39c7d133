import { describe, expect, it } from 'vitest';
import {
  evaluateFieldPath,
  expandPathTemplate,
  normalizeRoutePath,
  resolveRoutePath,
} from '../../../shared/inference/path-template.ts';

const svc = {
  apiVersion: 'aim.eai.amd.com/v1alpha1',
  kind: 'AIMService',
  metadata: {
    name: 'Chat_Bot',
    namespace: 'team-a',
    uid: '0f9e-UID',
    labels: { 'app.kubernetes.io/name': 'Llama 3', tier: 'gold' },
    annotations: { 'routing.example.com/prefix': 'Api/V1' },
  },
  spec: { model: { name: 'llama' }, replicas: 2, env: [{ name: 'A', value: 'x' }] },
};

describe('route path templates (spec §10.10)', () => {
  it('/team-a/{.metadata.name} ⇒ /team-a/<svc>', () => {
    const chat = { ...svc, metadata: { ...svc.metadata, name: 'chat' } };
    expect(resolveRoutePath('/team-a/{.metadata.name}', chat)).toEqual({ ok: true, path: '/team-a/chat' });
  });

  it('defaults to /<namespace>/<uid>', () => {
    expect(resolveRoutePath(undefined, svc)).toEqual({ ok: true, path: '/team-a/0f9e-uid' });
    expect(resolveRoutePath('  ', svc)).toEqual({ ok: true, path: '/team-a/0f9e-uid' });
  });

  it('reads labels and annotations by bracketed key; sanitizes values except annotations', () => {
    expect(expandPathTemplate("/{.metadata.labels['app.kubernetes.io/name']}/{.metadata.name}", svc)).toBe(
      '/llama-3/chat-bot',
    );
    expect(expandPathTemplate('/{.metadata.annotations["routing.example.com/prefix"]}/x', svc)).toBe(
      '/Api/V1/x',
    );
    expect(resolveRoutePath('/{.metadata.annotations["routing.example.com/prefix"]}/x', svc)).toEqual({
      ok: true,
      path: '/api/v1/x',
    });
  });

  it('reads nested fields, list indices and scalars of other types', () => {
    expect(evaluateFieldPath('.spec.model.name', svc)).toBe('llama');
    expect(evaluateFieldPath('.spec.env[0].name', svc)).toBe('A');
    expect(evaluateFieldPath('.spec.replicas', svc)).toBe('2');
  });

  it('fails on a missing label instead of falling back (quirk 9 fixed)', () => {
    const result = resolveRoutePath("/x/{.metadata.labels['missing']}", svc);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error.message).toBe(
        `"{.metadata.labels['missing']}": .metadata.labels.missing not found on the AIMService`,
      );
  });

  it('fails on values that are not one scalar, unsupported syntax and broken braces', () => {
    const errors = [
      '/{.metadata.labels}',
      '/{.spec.env[*].name}',
      '/{metadata.name}',
      '/{.spec.env[9].name}',
      '/{.metadata.name',
      '/.metadata.name}',
      '/{}',
    ].map((template) => resolveRoutePath(template, svc));
    for (const result of errors) expect(result.ok).toBe(false);
  });

  it('normalizes: leading slash, no trailing slash, segments sanitized, empty ones dropped', () => {
    expect(normalizeRoutePath('  Team A//Models/ ')).toBe('/team-a/models');
    expect(normalizeRoutePath('x/--y--/')).toBe('/x/y');
    expect(normalizeRoutePath(`/${'a'.repeat(80)}`)).toBe(`/${'a'.repeat(63)}`);
  });

  it('rejects an empty path and one longer than 200 characters', () => {
    expect(() => normalizeRoutePath('/--/')).toThrow(/no segments/);
    expect(() => normalizeRoutePath(`/${Array.from({ length: 5 }, () => 'a'.repeat(60)).join('/')}`)).toThrow(
      /more than the 200 allowed/,
    );
  });
});
