import { describe, expect, it } from 'vitest';
import { createLogger, logLevelFromEnv, withFields } from '../../../shared/observability/logger.ts';
import { maskSecrets, REDACTED } from '../../../shared/observability/redact.ts';

function capture(level: 'info' | 'debug' = 'debug') {
  const lines: string[] = [];
  const logger = createLogger({
    function: 'model-inspect',
    level,
    destination: { write: (line) => lines.push(line) },
  });
  return { logger, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

/** Every secret below is unique so that a leak anywhere in the output is found by substring. */
const SECRETS = [
  's3cr3t-password',
  'hf_token_value',
  'Bearer eyJhbGciOi',
  'c2VjcmV0LWRhdGE=',
  'plain-string-data',
  'eyJhdXRocyI6e319',
  'ghp_envtoken',
  'aws-secret-access',
  'registry-auth-b64',
  'nested-api-key',
  'error-body-token',
];

const secretBearingObject = {
  password: SECRETS[0],
  spec: { deep: { deeper: { token: SECRETS[1] } } },
  headers: { authorization: SECRETS[2] },
  object: {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'hf' },
    data: { HF_TOKEN: SECRETS[3] },
    stringData: { note: SECRETS[4] },
  },
  pullSecret: { type: 'kubernetes.io/dockerconfigjson', dockerconfigjson: SECRETS[5] },
  job: {
    spec: {
      template: {
        spec: {
          containers: [
            {
              name: 'discovery',
              env: [
                { name: 'GITHUB_TOKEN', value: SECRETS[6] },
                { name: 'AWS_SECRET_ACCESS_KEY', value: SECRETS[7] },
                { name: 'AIM_MODEL_ID', value: 'meta-llama/Llama-3.1-8B' },
                { name: 'HF_TOKEN', valueFrom: { secretKeyRef: { name: 'hf', key: 'token' } } },
              ],
            },
          ],
        },
      },
    },
  },
  registry: { auths: { 'ghcr.io': { auth: SECRETS[8] } } },
  config: { 'x-api-key': 'unused', apiKey: SECRETS[9] },
};

describe('createLogger redaction', () => {
  it('never writes a secret, at any depth, in logged objects', () => {
    const { logger, lines } = capture();
    logger.info(secretBearingObject, 'reconciling');
    const output = lines.join('');
    for (const secret of SECRETS.slice(0, 10)) expect(output).not.toContain(secret);
    expect(output).toContain(REDACTED);
  });

  it('keeps what is not secret: env names, non-secret env values, secret references, Secret data keys', () => {
    const { logger, records } = capture();
    logger.info(secretBearingObject, 'reconciling');
    const record = records()[0] ?? {};
    const job = record.job as typeof secretBearingObject.job;
    const env = job.spec.template.spec.containers[0]?.env;
    expect(env).toEqual([
      { name: 'GITHUB_TOKEN', value: REDACTED },
      { name: 'AWS_SECRET_ACCESS_KEY', value: REDACTED },
      { name: 'AIM_MODEL_ID', value: 'meta-llama/Llama-3.1-8B' },
      { name: 'HF_TOKEN', valueFrom: { secretKeyRef: { name: 'hf', key: 'token' } } },
    ]);
    expect((record.object as { data: unknown }).data).toEqual({ HF_TOKEN: REDACTED });
    expect(record.msg).toBe('reconciling');
    expect(record.function).toBe('model-inspect');
  });

  it('masks secrets in child bindings and in errors', () => {
    const { logger, lines } = capture();
    const child = logger.child({ request: { headers: { authorization: SECRETS[2] } } });
    const err = Object.assign(new Error('apply failed'), { response: { body: { token: SECRETS[10] } } });
    child.error({ err }, 'failed');
    child.error(err);
    const output = lines.join('');
    expect(output).not.toContain(SECRETS[2]);
    expect(output).not.toContain(SECRETS[10]);
    expect(output).toContain('apply failed');
  });

  it('does not mask look-alike keys that are not secrets', () => {
    expect(
      maskSecrets({
        maxTokens: 128,
        tokenizer: 'llama',
        secretName: 'hf',
        imagePullSecrets: [{ name: 'regcred' }],
      }),
    ).toEqual({
      maxTokens: 128,
      tokenizer: 'llama',
      secretName: 'hf',
      imagePullSecrets: [{ name: 'regcred' }],
    });
  });

  it('survives cycles', () => {
    const cyclic: Record<string, unknown> = { name: 'a' };
    cyclic.self = cyclic;
    expect(maskSecrets(cyclic)).toEqual({ name: 'a', self: '[Circular]' });
  });
});

describe('withFields', () => {
  it('binds the correlation fields that are set', () => {
    const { logger, records } = capture();
    withFields(logger, { kind: 'AIMClusterModel', namespace: '', name: 'llama', eventId: 'evt-1' }).info(
      'hello',
    );
    const [record] = records();
    expect(record).toMatchObject({
      function: 'model-inspect',
      kind: 'AIMClusterModel',
      name: 'llama',
      eventId: 'evt-1',
    });
    expect(record).not.toHaveProperty('namespace');
  });
});

describe('log level', () => {
  it('comes from LOG_LEVEL, defaulting to info', () => {
    expect(logLevelFromEnv({})).toBe('info');
    expect(logLevelFromEnv({ LOG_LEVEL: 'DEBUG' })).toBe('debug');
    expect(logLevelFromEnv({ LOG_LEVEL: 'chatty' })).toBe('info');
  });

  it('drops lines below the level', () => {
    const { logger, lines } = capture('info');
    logger.debug('hidden');
    logger.info('shown');
    expect(lines).toHaveLength(1);
  });
});
