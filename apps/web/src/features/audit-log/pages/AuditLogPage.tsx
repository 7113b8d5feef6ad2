import { Box, Button, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import {
  AUDIT_VIEW_LABELS,
  AUDIT_VIEWS,
  type AuditAction,
  type AuditView,
  DEFAULT_AUDIT_VIEW,
  displayName,
  permissionsFor,
  UI_TEXT,
} from '@smart/contracts';
import { DayRangeFields } from '@/components/DayRangeFields';
import { ExportCsvButton } from '@/components/ExportCsvButton';
import { OrganizationPicker } from '@/components/OrganizationPicker';
import { PagedListView } from '@/components/PagedListView';
import { PageTitle } from '@/components/PageTitle';
import { useAuth } from '@/features/auth';
import { useAddressParams } from '@/lib/address-params';
import { withFilters } from '@/lib/list-address';
import { useOrganization } from '@/lib/organization-query';
import { useAuditLog } from '../api';
import { actionChoices, readAuditFilter } from '../audit-filters';
import { AuditLines } from '../components/AuditLines';

/**
 * /dashboard/audit-log (org_admins and admins): who changed what across the
 * organization, newest first, filtered by action, person and days, the filters kept in the
 * address. Its changes by default, its exports one switch away (decision 0200), so exports never
 * push a change out of sight. An admin picks the organization. Read only: nobody edits or deletes a line.
 */
export default function AuditLogPage() {
  const { user } = useAuth();
  const permissions = permissionsFor(user);
  const [params, updateParams] = useAddressParams();
  const filter = readAuditFilter(params);
  const picks = permissions.canAccessAllOrganizations;
  // An admin chooses whose log to read (its own organization's holds little but its exports).
  const organizationId = picks ? (filter.organizationId ?? null) : permissions.organizationId;
  const organization = useOrganization(picks ? organizationId : null);
  // A range that ends before it starts is the server's 400: said under the days, and not asked.
  const rangeProblem = filter.from && filter.to && filter.to < filter.from ? UI_TEXT.timeRangeOrder : null;
  const log = useAuditLog(
    { ...filter, organizationId: organizationId ?? undefined },
    rangeProblem === null && organizationId !== null,
  );
  const change = (changes: Record<string, string | null>) =>
    updateParams((latest) => withFilters(latest, changes), { replace: true });
  const person = log.data?.items.find((line) => line.actor?.id === filter.actorId)?.actor;
  const filtered = Boolean(filter.action || filter.actorId || filter.from || filter.to);
  const { view } = filter;
  const noun = view === 'exports' ? 'exports' : 'changes';

  return (
    <Stack gap="lg">
      <PageTitle title="Audit log" subtitle="Who changed what across the organization, and when" />
      {picks && (
        <Box maw={360}>
          <OrganizationPicker
            value={organizationId}
            viewing={{ name: organization.data?.name ?? null }}
            onChange={(picked) =>
              updateParams(() => new URLSearchParams(picked ? { organizationId: picked } : {}), { replace: true })
            }
          />
        </Box>
      )}
      <SegmentedControl
        aria-label="Show"
        value={view}
        // Another view's action would not fit it: the action filter starts again.
        onChange={(picked) =>
          change({ view: picked === DEFAULT_AUDIT_VIEW ? null : (picked as AuditView), action: null })
        }
        data={AUDIT_VIEWS.map((value) => ({ value, label: AUDIT_VIEW_LABELS[value] }))}
        w="fit-content"
      />
      <DayRangeFields
        leading={
          view === 'changes' && (
            <Select
              label="Action"
              placeholder="Every action"
              data={actionChoices(view)}
              value={filter.action ?? null}
              onChange={(action: string | null) => change({ action: (action as AuditAction | null) ?? null })}
              clearable
              searchable
              w={260}
            />
          )
        }
        from={filter.from ?? ''}
        to={filter.to ?? ''}
        errors={{ to: rangeProblem }}
        onChange={(range) => change({ ...range })}
      >
        {filter.actorId && (
          <Button variant="light" onClick={() => change({ actorId: null })} aria-label="Show everyone's changes">
            Only {person ? displayName(person) : 'one person'} ×
          </Button>
        )}
        {filtered && (
          <Button variant="subtle" onClick={() => change({ action: null, actorId: null, from: null, to: null })}>
            Clear filters
          </Button>
        )}
      </DayRangeFields>
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3">
          {AUDIT_VIEW_LABELS[view]}
          {log.data ? ` (${log.data.total})` : ''}
        </Title>
        {(log.data?.total ?? 0) > 0 && (
          <ExportCsvButton kind="audit-log" query={{ ...filter, organizationId: organizationId ?? undefined }} />
        )}
      </Group>
      {organizationId === null ? (
        <Text c="dimmed">Choose an organization to read who changed what in it.</Text>
      ) : rangeProblem ? null : (
        <PagedListView
          list={log}
          failMessage={UI_TEXT.fetchAuditLogFailed}
          empty={filtered ? `No ${noun} match these filters.` : `No ${noun} recorded yet.`}
        >
          {(lines) => <AuditLines lines={lines} onPerson={(actorId) => change({ actorId })} />}
        </PagedListView>
      )}
    </Stack>
  );
}
