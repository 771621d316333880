import { describe, expect, it } from 'vitest';
import { describeError, invalidRouteMessage, STATUS_TEXT, unmatchedRouteMessage } from './errors.ts';

describe('describeError', () => {
  it('gives the 404 page its spec texts, whatever the message', () => {
    const expected = {
      title: '404 - Page Not Found',
      heading: 'Game Over!',
      text: "The page you're looking for doesn't exist.",
    };
    expect(describeError(404)).toEqual(expected);
    expect(describeError(404, 'Page not found: /nowhere')).toEqual(expected);
  });

  it('shows the message of any other error', () => {
    expect(describeError(503, 'The database cannot be reached right now.')).toEqual({
      title: '503 - Error',
      heading: 'Oops! Something went wrong.',
      text: 'The database cannot be reached right now.',
    });
  });

  it('falls back to a generic text without a message', () => {
    expect(describeError(500)).toEqual({
      title: '500 - Error',
      heading: 'Oops! Something went wrong.',
      text: 'An unexpected error occurred.',
    });
    expect(describeError(403, '').text).toBe('An unexpected error occurred.');
  });
});

describe('route messages', () => {
  it('capitalises "Not Found" for invalid parameters and not for unmatched paths (as the spec words them)', () => {
    expect(invalidRouteMessage('/x')).toBe('Page Not Found: /x');
    expect(unmatchedRouteMessage('/x')).toBe('Page not found: /x');
  });
});

describe('STATUS_TEXT', () => {
  it('has the reason phrases the error page shows', () => {
    expect(STATUS_TEXT[404]).toBe('Not Found');
    expect(STATUS_TEXT[503]).toBe('Service Unavailable');
    expect(STATUS_TEXT[500]).toBe('Internal Server Error');
  });
});
