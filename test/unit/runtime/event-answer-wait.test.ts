import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EVENT_ANSWER_WAIT_MS,
  eventAnswerWaitMsFromEnv,
} from '../../../shared/runtime/event-answer-wait.ts';

describe('eventAnswerWaitMsFromEnv', () => {
  it('defaults when unset or blank and takes a positive whole number of milliseconds', () => {
    expect(eventAnswerWaitMsFromEnv({})).toBe(DEFAULT_EVENT_ANSWER_WAIT_MS);
    expect(eventAnswerWaitMsFromEnv({ AIM_EVENT_ANSWER_WAIT_MS: '' })).toBe(DEFAULT_EVENT_ANSWER_WAIT_MS);
    expect(eventAnswerWaitMsFromEnv({ AIM_EVENT_ANSWER_WAIT_MS: '250' })).toBe(250);
  });

  it.each(['0', '-1', 'soon', '1.5'])('refuses %j, naming the variable', (value) => {
    expect(() => eventAnswerWaitMsFromEnv({ AIM_EVENT_ANSWER_WAIT_MS: value })).toThrow(
      /AIM_EVENT_ANSWER_WAIT_MS/,
    );
  });
});
