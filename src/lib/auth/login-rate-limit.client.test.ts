import { describe, expect, it } from 'vitest';
import { createLoginRateLimiter, LOGIN_WINDOW_MS, memoryAttemptStore } from './login-rate-limit.client.ts';

describe('login rate limiter (5 attempts in 5 minutes, from the last attempt)', () => {
  it('allows five attempts and refuses the sixth', () => {
    const limiter = createLoginRateLimiter();
    const results = Array.from({ length: 6 }, (_, i) => limiter.tryAttempt(1_000 + i));
    expect(results).toEqual([true, true, true, true, true, false]);
    expect(limiter.remaining(1_010)).toBe(0);
  });
  it('counts the window from the last attempt', () => {
    const limiter = createLoginRateLimiter();
    for (let i = 0; i < 5; i += 1) limiter.tryAttempt(i * 60_000); // last at 4 min
    expect(limiter.tryAttempt(4 * 60_000 + LOGIN_WINDOW_MS - 1)).toBe(false);
    expect(limiter.tryAttempt(4 * 60_000 + LOGIN_WINDOW_MS)).toBe(true);
  });
  it('resets the counter once the window has passed', () => {
    const limiter = createLoginRateLimiter();
    limiter.tryAttempt(0);
    limiter.tryAttempt(1);
    expect(limiter.remaining(2)).toBe(3);
    expect(limiter.remaining(1 + LOGIN_WINDOW_MS)).toBe(5);
  });
  it('a refused attempt does not extend the window', () => {
    const limiter = createLoginRateLimiter();
    for (let i = 0; i < 5; i += 1) limiter.tryAttempt(0);
    expect(limiter.tryAttempt(LOGIN_WINDOW_MS - 1)).toBe(false);
    expect(limiter.tryAttempt(LOGIN_WINDOW_MS)).toBe(true);
  });
  it('reset() clears the count after a successful sign-in', () => {
    const store = memoryAttemptStore();
    const limiter = createLoginRateLimiter(store);
    for (let i = 0; i < 5; i += 1) limiter.tryAttempt(i);
    limiter.reset();
    expect(store.read()).toBeNull();
    expect(limiter.tryAttempt(10)).toBe(true);
  });
  it('shares its count through the store (another tab or a reload)', () => {
    const store = memoryAttemptStore();
    for (let i = 0; i < 5; i += 1) createLoginRateLimiter(store).tryAttempt(i);
    expect(createLoginRateLimiter(store).tryAttempt(6)).toBe(false);
  });
});
