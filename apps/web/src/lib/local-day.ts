const pad = (value: number) => String(value).padStart(2, '0');

/** The day a date falls on in this browser's calendar, as the API takes days: YYYY-MM-DD. */
export const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
