import { describe, expect, it } from 'vitest';
import { refuseMethod } from './methods.ts';

describe('refuseMethod', () => {
  it('lets pages take GET and HEAD only', async () => {
    for (const method of ['GET', 'HEAD', 'get']) expect(refuseMethod('/games', method), method).toBeNull();
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND']) {
      const response = refuseMethod('/games/portal-2', method);
      expect(response?.status, method).toBe(405);
      expect(response?.headers.get('allow')).toBe('GET, HEAD');
    }
    expect(await refuseMethod('/', 'POST')!.text()).toBe('This method is not allowed here.\n');
  });

  it('leaves API, auth and storage routes to say which methods they take', () => {
    for (const path of [
      '/api/profile',
      '/api/critic-reviews/3',
      '/auth/v1/token',
      '/storage/v1/object/avatars/u/a.png',
      '/_actions/x',
    ]) {
      expect(refuseMethod(path, 'POST'), path).toBeNull();
      expect(refuseMethod(path, 'DELETE'), path).toBeNull();
    }
  });

  it('never serves TRACE, TRACK or CONNECT, in the shape of the route', async () => {
    for (const method of ['TRACE', 'TRACK', 'CONNECT', 'trace']) {
      expect(refuseMethod('/', method)?.status, method).toBe(405);
      expect(refuseMethod('/api/search', method)?.status, method).toBe(405);
    }
    expect(await refuseMethod('/api/search', 'TRACE')!.json()).toEqual({
      error: { code: 'method_not_allowed', message: 'This method is not allowed here.' },
    });
    expect(await refuseMethod('/auth/v1/user', 'TRACE')!.json()).toEqual({
      code: 'method_not_allowed',
      message: 'This method is not allowed here.',
    });
    expect(await refuseMethod('/storage/v1/object/avatars/u/a.png', 'TRACE')!.json()).toEqual({
      statusCode: '405',
      code: 'MethodNotAllowed',
      error: 'Method not allowed',
      message: 'This method is not allowed here.',
    });
    expect(refuseMethod('/', 'TRACE')!.headers.get('allow')).toBe('GET, HEAD');
  });
});
