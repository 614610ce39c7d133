import { describe, expect, it } from 'vitest';
import {
  classifyHttpError,
  classifyNetworkError,
  isConflict,
  isNotFound,
  isRetryable,
  KubeError,
} from '../../../shared/kube/errors.ts';

const status = (code: number, reason: string, message = 'm') => ({
  kind: 'Status',
  apiVersion: 'v1',
  status: 'Failure',
  code,
  reason,
  message,
});

describe('classifyHttpError', () => {
  it('lets the Status reason decide before the HTTP code', () => {
    expect(classifyHttpError(409, status(409, 'AlreadyExists')).reason).toBe('AlreadyExists');
    expect(classifyHttpError(409, status(409, 'Conflict')).reason).toBe('Conflict');
    const serverTimeout = classifyHttpError(500, status(500, 'ServerTimeout'));
    expect([serverTimeout.reason, serverTimeout.retryable]).toEqual(['Timeout', true]);
    expect(classifyHttpError(410, status(410, 'Expired')).reason).toBe('Gone');
  });

  it.each([
    [400, 'BadRequest', false],
    [401, 'Unauthorized', false],
    [403, 'Forbidden', false],
    [404, 'NotFound', false],
    [409, 'Conflict', false],
    [410, 'Gone', false],
    [422, 'Invalid', false],
    [429, 'TooManyRequests', true],
    [500, 'InternalError', true],
    [502, 'InternalError', true],
    [503, 'ServiceUnavailable', true],
    [504, 'Timeout', true],
    [405, 'BadRequest', false],
  ] as const)('falls back to the HTTP code %i → %s', (code, reason, retryable) => {
    const err = classifyHttpError(code, 'upstream said no');
    expect([err.reason, err.statusCode, err.retryable]).toEqual([reason, code, retryable]);
    expect(err.message).toContain('upstream said no');
  });

  it('lists the field causes of an Invalid error in its message', () => {
    const err = classifyHttpError(422, {
      ...status(422, 'Invalid', 'AIMModel.aim.eai.amd.com "m" is invalid'),
      details: {
        causes: [
          { field: 'spec.image', reason: 'FieldValueRequired', message: 'Required value' },
          { field: 'spec.resources.gpu', message: 'must be positive' },
        ],
      },
    });
    expect(err.message).toBe(
      '422 Invalid: AIMModel.aim.eai.amd.com "m" is invalid [spec.image: Required value; spec.resources.gpu: must be positive]',
    );
  });

  it('prefixes method and path when given and truncates long non-JSON bodies', () => {
    const err = classifyHttpError(502, `<html>${'x'.repeat(500)}</html>`, {
      method: 'GET',
      path: '/api/v1/nodes',
    });
    expect(err.message.startsWith('GET /api/v1/nodes: 502 InternalError: <html>')).toBe(true);
    expect(err.message.length).toBeLessThan(300);
  });

  it('records retryAfterSeconds from the body or the header', () => {
    expect(
      classifyHttpError(429, { ...status(429, 'TooManyRequests'), details: { retryAfterSeconds: 2 } }).details
        .retryAfterSeconds,
    ).toBe(2);
    expect(classifyHttpError(503, '', undefined, '5').details.retryAfterSeconds).toBe(5);
  });
});

describe('classifyNetworkError', () => {
  const coded = (code: string) => Object.assign(new Error(`failed ${code}`), { code });

  it.each([
    ['ECONNREFUSED', 'NetworkError', true],
    ['ECONNRESET', 'NetworkError', true],
    ['ENOTFOUND', 'NetworkError', true],
    ['EAI_AGAIN', 'NetworkError', true],
    ['ETIMEDOUT', 'Timeout', true],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'NetworkError', false],
    ['CERT_HAS_EXPIRED', 'NetworkError', false],
  ] as const)('%s → %s (retryable %s)', (code, reason, retryable) => {
    const err = classifyNetworkError(coded(code));
    expect([err.reason, err.retryable, err.details.networkCode]).toEqual([reason, retryable, code]);
  });

  it('treats aborts as timeouts and finds codes on a wrapped cause', () => {
    const abort = new Error('aborted');
    abort.name = 'AbortError';
    expect(classifyNetworkError(abort).reason).toBe('Timeout');
    const wrapped = new TypeError('fetch failed', { cause: coded('ECONNREFUSED') });
    expect(classifyNetworkError(wrapped).details.networkCode).toBe('ECONNREFUSED');
  });

  it('passes an already classified error through', () => {
    const err = new KubeError({ reason: 'Forbidden', retryable: false, message: 'x' });
    expect(classifyNetworkError(err)).toBe(err);
  });
});

describe('predicates', () => {
  it('answer only for KubeErrors of the right kind', () => {
    expect(isNotFound(classifyHttpError(404, ''))).toBe(true);
    expect(isNotFound(new Error('404'))).toBe(false);
    expect(isConflict(classifyHttpError(409, status(409, 'Conflict')))).toBe(true);
    expect(isConflict(classifyHttpError(409, status(409, 'AlreadyExists')))).toBe(false);
    expect(isRetryable(classifyHttpError(503, ''))).toBe(true);
    expect(isRetryable(classifyHttpError(409, status(409, 'Conflict')))).toBe(false);
    expect(isRetryable(new Error('boom'))).toBe(false);
  });
});
