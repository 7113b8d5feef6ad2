import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type Department, displayName } from '@smart/contracts';
import { useState } from 'react';
import { HiPencil } from 'react-icons/hi';
import { DepartmentFormModal } from './DepartmentFormModal';
import { DepartmentImageControl } from './DepartmentImageControl';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{value?.trim() ? value : 'N/A'}</Text>
    </Stack>
  );
}

/**
 * Details: the picture, name, description and manager, read-only; Edit Department
 * and Upload Image for those who may edit the department.
 */
export function DetailsTab({ department, canManage }: { department: Department; canManage: boolean }) {
  const [editing, setEditing] = useState(false);
  const manager = department.manager;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="department-details-title">
      <Group justify="space-between" mb="md" gap="sm">
        <Title order={2} size="h4" id="department-details-title">
          Department Details
        </Title>
        {canManage && (
          <Button variant="light" leftSection={<HiPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
            Edit Department
          </Button>
        )}
      </Group>
      <DepartmentImageControl department={department} canEdit={canManage} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mt="lg">
        <Field label="Name" value={department.name} />
        <Field label="Manager" value={manager ? displayName(manager, manager.email) : null} />
        <Field label="Description" value={department.description} />
      </SimpleGrid>
      {canManage && (
        <DepartmentFormModal
          opened={editing}
          mode="edit"
          department={department}
          withManager
          onClose={() => setEditing(false)}
        />
      )}
    </Paper>
  );
}
