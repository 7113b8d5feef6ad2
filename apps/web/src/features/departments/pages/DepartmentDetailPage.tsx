import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { HiArrowLeft } from 'react-icons/hi';
import { Link, useParams, useSearchParams } from 'react-router';
import { RecordState } from '@/components/RecordState';
import { paths } from '@/lib/paths';
import { useDepartment } from '../api';
import { DepartmentPicture } from '../components/DepartmentPicture';
import { DetailsTab } from '../components/DetailsTab';
import { PeopleTab } from '../components/PeopleTab';
import { TeamsTab } from '../components/TeamsTab';

const TABS = ['people', 'teams', 'details'] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

function BackToDepartments() {
  return (
    <Button
      component={Link}
      to={paths.departments}
      variant="subtle"
      leftSection={<HiArrowLeft size={16} aria-hidden />}
      px="xs"
      w="fit-content"
    >
      Back
    </Button>
  );
}

/** /dashboard/departments/{departmentId} (Department detail page). */
export default function DepartmentDetailPage() {
  const { departmentId = '' } = useParams();
  if (!departmentId) {
    return (
      <Stack gap="md">
        <BackToDepartments />
        <Text c="red">{UI_TEXT.noDepartmentId}</Text>
      </Stack>
    );
  }
  // Keyed by id: another department starts on its own tab state and queries.
  return <DepartmentDetail key={departmentId} departmentId={departmentId} />;
}

function DepartmentDetail({ departmentId }: { departmentId: string }) {
  const department = useDepartment(departmentId);
  // The tab lives in the URL, so coming back from a team returns to the Teams tab.
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'people';

  if (!department.isSuccess) {
    return (
      <RecordState
        query={department}
        back={{ to: paths.departments, label: 'Back to Departments' }}
        notFound={UI_TEXT.departmentNotFound}
        failMessage={UI_TEXT.fetchDepartmentFailed}
      >
        {() => null}
      </RecordState>
    );
  }
  const data = department.data;
  // The server says what this user may change here (the same policy that guards the changes).
  const canManage = data.permissions.canEdit;
  return (
    <Stack gap="lg">
      <BackToDepartments />
      <Group gap="md" wrap="nowrap" align="flex-start">
        <DepartmentPicture department={data} size={56} />
        <div style={{ minWidth: 0 }}>
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {data.name}
          </Title>
          {data.description && (
            <Text c="dimmed" lineClamp={3}>
              {data.description}
            </Text>
          )}
        </div>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => setSearchParams(value && value !== 'people' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="people">People</Tabs.Tab>
          <Tabs.Tab value="teams">Teams</Tabs.Tab>
          <Tabs.Tab value="details">Details</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="people">
          <PeopleTab department={data} canManage={canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="teams">
          <TeamsTab department={data} canManage={canManage} />
        </Tabs.Panel>
        <Tabs.Panel value="details">
          <DetailsTab department={data} canManage={canManage} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
