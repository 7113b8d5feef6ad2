import { Card, Group, Text } from '@mantine/core';
import type { Department } from '@smart/contracts';
import { Link } from 'react-router';
import { CardEditButton } from '@/components/CardEditButton';
import classes from '@/components/LinkCard.module.css';
import { paths } from '@/lib/paths';
import { departmentSummary } from '../department-form';
import { DepartmentPicture } from './DepartmentPicture';

interface DepartmentCardProps {
  department: Department;
  /** False for a platform admin (the card does not navigate). */
  linked: boolean;
  /** Shown to holders of canManageDepartments. */
  onEdit?: (department: Department) => void;
  /** A platform admin sees every organization's departments, so each card names its organization. */
  showOrganization?: boolean;
}

export function DepartmentCard({ department, linked, onEdit, showOrganization = false }: DepartmentCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" className={classes.card} component="article">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <DepartmentPicture department={department} size={48} />
        {onEdit && <CardEditButton name={department.name} onClick={() => onEdit(department)} />}
      </Group>
      <Text fw={600} size="lg" mt="md" style={{ overflowWrap: 'anywhere' }}>
        {linked ? (
          <Link to={paths.department(department.id)} className={classes.link}>
            {department.name}
          </Link>
        ) : (
          department.name
        )}
      </Text>
      {showOrganization && (
        <Text size="xs" fw={600} tt="uppercase" c="dimmed" mt={2}>
          {department.organizationName}
        </Text>
      )}
      <Text size="sm" c="dimmed" mt={4}>
        {departmentSummary(department)}
      </Text>
    </Card>
  );
}
