import { Stack } from '@mantine/core';
import { UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { ListPageHeader } from '@/components/ListPageHeader';
import { ListView } from '@/components/ListView';
import { useAdvisors } from '../api';
import { AddAdvisorModal } from '../components/AddAdvisorModal';
import { AdvisorCard } from '../components/AdvisorCard';
import { AdvisorDetailsDrawer } from '../components/AdvisorDetailsDrawer';
import { AssignAdvisorModal } from '../components/AssignAdvisorModal';
import grid from '../components/CardGrid.module.css';

/**
 * /dashboard/smart-advisors (admin): every advisor's card with its assignments,
 * Assign to Org, View Details (a drawer where assignments are activated, deactivated or removed)
 * and Add Advisor. Dialogs hold the advisor's id and read it from the list, so they show each change.
 */
export default function SmartAdvisorsPage() {
  const advisors = useAdvisors();
  const [adding, setAdding] = useState(false);
  const [assigningId, setAssigningId] = useState<string | null>(null);
  const [details, setDetails] = useState<{ id: string; opened: boolean } | null>(null);
  const find = (id: string | undefined) => advisors.data?.find((advisor) => advisor.id === id);
  const assigning = find(assigningId ?? undefined);
  // Kept after closing, so the drawer's content stays while it slides out.
  const shown = find(details?.id);

  return (
    <Stack gap="lg">
      <ListPageHeader
        title={UI_TEXT.advisorsTitle}
        subtitle={UI_TEXT.advisorsSubtitle}
        heading="Advisors"
        total={advisors.data?.length}
        createLabel="Add Advisor"
        onCreate={() => setAdding(true)}
      />
      <ListView
        query={advisors}
        items={advisors.data}
        failMessage={UI_TEXT.loadAdvisorsFailed}
        empty={{ title: UI_TEXT.noAdvisorsTitle, text: UI_TEXT.noAdvisors }}
      >
        {(items) => (
          <div className={grid.grid}>
            {items.map((advisor) => (
              <AdvisorCard
                key={advisor.id}
                advisor={advisor}
                onViewDetails={() => setDetails({ id: advisor.id, opened: true })}
                onAssign={() => setAssigningId(advisor.id)}
              />
            ))}
          </div>
        )}
      </ListView>

      <AddAdvisorModal opened={adding} onClose={() => setAdding(false)} />
      {assigning && <AssignAdvisorModal key={assigning.id} advisor={assigning} onClose={() => setAssigningId(null)} />}
      <AdvisorDetailsDrawer
        advisor={shown ?? null}
        opened={details?.opened ?? false}
        onClose={() => setDetails((current) => current && { ...current, opened: false })}
      />
    </Stack>
  );
}
