import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './messages.ts';

const authError = (name: string, message: string, status: number) =>
  Object.assign(new Error(message), { name, status });

describe('errorMessage', () => {
  it('says network error when the request never reached the server', () => {
    expect(errorMessage(authError('AuthRetryableFetchError', 'Failed to fetch', 0))).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(
      'Network error. Please check your connection and try again.',
    );
  });
  it('says server error for a 5xx', () => {
    expect(errorMessage(authError('AuthRetryableFetchError', 'Bad Gateway', 502))).toBe(
      'Server error. Please try again later.',
    );
    expect(errorMessage(new ApiError(500, 'x', 'boom'))).toBe('Server error. Please try again later.');
  });
  it("shows an auth-service or API error's own message", () => {
    expect(errorMessage(authError('AuthApiError', 'Invalid login credentials', 400))).toBe('Invalid login credentials');
    expect(errorMessage(new ApiError(409, 'username_taken', 'Username is already taken.'))).toBe(
      'Username is already taken.',
    );
  });
  it('falls back to the generic message for anything else', () => {
    expect(errorMessage(new RangeError('internal detail'))).toBe('An unexpected error occurred. Please try again.');
    expect(errorMessage('weird')).toBe('An unexpected error occurred. Please try again.');
    expect(errorMessage(undefined, 'Failed to sign in.')).toBe('Failed to sign in.');
  });
});
