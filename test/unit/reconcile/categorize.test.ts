import { describe, expect, it } from 'vitest';
import { classifyHttpError, classifyNetworkError, KubeError } from '../../../shared/kube/errors.ts';
import { categorizeError, ERROR_CATEGORIES, StateError } from '../../../shared/reconcile/categorize.ts';

const status = (code: number, reason: string) =>
  classifyHttpError(code, { kind: 'Status', reason, message: `server said ${reason}` });
const net = (code: string) => Object.assign(new Error(`connect ${code}`), { code, syscall: 'connect' });

describe('categorizeError (spec §5.2)', () => {
  it.each([
    [status(404, 'NotFound'), 'MissingDownstreamDependency', 'NotFound'],
    [status(401, 'Unauthorized'), 'Auth', 'Unauthorized'],
    [status(403, 'Forbidden'), 'Auth', 'Forbidden'],
    [
      classifyHttpError(403, {
        kind: 'Status',
        reason: 'Forbidden',
        message:
          'admission webhook "inferenceservice.kserve-webhook-server.validator" denied the request: PYTHONPATH is not allowed',
      }),
      'InvalidSpec',
      'AdmissionDenied',
    ],
    [
      classifyHttpError(500, {
        kind: 'Status',
        reason: 'InternalError',
        message: 'Internal error occurred: failed calling webhook "x": connect: connection refused',
      }),
      'Infrastructure',
      'ServiceUnavailable',
    ],
    [status(422, 'Invalid'), 'InvalidSpec', 'InvalidSpec'],
    [status(409, 'AlreadyExists'), 'InvalidSpec', 'AlreadyExists'],
    [status(409, 'Conflict'), 'Infrastructure', 'Conflict'],
    [status(504, 'Timeout'), 'Infrastructure', 'Timeout'],
    [status(500, 'ServerTimeout'), 'Infrastructure', 'Timeout'],
    [status(503, 'ServiceUnavailable'), 'Infrastructure', 'ServiceUnavailable'],
    [status(500, 'InternalError'), 'Infrastructure', 'ServiceUnavailable'],
    [status(429, 'TooManyRequests'), 'Infrastructure', 'RateLimited'],
    [classifyHttpError(502, 'bad gateway'), 'Infrastructure', 'ServiceUnavailable'],
    [classifyHttpError(418, 'teapot'), 'InvalidSpec', 'ClientError'],
    [
      new KubeError({ reason: 'Unknown', statusCode: 507, retryable: false, message: 'x' }),
      'Infrastructure',
      'ServerError',
    ],
    [classifyNetworkError(net('ECONNREFUSED')), 'Infrastructure', 'ConnectionRefused'],
    [classifyNetworkError(net('ECONNRESET')), 'Infrastructure', 'ConnectionReset'],
    [classifyNetworkError(net('ENOTFOUND')), 'Infrastructure', 'DNSFailure'],
    [classifyNetworkError(net('ETIMEDOUT')), 'Infrastructure', 'NetworkTimeout'],
    [classifyNetworkError(net('EHOSTUNREACH')), 'Infrastructure', 'NetworkError'],
    [net('ECONNREFUSED'), 'Infrastructure', 'ConnectionRefused'],
    [net('EAI_AGAIN'), 'Infrastructure', 'DNSFailure'],
    [new TypeError('fetch failed', { cause: net('ECONNRESET') }), 'Infrastructure', 'ConnectionReset'],
    [net('EPIPE'), 'Infrastructure', 'NetworkError'],
    [new Error('something odd'), 'Unknown', 'UnknownError'],
    ['a string', 'Unknown', 'UnknownError'],
  ])('%s → %s / %s', (err, category, reason) => {
    const categorized = categorizeError(err);
    expect(categorized.category).toBe(category);
    expect(categorized.reason).toBe(reason);
  });

  it('keeps an already-categorized error as it is', () => {
    const err = new StateError(
      ERROR_CATEGORIES.missingUpstreamDependency,
      'ConfigNotFound',
      'RuntimeConfig x not found',
    );
    expect(categorizeError(err)).toBe(err);
  });

  it('uses fixed text for NotFound and the error text otherwise', () => {
    expect(categorizeError(status(404, 'NotFound')).message).toBe('Resource not found');
    expect(categorizeError(new Error('something odd')).message).toBe('something odd');
    expect(categorizeError(status(403, 'Forbidden')).message).toContain('server said Forbidden');
  });
});
