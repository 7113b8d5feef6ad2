import { Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { BackLink } from '@/components/BackLink';
import { CreateButton } from '@/components/CreateButton';
import { DepartmentIcon } from '@/components/DepartmentIcon';
import { LinkedRecordMissing } from '@/components/LinkedRecordMissing';
import { RecordState } from '@/components/RecordState';
import { TitleRow } from '@/components/TitleRow';
import { useAuth } from '@/features/auth';
import { meetsRequirement } from '@/lib/access';
import { paths } from '@/lib/paths';
import { useOpenedTemplate, useTemplateDepartment } from '../api';
import { DepartmentBadges } from '../components/DepartmentBadges';
import { FilterChips } from '../components/FilterChips';
import { SearchField } from '../components/SearchField';
import { TemplateFormModal } from '../components/TemplateFormModal';
import { TemplateGrid } from '../components/TemplateGrid';
import { DEPARTMENT_FILTERS, type DepartmentFilter, departmentTemplateFilters } from '../library-filters';
import { templateCountText } from '../template-labels';

const SEARCH_PAUSE_MS = 250;

/**
 * /dashboard/templates/departments/{departmentId}: the department's
 * templates with search and chips, Preview and Download, and Create Template for canCreateTemplates.
 */
export default function DepartmentTemplatesPage() {
  const { departmentId = '' } = useParams();
  const { user } = useAuth();
  const department = useTemplateDepartment(departmentId);
  const [params, setParams] = useSearchParams();
  const openedId = params.get('template');
  const opened = useOpenedTemplate(openedId);
  // A template of another department, or none at all, is not there for this page.
  const openedHere = opened.data?.departmentId === departmentId ? opened.data : undefined;
  const openedMissing = openedId !== null && (opened.isError || (opened.isSuccess && !openedHere));
  const [filter, setFilter] = useState<DepartmentFilter>('all');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const [creating, setCreating] = useState(false);
  const canCreate = meetsRequirement(user, { flags: ['canCreateTemplates'] });

  if (!department.isSuccess) {
    return (
      <RecordState
        query={department}
        back={{ to: paths.templates, label: 'Back to Smart Templates' }}
        loading="Loading templates..."
        notFound={UI_TEXT.templateDepartmentNotFoundTitle}
        failMessage={UI_TEXT.fetchTemplatesFailed}
      >
        {() => null}
      </RecordState>
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
      {openedMissing && (
        <LinkedRecordMissing title={UI_TEXT.templateNotFound} onClose={() => setParams({}, { replace: true })} />
      )}
      <TemplateGrid
        opened={openedHere}
        filters={departmentTemplateFilters(departmentId, filter, term)}
        empty={{
          title: UI_TEXT.noTemplates,
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
