import { describe, expect, it } from 'vitest';
import { exportCsvFiles, zipExport } from './export-file.ts';
import { detectFormat, fileOf, importApplySchema, importPreviewSchema, parseImport } from './import-file.ts';
import { IMPORT_BYTES_MAX } from './import-limits.ts';

const HLTB =
  'Title,Platform,Playing,Backlog,Replay,Custom-1,Custom-2,Custom-3,Completed,Retired\nCeleste,PC,,,,,,,X,\n';
const STEAM = JSON.stringify({ response: { games: [{ appid: 1, name: 'Portal', playtime_forever: 10 }] } });
const EXPORT = JSON.stringify({
  exportedAt: '2026-01-01T00:00:00.000Z',
  statuses: [{ title: 'Portal', slug: 'portal', status: 'played' }],
  lists: [],
});

describe('what an imported file is', () => {
  it('is read from the file when the file says so, whatever format was chosen', () => {
    const zip = zipExport(exportCsvFiles({ statuses: [], lists: [] }));
    expect(detectFormat({ text: HLTB })).toBe('hltb');
    expect(detectFormat({ text: `\uFEFF${STEAM}` })).toBe('steam');
    expect(detectFormat({ text: EXPORT })).toBe('export');
    expect(detectFormat({ bytes: zip })).toBe('export');
    expect(detectFormat({ text: 'name,hours\nCeleste,3\n' })).toBeNull();
    expect(parseImport('hltb', { text: EXPORT }).format).toBe('export');
    expect(parseImport('steam', { bytes: zip }).format).toBe('export');
    expect(parseImport('export', { text: HLTB }).format).toBe('hltb');
    // Not saying: the chosen format reads it and names what is wrong.
    expect(() => parseImport('hltb', { text: 'name,hours\nCeleste,3\n' })).toThrow(/not a HowLongToBeat export/);
  });

  it('takes text or base64, one of them, and refuses more than 4 MB', () => {
    expect(importPreviewSchema.safeParse({ format: 'hltb', text: HLTB }).success).toBe(true);
    expect(importPreviewSchema.safeParse({ format: 'export', base64: 'UEsDBA==' }).success).toBe(true);
    expect(importPreviewSchema.safeParse({ format: 'hltb' }).error?.issues[0]?.message).toBe(
      'Send the file as text or as base64.',
    );
    expect(importPreviewSchema.safeParse({ format: 'hltb', text: HLTB, base64: 'UEsDBA==' }).success).toBe(false);
    expect(importPreviewSchema.safeParse({ format: 'export', base64: 'not base64!' }).error?.issues[0]?.message).toBe(
      'The file is not base64.',
    );
    expect(
      importPreviewSchema.safeParse({ format: 'hltb', text: 'x'.repeat(IMPORT_BYTES_MAX + 1) }).error?.issues[0]
        ?.message,
    ).toBe('The file is larger than 4 MB.');
    expect(importApplySchema.safeParse({ format: 'hltb', text: HLTB, links: { '2': 7 } }).success).toBe(true);
    expect(() => parseImport('export', { bytes: new Uint8Array(IMPORT_BYTES_MAX + 1) })).toThrow(
      'The file is larger than 4 MB.',
    );
    expect(fileOf({ base64: Buffer.from('PK\u0003\u0004').toString('base64') })).toEqual({
      bytes: new Uint8Array([0x50, 0x4b, 3, 4]),
    });
  });
});
