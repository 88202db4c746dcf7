/**
 * A number as a spreadsheet in the organizer's locale writes it: "1520", "1 520" (French, with a space or a
 * no-break space), "1.520,5" (German), "1,520.5" (English), "1'520" (Swiss). NaN when it is not a number.
 */
export function decimalSeparatorOf(locale: string | undefined): '.' | ',' {
  try {
    const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
    return part?.value === ',' ? ',' : '.';
  } catch {
    return '.';
  }
}

export function parseLocaleNumber(text: string, locale?: string): number {
  const compact = text.trim().replace(/[\s\u00a0\u202f'’]/g, '');
  if (!/^[+-]?[\d.,]+$/.test(compact) || !/\d/.test(compact)) return Number.NaN;
  const lastDot = compact.lastIndexOf('.');
  const lastComma = compact.lastIndexOf(',');
  let decimal: string | null;
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? '.' : ',';
  else if (lastDot < 0 && lastComma < 0) decimal = null;
  else {
    const mark = lastDot >= 0 ? '.' : ',';
    const groups = compact.split(mark);
    // One mark before exactly three digits reads as thousands unless it is the locale's decimal mark ("1,520"
    // is 1520 in English, 1.52 in French); repeated marks are always thousands.
    const thousands = groups.length > 2 || (groups.at(-1)!.length === 3 && mark !== decimalSeparatorOf(locale));
    decimal = thousands ? null : mark;
  }
  const grouping = decimal === ',' ? '.' : decimal === '.' ? ',' : /[.,]/g;
  let plain = compact.replace(typeof grouping === 'string' ? new RegExp(`\\${grouping}`, 'g') : grouping, '');
  if (decimal) plain = plain.replace(decimal, '.');
  if ((plain.match(/\./g) ?? []).length > 1) return Number.NaN;
  return Number(plain);
}
