import {
  AUDIT_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type AuditView,
  auditLogEndpoints,
  UI_TEXT,
} from '@smart/contracts';
import { api } from '@/lib/api-client';
import { pagedListOptions, usePagedList } from '@/lib/paged-list';

/** What the audit log page asks for, from its address. */
export interface AuditLogFilter {
  organizationId?: string | undefined;
  /** Its changes (the default) or its exports. */
  view?: AuditView | undefined;
  actorId?: string | undefined;
  action?: AuditAction | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (filter: AuditLogFilter) => [...auditLogKeys.all, filter] as const,
};

const auditLogList = (filter: AuditLogFilter) =>
  pagedListOptions<AuditEntry>(
    auditLogKeys.list(filter),
    (page, limit) =>
      api(auditLogEndpoints.list, { query: { ...filter, page, limit } }, { failMessage: UI_TEXT.fetchAuditLogFailed }),
    AUDIT_PAGE_SIZE,
  );

export const useAuditLog = (filter: AuditLogFilter, enabled = true) => usePagedList(auditLogList(filter), enabled);
