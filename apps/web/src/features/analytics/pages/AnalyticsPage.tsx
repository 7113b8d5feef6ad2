// Mantine's chart styles ride with this page's chunk, the one page that draws charts.
import '@mantine/charts/styles.css';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import {
  ANALYTICS_TEXT,
  type Analytics,
  type AnalyticsQuery,
  analyticsRangeProblem,
  permissionsFor,
} from '@smart/contracts';
import { DayRangeFields } from '@/components/DayRangeFields';
import { LoadError } from '@/components/LoadError';
import { OrganizationFilter } from '@/components/OrganizationFilter';
import { PageTitle } from '@/components/PageTitle';
import { useAuth } from '@/features/auth';
import { useAddressParams } from '@/lib/address-params';
import { formatDay } from '@/lib/work-format';
import { useAnalytics } from '../api';
import { AnalyticsSkeleton } from '../components/AnalyticsSkeleton';
import { HeadlineFigures } from '../components/HeadlineFigures';
import { ProjectsCard } from '../components/ProjectsCard';
import { AdvisorHoursCard, CategoriesCard, SlaAttainmentCard } from '../components/SupportCards';
import { TasksCard, TicketsCard } from '../components/WeeklyCards';
import { analyticsAddress, analyticsPresets, readAnalyticsAddress } from '../range';

/**
 * /dashboard/analytics (flag canManageAnalytics): an org_admin's figures of its
 * organization, an admin's of the one it picks or of all. The range and the organization are kept
 * in the address; each chart can be read as a table.
 */
export default function AnalyticsPage() {
  const platformReach = permissionsFor(useAuth().user).canAccessAllOrganizations;
  const [params, updateParams] = useAddressParams();
  const query = readAnalyticsAddress(params);
  const problem = query.from && query.to ? analyticsRangeProblem(query.from, query.to) : null;
  const figures = useAnalytics(query, problem === null);
  const shown = figures.data;
  const from = query.from ?? shown?.from ?? '';
  const to = query.to ?? shown?.to ?? '';
  // Built on the address as it is now (two quick changes both count); `shownRange` fills an end it leaves out.
  const setQuery = (change: AnalyticsQuery, shownRange: AnalyticsQuery = {}) =>
    updateParams((latest) => analyticsAddress({ ...shownRange, ...readAnalyticsAddress(latest), ...change }), {
      replace: true,
    });
  const whose =
    shown?.organization?.name ?? (platformReach && !query.organizationId ? ANALYTICS_TEXT.allOrganizations : null);

  return (
    <Stack gap="lg">
      <PageTitle
        title={ANALYTICS_TEXT.title}
        subtitle={whose ? `${whose}: ${ANALYTICS_TEXT.subtitle.toLowerCase()}` : ANALYTICS_TEXT.subtitle}
      />
      <DayRangeFields
        leading={
          platformReach && (
            <OrganizationFilter
              reach="all"
              value={query.organizationId ?? null}
              onChange={(organizationId) => setQuery({ organizationId: organizationId ?? undefined })}
            />
          )
        }
        from={from}
        to={to}
        errors={{ to: problem }}
        presets={analyticsPresets()}
        onChange={(range) => setQuery(range, { from, to })}
      />
      {problem ? null : figures.isPending ? (
        <AnalyticsSkeleton />
      ) : figures.isError ? (
        <LoadError message={figures.error.message} onRetry={() => figures.refetch()} retrying={figures.isFetching} />
      ) : (
        <Figures analytics={figures.data} updating={figures.isPlaceholderData} />
      )}
    </Stack>
  );
}

/** Whether the range holds nothing at all to show. */
const isEmpty = (analytics: Analytics) =>
  analytics.overdueTasks === 0 &&
  analytics.tickets.opened === 0 &&
  analytics.projects.total === 0 &&
  analytics.advisorHours.every((month) => month.minutes === 0) &&
  analytics.weeks.every(
    (week) =>
      week.tasksCreated + week.tasksCompleted === 0 &&
      Object.values(week.ticketsResolved).every((count) => count === 0),
  );

function Figures({ analytics, updating }: { analytics: Analytics; updating: boolean }) {
  return (
    <Stack gap="md" aria-busy={updating} style={{ opacity: updating ? 0.6 : 1, transition: 'opacity 150ms' }}>
      <Text size="sm" c="dimmed">
        From {formatDay(analytics.from)} to {formatDay(analytics.to)}, weeks from Monday, days in {analytics.timeZone}{' '}
        time.
      </Text>
      {isEmpty(analytics) && (
        <Text fw={500}>
          Nothing to count between {formatDay(analytics.from)} and {formatDay(analytics.to)}: no tasks, tickets,
          projects or advisor time.
        </Text>
      )}
      <HeadlineFigures analytics={analytics} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <TasksCard weeks={analytics.weeks} />
        <CategoriesCard ticketCategories={analytics.ticketCategories} />
        <TicketsCard weeks={analytics.weeks} kind="ticketsOpened" />
        <TicketsCard weeks={analytics.weeks} kind="ticketsResolved" />
        <SlaAttainmentCard slaAttainment={analytics.slaAttainment} />
        <AdvisorHoursCard advisorHours={analytics.advisorHours} />
        <ProjectsCard projects={analytics.projects} acrossOrganizations={analytics.organization === null} />
      </SimpleGrid>
    </Stack>
  );
}
