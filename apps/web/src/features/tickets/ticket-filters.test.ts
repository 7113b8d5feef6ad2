import { describe, expect, it } from 'vitest';
import { nextSort, withPage, withSort } from '@/lib/list-address';
import {
  activeTicketFilters,
  isFiltered,
  readTicketFilters,
  TICKET_SORT_RULES,
  ticketView,
  withFilter,
  withoutFilters,
  withView,
} from './ticket-filters';

const params = (text: string) => new URLSearchParams(text);
const ORGANIZATION = '0b0e4c1e-3c1a-4d8e-9f0a-1b2c3d4e5f60';
const DEFAULT_SORT = { sort: 'createdAt', order: 'desc' } as const;

describe('the tickets list address', () => {
  it('reads the page, every filter and the sort from the search params', () => {
    expect(
      readTicketFilters(
        params(
          `page=3&search=+vpn+&status=in_progress&priority=urgent&category=bug_report&assignedTo=me&createdBy=me&organizationId=${ORGANIZATION}&sort=title&order=desc`,
        ),
      ),
    ).toEqual({
      page: 3,
      search: 'vpn',
      status: 'in_progress',
      priority: 'urgent',
      category: 'bug_report',
      assignedTo: 'me',
      createdBy: 'me',
      organizationId: ORGANIZATION,
      sort: 'title',
      order: 'desc',
    });
  });

  it('reads page 1, no filter and the default sort from nonsense', () => {
    expect(
      readTicketFilters(
        params('page=-2&status=lost&priority=&category=x&search=%20&assignedTo=bob&organizationId=acme&sort=secret'),
      ),
    ).toEqual({ page: 1, ...DEFAULT_SORT });
    expect(readTicketFilters(params('page=abc&order=sideways'))).toEqual({ page: 1, ...DEFAULT_SORT });
  });

  it("a sort without an order runs the sort's own way", () => {
    expect(readTicketFilters(params('sort=title'))).toMatchObject({ sort: 'title', order: 'asc' });
    expect(readTicketFilters(params('sort=priority'))).toMatchObject({ sort: 'priority', order: 'desc' });
    expect(readTicketFilters(params('order=asc'))).toMatchObject({ sort: 'createdAt', order: 'asc' });
  });

  it('goes back to page 1 when a filter changes, and drops a cleared filter', () => {
    expect(withFilter(params('page=4&status=open'), 'priority', 'high').toString()).toBe('status=open&priority=high');
    expect(withFilter(params('page=2&status=open'), 'status', null).toString()).toBe('');
  });

  it('keeps the filters when the page changes, page 1 without a number', () => {
    expect(withPage(params('status=open'), 2).toString()).toBe('status=open&page=2');
    expect(withPage(params('status=open&page=2'), 1).toString()).toBe('status=open');
  });

  it('the quick filters are one at a time: Assigned to me, Created by me, Unassigned, All', () => {
    const assigned = withView(params('createdBy=me&page=2'), 'assigned');
    expect(assigned.toString()).toBe('assignedTo=me');
    expect(ticketView(readTicketFilters(assigned))).toBe('assigned');
    expect(withView(assigned, 'created').toString()).toBe('createdBy=me');
    expect(withView(assigned, 'unassigned').toString()).toBe('assignedTo=unassigned');
    expect(withView(params('assignedTo=me&status=open'), 'all').toString()).toBe('status=open');
  });

  it('a heading sorts by its column, a second click turns it; the default sort leaves the address', () => {
    const current = readTicketFilters(params(''));
    const byTitle = nextSort(current, 'title', TICKET_SORT_RULES);
    expect(byTitle).toEqual({ sort: 'title', order: 'asc' });
    expect(withSort(params('page=3'), byTitle, TICKET_SORT_RULES).toString()).toBe('sort=title');
    const turned = nextSort(byTitle, 'title', TICKET_SORT_RULES);
    expect(withSort(params('sort=title'), turned, TICKET_SORT_RULES).toString()).toBe('sort=title&order=desc');
    const newestFirst = nextSort(turned, 'createdAt', TICKET_SORT_RULES);
    expect(withSort(params('sort=title&order=desc'), newestFirst, TICKET_SORT_RULES).toString()).toBe('');
    const oldestFirst = nextSort(newestFirst, 'createdAt', TICKET_SORT_RULES);
    expect(withSort(params(''), oldestFirst, TICKET_SORT_RULES).toString()).toBe('order=asc');
  });

  it('counts the filters that narrow the list; Clear filters keeps the sort', () => {
    const filters = readTicketFilters(
      params(`status=open&assignedTo=unassigned&organizationId=${ORGANIZATION}&search=vpn`),
    );
    expect(activeTicketFilters(filters)).toBe(3);
    expect(isFiltered(readTicketFilters(params('search=vpn')))).toBe(true);
    expect(isFiltered(readTicketFilters(params('sort=title&page=2')))).toBe(false);
    expect(withoutFilters(params(`status=open&createdBy=me&search=vpn&sort=title&page=2`)).toString()).toBe(
      'sort=title',
    );
  });
});
