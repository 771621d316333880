import { describe, expect, it } from 'vitest';
import { adminActionHref, isAdminRequestAction, requestVisibleTo, type RequestStatus } from './requests.ts';

describe('requestVisibleTo', () => {
  const request = (status: RequestStatus) => ({ status, requesterId: 'asker' });
  const member = { id: 'someone', admin: false };

  it('shows pending and approved requests to every member', () => {
    expect(requestVisibleTo(request('pending'), member)).toBe(true);
    expect(requestVisibleTo(request('approved'), member)).toBe(true);
  });

  it('keeps a rejected or duplicate request to its requester and administrators', () => {
    for (const status of ['rejected', 'duplicate'] as const) {
      expect(requestVisibleTo(request(status), member), status).toBe(false);
      expect(requestVisibleTo(request(status), { id: 'asker', admin: false }), status).toBe(true);
      expect(requestVisibleTo(request(status), { id: 'someone', admin: true }), status).toBe(true);
    }
  });
});

describe('the admin actions on a request', () => {
  it('are approve, reject and duplicate, each on its own page', () => {
    expect(['approve', 'reject', 'duplicate'].every(isAdminRequestAction)).toBe(true);
    for (const other of ['new', 'edit', 'similar', 'toString', '__proto__', undefined])
      expect(isAdminRequestAction(other), String(other)).toBe(false);
    expect(adminActionHref('duplicate', 7)).toBe('/games/request/duplicate?id=7');
  });
});
