import { describe, expect, it } from 'vitest';
import { parseReviewImport, REVIEW_IMPORT_HEADER_HELP } from './review-import.ts';

const parse = (text: string) => {
  const parsed = parseReviewImport(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.lines;
};

describe('parseReviewImport', () => {
  it('reads every column, in any order, with drafts where no publish time is given', () => {
    const [published, draft] =
      parse(`published_at,game,year,score,headline,excerpt,url,platform,author,kind,recommended,verdict
2024-05-01,Portal 2,2011,9.5,"A classic, still",Short take.,https://example.com/p2,PC,Ada Writer,review,,Brilliant
,Half-Life 2,,,,,,,,preview,,
`);
    expect(published).toEqual({
      line: 2,
      title: 'Portal 2',
      error: null,
      year: 2011,
      kind: 'review',
      rawScore: '9.5',
      recommended: null,
      verdict: 'Brilliant',
      headline: 'A classic, still',
      excerpt: 'Short take.',
      url: 'https://example.com/p2',
      platform: 'pc',
      author: 'Ada Writer',
      publishedAt: '2024-05-01T00:00:00.000Z',
    });
    expect(draft).toMatchObject({ line: 3, title: 'Half-Life 2', kind: 'preview', publishedAt: null, year: null });
  });

  it('gives each bad line its own error', () => {
    const lines = parse(`game,year,kind,recommended,url,published_at,excerpt
,2011,review,,,,
Portal 2,11,review,,,,
Portal 2,2011,essay,,,,
Portal 2,2011,review,maybe,,,
Portal 2,2011,review,,ftp://example.com,,
Portal 2,2011,review,,,yesterday,
Portal 2,2011,review,,,,${'x'.repeat(601)}
Portal 2,2011
`);
    expect(lines.map((line) => [line.line, line.error])).toEqual([
      [2, 'The game title is empty.'],
      [3, 'The year is a release year such as 2017.'],
      [4, 'The kind is review or preview.'],
      [5, 'Recommended is yes or no.'],
      [6, 'Enter a full http:// or https:// address.'],
      [7, 'The publish time "yesterday" is not a date: write it as YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ.'],
      [8, 'The excerpt is at most 600 characters.'],
      [9, 'This row has 2 fields; the header has 7.'],
    ]);
  });

  it('refuses a file without a game column, with an unknown column, or without lines', () => {
    expect(parseReviewImport('title,score\nPortal 2,9\n')).toEqual({ ok: false, message: REVIEW_IMPORT_HEADER_HELP });
    expect(parseReviewImport('game,rating\nPortal 2,9\n')).toEqual({
      ok: false,
      message: `Unknown column "rating". ${REVIEW_IMPORT_HEADER_HELP}`,
    });
    expect(parseReviewImport('game\n')).toEqual({ ok: false, message: 'The file has a header but no reviews.' });
  });
});
