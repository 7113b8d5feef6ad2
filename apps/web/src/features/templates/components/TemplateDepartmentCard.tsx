import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { TemplateDepartment } from '@smart/contracts';
import { Link } from 'react-router';
import { CardEditButton } from '@/components/CardEditButton';
import { DepartmentIcon } from '@/components/DepartmentIcon';
import classes from '@/components/LinkCard.module.css';
import { paths } from '@/lib/paths';
import { templateCountText } from '../template-labels';
import { DepartmentBadges } from './DepartmentBadges';

interface TemplateDepartmentCardProps {
  department: TemplateDepartment;
  /** Shown to admins (permissions.canEdit). */
  onEdit?: ((department: TemplateDepartment) => void) | undefined;
}

/** A department of the library: icon, name, description, template count, Popular badge. */
export function TemplateDepartmentCard({ department, onEdit }: TemplateDepartmentCardProps) {
  const { settings } = department;
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      className={classes.card}
      component="article"
      opacity={settings.isActive ? 1 : 0.7}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ThemeIcon size={48} radius="md" variant="light" color={settings.color}>
          <DepartmentIcon icon={settings.icon} size={26} />
        </ThemeIcon>
        <Group gap={6} wrap="nowrap">
          <DepartmentBadges department={department} />
          {onEdit && <CardEditButton name={department.name} onClick={() => onEdit(department)} />}
        </Group>
      </Group>
      <Text fw={600} size="lg" mt="md" style={{ overflowWrap: 'anywhere' }}>
        <Link to={paths.templateDepartment(department.id)} className={classes.link}>
          {department.name}
        </Link>
      </Text>
      <Text size="sm" c="dimmed" mt={4} lineClamp={3}>
        {department.description}
      </Text>
      <Text size="sm" fw={500} mt="md" c={settings.color}>
        {templateCountText(department.templateCount)}
      </Text>
    </Card>
  );
}
