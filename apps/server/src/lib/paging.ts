import type { PageQuery, Pagination } from '@smart/contracts';

export const pageOffset = ({ page, limit }: PageQuery) => (page - 1) * limit;

export function pagination({ page, limit }: PageQuery, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}
