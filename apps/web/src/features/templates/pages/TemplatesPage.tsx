import { Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { isAdmin, type TemplateDepartment, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { CreateButton } from '@/components/CreateButton';
import { ListView } from '@/components/ListView';
import { PageTitle } from '@/components/PageTitle';
import { useAuth } from '@/features/auth';
import { useTemplateDepartments } from '../api';
import { FilterChips } from '../components/FilterChips';
import { SearchField } from '../components/SearchField';
import { TemplateDepartmentCard } from '../components/TemplateDepartmentCard';
import { TemplateDepartmentFormModal } from '../components/TemplateDepartmentFormModal';
import { TemplateGrid } from '../components/TemplateGrid';
import { TemplateStats } from '../components/TemplateStats';
import { LIBRARY_FILTERS, type LibraryFilter, libraryStats } from '../library-filters';

/** How long typing must pause before the library searches: one request per word, not per key. */
const SEARCH_PAUSE_MS = 250;

type DepartmentModal = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; department: TemplateDepartment };

/**
 * /dashboard/templates: the stat cards, search, the chips and the
 * department cards. A search also lists the matching templates; Recently Updated lists the
 * templates of the active departments, newest change first. Admins manage the departments.
 */
export default function TemplatesPage() {
  const { user } = useAuth();
  const admin = isAdmin(user);
  const [filter, setFilter] = useState<LibraryFilter>('all');
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const [modal, setModal] = useState<DepartmentModal>({ mode: 'closed' });
  // Admins also see inactive departments, to edit and reactivate them.
  const everyDepartment = useTemplateDepartments({ includeInactive: admin });
  const departments = useTemplateDepartments(
    { search: term || undefined, popular: filter === 'popular' || undefined, includeInactive: admin },
    filter !== 'recent',
  );
  const stats = everyDepartment.data ? libraryStats(everyDepartment.data) : undefined;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <PageTitle title={UI_TEXT.templatesTitle} subtitle="Policy and process documents for every department" />
        {admin && <CreateButton onClick={() => setModal({ mode: 'create' })}>Create Department</CreateButton>}
      </Group>
      <TemplateStats
        totalTemplates={stats?.totalTemplates}
        departments={stats?.departments}
        popularCategories={stats?.popularCategories}
      />
      <Group gap="md" align="center">
        <SearchField
          label="Search templates"
          placeholder="Search departments and templates"
          value={search}
          onChange={setSearch}
        />
        <FilterChips label="Show" options={LIBRARY_FILTERS} value={filter} onChange={setFilter} />
      </Group>

      {filter === 'recent' ? (
        <Section title="Recently Updated">
          <TemplateGrid
            filters={{ search: term || undefined, sort: 'updated' }}
            empty={UI_TEXT.noTemplates}
            showDepartment
          />
        </Section>
      ) : (
        <>
          <Section title="Departments">
            <ListView
              query={departments}
              items={departments.data}
              failMessage={UI_TEXT.fetchDepartmentsFailed}
              empty={UI_TEXT.noTemplateDepartments}
            >
              {(items) => (
                <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
                  {items.map((department) => (
                    <TemplateDepartmentCard
                      key={department.id}
                      department={department}
                      onEdit={
                        department.permissions.canEdit
                          ? (picked) => setModal({ mode: 'edit', department: picked })
                          : undefined
                      }
                    />
                  ))}
                </SimpleGrid>
              )}
            </ListView>
          </Section>
          {term && (
            <Section title="Matching templates">
              <TemplateGrid
                filters={{ search: term, popular: filter === 'popular' || undefined, sort: 'updated' }}
                empty={UI_TEXT.noTemplates}
                showDepartment
              />
            </Section>
          )}
        </>
      )}

      <TemplateDepartmentFormModal
        opened={modal.mode !== 'closed'}
        department={modal.mode === 'edit' ? modal.department : undefined}
        onClose={() => setModal({ mode: 'closed' })}
      />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
