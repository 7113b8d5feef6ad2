import type { Page } from './paging.js';

/**
 * The success envelopes, written once: `{ success: true, data }`,
 * a page with its `pagination`, or a `message`.
 */
export const ok = <T>(data: T) => ({ success: true as const, data });

export const okPage = <Row, Json>(page: Page<Row>, present: (row: Row) => Json) => ({
  success: true as const,
  data: page.items.map(present),
  pagination: page.pagination,
});

export const okMessage = (message: string) => ({ success: true as const, message });
