import { LOCALE } from './locale.ts';

/** Numbers as people read them, in the site's one locale. */

const countFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const decimalFormats = new Map<number, Intl.NumberFormat>();

/** "1,234". Whole numbers under a thousand print as they are (no separator to place), without Intl. */
export function formatCount(value: number): string {
  return Number.isInteger(value) && value > -1000 && value < 1000 && !Object.is(value, -0)
    ? String(value)
    : countFormat.format(value);
}

/** "1,234 games", "1 game": a count with its noun. */
export function formatCountOf(value: number, one: string, many: string): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

/** "82.50": exactly `digits` decimals (for showing the working of a sum). */
export function formatDecimal(value: number, digits: number): string {
  let format = decimalFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    decimalFormats.set(digits, format);
  }
  return format.format(value);
}

/** "75%" from a whole percentage (75, not 0.75). */
export function formatPercent(value: number): string {
  return `${formatCount(value)}%`;
}

/** "$5.99" for 599 USD: an amount in minor units (prices, invoices). */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat(LOCALE, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}
