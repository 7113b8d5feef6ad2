import { SimpleGrid, Stack } from '@mantine/core';
import { type Department, isAdmin, permissionsFor, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { ListPageHeader } from '@/components/ListPageHeader';
import { PagedListView } from '@/components/PagedListView';
import { useAuth } from '@/features/auth';
import { meetsRequirement } from '@/lib/access';
import { useDepartments } from '../api';
import { DepartmentCard } from '../components/DepartmentCard';
import { DepartmentFormModal } from '../components/DepartmentFormModal';

type ModalState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; department: Department };

/** /dashboard/departments (Departments page). */
export default function DepartmentsPage() {
  const { user } = useAuth();
  const departments = useDepartments();
  const [modal, setModal] = useState<ModalState>({ mode: 'closed' });
  const canManage = meetsRequirement(user, { flags: ['canManageDepartments'] });
  const allOrganizations = isAdmin(user);
  // An admin's list spans every organization, so it is not titled with the admin's own.
  const title = (!allOrganizations && permissionsFor(user).organizationName) || 'DEPARTMENTS';
  const close = () => setModal({ mode: 'closed' });

  return (
    <Stack gap="lg">
      <ListPageHeader
        title={title}
        heading="Departments"
        total={departments.data?.total}
        createLabel="Create Department"
        onCreate={canManage ? () => setModal({ mode: 'create' }) : undefined}
      />

      <PagedListView list={departments} failMessage={UI_TEXT.fetchDepartmentsFailed} empty={UI_TEXT.noDepartments}>
        {(items) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {items.map((department) => (
              <DepartmentCard
                key={department.id}
                department={department}
                linked={!allOrganizations}
                showOrganization={allOrganizations}
                onEdit={
                  department.permissions.canEdit
                    ? (picked) => setModal({ mode: 'edit', department: picked })
                    : undefined
                }
              />
            ))}
          </SimpleGrid>
        )}
      </PagedListView>

      <DepartmentFormModal
        opened={modal.mode === 'create'}
        mode="create"
        choosesOrganization={allOrganizations}
        onClose={close}
      />
      {modal.mode === 'edit' && (
        <DepartmentFormModal opened mode="edit" department={modal.department} onClose={close} />
      )}
    </Stack>
  );
}
