/**
 * The text of a value read from a form or a JSON answer: a string, number or boolean as
 * written; anything else (absent, a file, an object) is empty rather than "[object …]".
 */
export function fieldText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}
