import { ActionIcon, Box, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatMoney, type InvoicingSettings, type Rate, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiTrash } from 'react-icons/hi';
import { ConfirmModal } from '@/components/ConfirmModal';
import { toastSuccess } from '@/lib/toast';
import { formatDay } from '@/lib/work-format';
import { useDeleteRate } from '../api';
import { AddRateForm } from './AddRateForm';

interface RatesSectionProps {
  organizationId: string;
  settings: InvoicingSettings;
  rates: Rate[];
}

const rateName = (rate: Rate) => `${rate.advisor.name}'s rate from ${formatDay(rate.effectiveFrom)}`;

/**
 * Hourly rates per advisor, each from its day on until a later one: the org_admin's and admin's
 * for every advisor, with Add rate; an advisor's own, to read.
 */
export function RatesSection({ organizationId, settings, rates }: RatesSectionProps) {
  const remove = useDeleteRate(organizationId);
  const [deleting, setDeleting] = useState<Rate | null>(null);
  const edits = settings.permissions.canEdit;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="rates-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h4" id="rates-title">
            {edits ? 'Hourly rates' : 'Your hourly rates'}
          </Title>
          <Text size="sm" c="dimmed">
            Approved billable hours are invoiced at the advisor's rate of their day. A later rate takes over from its
            day.
          </Text>
        </Stack>
        {rates.length === 0 ? (
          <Text c="dimmed">
            {edits
              ? 'No hourly rates yet. Add one for each advisor whose hours this organization pays.'
              : 'No hourly rate is set for you here yet: the organization admin sets it.'}
          </Text>
        ) : (
          <Box style={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label="Hourly rates">
            <Table verticalSpacing={6} horizontalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Advisor</Table.Th>
                  <Table.Th ta="right">Hourly rate</Table.Th>
                  <Table.Th>From</Table.Th>
                  {edits && (
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rates.map((rate) => (
                  <Table.Tr key={rate.id}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{rate.advisor.name}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatMoney(rate.hourlyRateMinor, rate.currency)}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(rate.effectiveFrom)}</Table.Td>
                    {edits && (
                      <Table.Td ta="right">
                        {rate.permissions.canDelete && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${rateName(rate)}`}
                            onClick={() => {
                              remove.reset();
                              setDeleting(rate);
                            }}
                          >
                            <HiTrash size={16} aria-hidden />
                          </ActionIcon>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        )}
        {edits && <AddRateForm organizationId={organizationId} currency={settings.currency} />}
      </Stack>
      <ConfirmModal
        opened={deleting !== null}
        message={
          deleting
            ? `Delete ${rateName(deleting)}? Drafts price those days at the rate before it, or show them without a rate. Issued invoices keep theirs.`
            : ''
        }
        confirmLabel="Delete"
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toastSuccess(UI_TEXT.rateDeleted);
            },
          })
        }
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
