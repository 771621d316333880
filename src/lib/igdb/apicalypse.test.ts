import { describe, expect, it } from 'vitest';
import { idsQuery, pageQuery, uidsQuery } from './apicalypse.ts';

describe('pageQuery', () => {
  it('asks for the next 500 records in id order', () => {
    expect(pageQuery({ fields: ['name', 'cover.image_id'], afterId: 1942 })).toBe(
      'fields name,cover.image_id; where id > 1942; sort id asc; limit 500;',
    );
  });

  it('adds a further condition and a smaller limit', () => {
    expect(pageQuery({ fields: ['*'], afterId: 0, where: 'updated_at > 1700000000', limit: 10 })).toBe(
      'fields *; where id > 0 & (updated_at > 1700000000); sort id asc; limit 10;',
    );
  });

  it('refuses what is not a field, an id or a limit IGDB takes', () => {
    expect(() => pageQuery({ fields: ['name; limit 1'], afterId: 0 })).toThrow(/field/);
    expect(() => pageQuery({ fields: [], afterId: 0 })).toThrow(/field/);
    expect(() => pageQuery({ fields: ['name'], afterId: -1 })).toThrow(/id/);
    expect(() => pageQuery({ fields: ['name'], afterId: 0, limit: 501 })).toThrow(/limit/);
  });
});

describe('idsQuery', () => {
  it('asks for the records with the given ids', () => {
    expect(idsQuery(['name'], [3, 1])).toBe('fields name; where id > 0 & (id = (3,1)); sort id asc; limit 500;');
    expect(() => idsQuery(['name'], [])).toThrow();
  });
});

describe('uidsQuery', () => {
  it('asks which games hold the given store ids, and refuses what could leave the quotes', () => {
    expect(uidsQuery(['367520', 'the-witcher-3'])).toBe(
      'fields game,uid,category,external_game_source; where uid = ("367520","the-witcher-3"); limit 500;',
    );
    expect(() => uidsQuery(['1"); fields *'])).toThrow(/store ids/);
    expect(() => uidsQuery([])).toThrow();
  });
});
