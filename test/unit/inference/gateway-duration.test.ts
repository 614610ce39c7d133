import { describe, expect, it } from 'vitest';
import {
  DurationError,
  formatGatewayDuration,
  gatewayRequestTimeout,
  parseGoDurationMs,
} from '../../../shared/inference/gateway-duration.ts';

/** Gateway API's Duration (GEP-2257). */
const GATEWAY_DURATION = /^([0-9]{1,5}(h|m|s|ms)){1,4}$/;

describe('route request timeouts', () => {
  it('renders Go durations as Go does for whole seconds (3m0s)', () => {
    expect(gatewayRequestTimeout('180s')).toBe('3m0s');
    expect(gatewayRequestTimeout('3m')).toBe('3m0s');
    expect(gatewayRequestTimeout('1h')).toBe('1h0m0s');
    expect(gatewayRequestTimeout('1h30m15s')).toBe('1h30m15s');
    expect(gatewayRequestTimeout('30s')).toBe('30s');
    expect(gatewayRequestTimeout('0')).toBe('0s');
    expect(gatewayRequestTimeout('500ms')).toBe('500ms');
  });

  it('writes fractions as milliseconds, which Gateway API accepts', () => {
    expect(gatewayRequestTimeout('1.5s')).toBe('1s500ms');
    expect(gatewayRequestTimeout('2m0.25s')).toBe('2m0s250ms');
    expect(gatewayRequestTimeout('1500us')).toBe('2ms');
    expect(gatewayRequestTimeout('10ns')).toBe('1ms');
    for (const text of ['1.5s', '2m0.25s', '90m', '1h', '250ms', '0']) {
      expect(gatewayRequestTimeout(text)).toMatch(GATEWAY_DURATION);
    }
  });

  it('parses Go syntax and rejects anything else', () => {
    expect(parseGoDurationMs('1h2m3.5s')).toBe(3_723_500);
    expect(() => parseGoDurationMs('')).toThrow(DurationError);
    expect(() => parseGoDurationMs('5 minutes')).toThrow(DurationError);
    expect(() => parseGoDurationMs('10')).toThrow(DurationError);
  });

  it('refuses durations Gateway API cannot express', () => {
    expect(() => formatGatewayDuration(100_000 * 3_600_000)).toThrow(/more than 99999 hours/);
  });
});
