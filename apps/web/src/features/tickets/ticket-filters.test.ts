import { describe, expect, it } from 'vitest';
import { readTicketFilters, withFilter, withPage } from './ticket-filters';

const params = (text: string) => new URLSearchParams(text);

describe('the tickets list address', () => {
  it('reads the page and every filter from the search params', () => {
    expect(
      readTicketFilters(params('page=3&search=+vpn+&status=in_progress&priority=urgent&category=bug_report')),
    ).toEqual({
      page: 3,
      search: 'vpn',
      status: 'in_progress',
      priority: 'urgent',
      category: 'bug_report',
    });
  });

  it('reads page 1 and no filter from nonsense', () => {
    expect(readTicketFilters(params('page=-2&status=lost&priority=&category=x&search=%20'))).toEqual({ page: 1 });
    expect(readTicketFilters(params('page=abc'))).toEqual({ page: 1 });
  });

  it('goes back to page 1 when a filter changes, and drops a cleared filter', () => {
    expect(withFilter(params('page=4&status=open'), 'priority', 'high').toString()).toBe('status=open&priority=high');
    expect(withFilter(params('page=2&status=open'), 'status', null).toString()).toBe('');
  });

  it('keeps the filters when the page changes, page 1 without a number', () => {
    expect(withPage(params('status=open'), 2).toString()).toBe('status=open&page=2');
    expect(withPage(params('status=open&page=2'), 1).toString()).toBe('status=open');
  });
});
