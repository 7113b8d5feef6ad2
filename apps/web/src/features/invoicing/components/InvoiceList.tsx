import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { formatMinutes, formatMoney, type InvoiceSummary, invoiceTitle } from '@smart/contracts';
import { Link } from 'react-router';
import { fullMonthLabel } from '@/lib/calendar-labels';
import { useWideEnough } from '@/lib/element-width';
import { paths } from '@/lib/paths';
import { invoiceFullName } from '../invoicing-format';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';

/** Narrower than this the table's six columns would scroll sideways: the invoices read as cards. */
const TABLE_MIN_WIDTH_PX = 640;

const nowrap = { whiteSpace: 'nowrap' } as const;

/** Its number (or "Draft"), linking to the invoice; named in full, as several say "Draft". */
function InvoiceLink({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <Anchor component={Link} to={paths.invoice(invoice.id)} fw={600} size="sm" aria-label={invoiceFullName(invoice)}>
      {invoiceTitle(invoice)}
    </Anchor>
  );
}

/** Invoices newest month first: a table where it fits, else one card each. */
export function InvoiceList({ invoices }: { invoices: InvoiceSummary[] }) {
  const [frame, wide] = useWideEnough<HTMLDivElement>(TABLE_MIN_WIDTH_PX);
  return <div ref={frame}>{wide ? <InvoiceTable invoices={invoices} /> : <InvoiceCards invoices={invoices} />}</div>;
}

function InvoiceTable({ invoices }: { invoices: InvoiceSummary[] }) {
  return (
    <Table verticalSpacing="sm" aria-label="Invoices">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Invoice</Table.Th>
          <Table.Th>Organization</Table.Th>
          <Table.Th>Month</Table.Th>
          <Table.Th ta="right">Hours</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoices.map((invoice) => (
          <Table.Tr key={invoice.id}>
            <Table.Td style={nowrap}>
              <InvoiceLink invoice={invoice} />
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{invoice.organizationName}</Table.Td>
            <Table.Td style={nowrap}>{fullMonthLabel(invoice.month)}</Table.Td>
            <Table.Td ta="right" style={nowrap}>
              {formatMinutes(invoice.minutes)}
            </Table.Td>
            <Table.Td ta="right" style={nowrap}>
              {formatMoney(invoice.totalMinor, invoice.currency)}
            </Table.Td>
            <Table.Td>
              <InvoiceStatusBadge status={invoice.status} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function InvoiceCards({ invoices }: { invoices: InvoiceSummary[] }) {
  return (
    <Stack component="ul" gap="xs" m={0} p={0} aria-label="Invoices" style={{ listStyle: 'none' }}>
      {invoices.map((invoice) => (
        <Paper key={invoice.id} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Stack gap={2} miw={0}>
              <InvoiceLink invoice={invoice} />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {invoice.organizationName} · {fullMonthLabel(invoice.month)}
              </Text>
              <Text size="sm" c="dimmed">
                {formatMinutes(invoice.minutes)} ·{' '}
                <Text span fw={600} c="var(--mantine-color-text)">
                  {formatMoney(invoice.totalMinor, invoice.currency)}
                </Text>
              </Text>
            </Stack>
            <InvoiceStatusBadge status={invoice.status} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
