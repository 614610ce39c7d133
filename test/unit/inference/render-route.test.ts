import { describe, expect, it } from 'vitest';
import { renderHttpRoute, routePathOf } from '../../../shared/inference/render-route.ts';

describe('renderHttpRoute (spec §10.10)', () => {
  it('renders the golden HTTPRoute', () => {
    const route = renderHttpRoute({
      name: 'chat-1a2b3c4d-route',
      service: { name: 'chat', namespace: 'team-a' },
      isvcName: 'chat-1a2b3c4d',
      gatewayRef: { group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'llm', namespace: 'gateways' },
      path: '/team-a/chat',
      requestTimeout: '180s',
      annotations: { 'example.com/a': '1' },
    });
    expect(route).toEqual({
      apiVersion: 'gateway.networking.k8s.io/v1',
      kind: 'HTTPRoute',
      metadata: {
        name: 'chat-1a2b3c4d-route',
        namespace: 'team-a',
        labels: {
          'app.kubernetes.io/component': 'routing',
          'app.kubernetes.io/managed-by': 'aim-engine',
          'aim.eai.amd.com/service': 'chat',
        },
        annotations: { 'example.com/a': '1' },
      },
      spec: {
        parentRefs: [
          { group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'llm', namespace: 'gateways' },
        ],
        rules: [
          {
            matches: [{ path: { type: 'PathPrefix', value: '/team-a/chat' } }],
            filters: [
              {
                type: 'URLRewrite',
                urlRewrite: { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/' } },
              },
            ],
            backendRefs: [
              { kind: 'Service', name: 'chat-1a2b3c4d-predictor', namespace: 'team-a', port: 80 },
            ],
            timeouts: { request: '3m0s' },
          },
        ],
      },
    });
    expect(routePathOf(route)).toBe('/team-a/chat');
  });

  it('leaves out timeouts and annotations when none are configured', () => {
    const route = renderHttpRoute({
      name: 'r',
      service: { name: 'chat', namespace: 'team-a' },
      isvcName: 'chat-1',
      gatewayRef: { group: 'gateway.networking.k8s.io', kind: 'Gateway', name: 'llm' },
      path: '/p',
      annotations: {},
    });
    expect(route.metadata.annotations).toBeUndefined();
    expect(route.spec.rules[0].timeouts).toBeUndefined();
  });
});
