import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MESSAGES } from '@smart/contracts';
import { useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '@/components/BackLink';
import { CreateButton } from '@/components/CreateButton';
import { DepartmentIcon } from '@/components/DepartmentIcon';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { TitleRow } from '@/components/TitleRow';
import { useAuth } from '@/features/auth';
import { meetsRequirement } from '@/lib/access';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useTemplateDepartment } from '../api';
import { DepartmentBadges } from '../components/DepartmentBadges';
import { DepartmentNotFound } from '../components/DepartmentNotFound';
import { FilterChips } from '../components/FilterChips';
import { SearchField } from '../components/SearchField';
import { TemplateFormModal } from '../components/TemplateFormModal';
import { TemplateGrid } from '../components/TemplateGrid';
import { DEPARTMENT_FILTERS, type DepartmentFilter, departmentTemplateFilters } from '../library-filters';
import { templateCountText } from '../template-labels';

const SEARCH_PAUSE_MS = 250;

/** A missing department, or an id that names none (a 400 for a malformed one): the not-found state. */
const isMissing = (error: Error) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * /dashboard/templates/departments/{departmentId} (second document, section 2): the department's
 * templates with search and chips, Preview and Download, and Create Template for canCreateTemplates.
 */
export default function DepartmentTemplatesPage() {
  const { departmentId = '' } = useParams();
  const { user } = useAuth();
  const department = useTemplateDepartment(departmentId);
  const [filter, setFilter] = useState<DepartmentFilter>('all');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const [creating, setCreating] = useState(false);
  const canCreate = meetsRequirement(user, { flags: ['canCreateTemplates'] });

  if (department.isPending) return <PageLoader label="Loading templates..." />;
  if (department.isError) {
    return isMissing(department.error) ? (
      <DepartmentNotFound />
    ) : (
      <LoadError
        message={department.error.message}
        onRetry={() => department.refetch()}
        retrying={department.isFetching}
      />
    );
  }
  const { name, description, settings, templateCount } = department.data;

  return (
    <Stack gap="lg">
      <BackLink to={paths.templates}>Back to Smart Templates</BackLink>
      <TitleRow
        title={
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={56} radius="md" variant="light" color={settings.color}>
              <DepartmentIcon icon={settings.icon} size={30} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
              {description && (
                <Text c="dimmed" mt={4}>
                  {description}
                </Text>
              )}
              <Group gap="xs" mt={6}>
                <Text size="sm" fw={500}>
                  {templateCountText(templateCount)}
                </Text>
                <DepartmentBadges department={department.data} />
              </Group>
            </div>
          </Group>
        }
        actions={canCreate && <CreateButton onClick={() => setCreating(true)}>Create Template</CreateButton>}
      />
      <Group gap="md" align="center">
        <SearchField
          label="Search templates"
          placeholder={`Search ${name} templates`}
          value={search}
          onChange={setSearch}
        />
        <FilterChips label="Show" options={DEPARTMENT_FILTERS} value={filter} onChange={setFilter} />
      </Group>
      <TemplateGrid
        filters={departmentTemplateFilters(departmentId, filter, term)}
        empty={{
          title: MESSAGES.noTemplates,
          text: term || filter !== 'all' ? 'Try another search or filter.' : 'This department has no templates yet.',
        }}
      />
      <TemplateFormModal
        opened={creating}
        mode="create"
        departmentId={departmentId}
        onClose={() => setCreating(false)}
      />
    </Stack>
  );
}
