/** The two formats of a short date: this year's without the year, older ones in the short numeric style. */
export interface CompactDateFormats {
  thisYear: Intl.DateTimeFormat;
  older: Intl.DateTimeFormat;
}

export function compactDateFormats(locale: string): CompactDateFormats {
  return {
    thisYear: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }),
    older: new Intl.DateTimeFormat(locale, { dateStyle: 'short' }),
  };
}

/** A date short enough for a narrow row ('Nov 22', or '11/22/25' for another year). */
export function compactDate(date: Date, now: Date, formats: CompactDateFormats): string {
  return (date.getFullYear() === now.getFullYear() ? formats.thisYear : formats.older).format(date);
}
