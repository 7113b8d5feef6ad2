import { Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import { formatMinutes, formatMoney, formatTaxRate, type Invoice, type InvoiceLine } from '@smart/contracts';
import { useWideEnough } from '@/lib/element-width';

/** Narrower than this the five columns would scroll sideways, the totals out of sight: lines read as a list. */
const TABLE_MIN_WIDTH_PX = 560;

const nowrap = { whiteSpace: 'nowrap' } as const;
const RECORD_TYPE = { task: 'Task', ticket: 'Ticket' } as const;

/** A line's rate, or a visible "No rate": the advisor has none for these days (issuing needs one). */
function LineRate({ line, currency }: { line: InvoiceLine; currency: string }) {
  if (line.hourlyRateMinor === null) {
    return (
      <Badge color="red" variant="light">
        No rate
      </Badge>
    );
  }
  return <>{formatMoney(line.hourlyRateMinor, currency)}</>;
}

/** "Task: Review the budget": what a line's hours were spent on. */
function LineRecord({ line }: { line: InvoiceLine }) {
  return (
    <>
      <Text span size="xs" c="dimmed">
        {RECORD_TYPE[line.recordType]}:{' '}
      </Text>
      {line.recordTitle}
    </>
  );
}

const lineKey = (line: InvoiceLine) => `${line.advisor.id}-${line.recordType}-${line.recordId}-${line.hourlyRateMinor}`;

/** The invoice's lines (advisor × task or ticket × rate) and its totals: a table where it fits, else a list. */
export function InvoiceLines({ invoice }: { invoice: Invoice }) {
  const [frame, wide] = useWideEnough<HTMLDivElement>(TABLE_MIN_WIDTH_PX);
  return (
    <Box ref={frame} role="group" aria-label="Invoice lines and totals">
      {wide ? <LinesTable invoice={invoice} /> : <LinesList invoice={invoice} />}
    </Box>
  );
}

/** The totals' rows: subtotal, tax at its rate, total. */
function totalsOf(invoice: Invoice) {
  return [
    { label: 'Subtotal', minor: invoice.subtotalMinor },
    { label: `Tax (${formatTaxRate(invoice.taxRateBasisPoints)})`, minor: invoice.taxMinor },
    { label: 'Total', minor: invoice.totalMinor, strong: true },
  ];
}

function LinesTable({ invoice }: { invoice: Invoice }) {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  return (
    <Table verticalSpacing={6}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Advisor</Table.Th>
          <Table.Th>Task or ticket</Table.Th>
          <Table.Th ta="right">Hours</Table.Th>
          <Table.Th ta="right">Rate</Table.Th>
          <Table.Th ta="right">Amount</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {invoice.lines.map((line) => (
          <Table.Tr key={lineKey(line)}>
            <Table.Td style={nowrap}>{line.advisor.name}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <LineRecord line={line} />
            </Table.Td>
            <Table.Td ta="right" style={nowrap}>
              {formatMinutes(line.minutes)}
            </Table.Td>
            <Table.Td ta="right" style={nowrap}>
              <LineRate line={line} currency={invoice.currency} />
            </Table.Td>
            <Table.Td ta="right" style={nowrap}>
              {money(line.amountMinor)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot style={{ borderTop: '2px solid var(--mantine-color-default-border)' }}>
        {totalsOf(invoice).map((total) => (
          <Table.Tr key={total.label}>
            <Table.Th scope="row" colSpan={4} ta="right" fw={total.strong ? 700 : 500}>
              {total.label}
            </Table.Th>
            <Table.Td ta="right" fw={total.strong ? 700 : undefined} style={nowrap}>
              {money(total.minor)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tfoot>
    </Table>
  );
}

function LinesList({ invoice }: { invoice: Invoice }) {
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  return (
    <Stack gap="sm">
      <Stack component="ul" gap={0} m={0} p={0} aria-label="Invoice lines" style={{ listStyle: 'none' }}>
        {invoice.lines.map((line) => (
          <Box
            key={lineKey(line)}
            component="li"
            py="xs"
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <LineRecord line={line} />
            </Text>
            <Text size="sm" c="dimmed">
              {line.advisor.name}
            </Text>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Group gap={6} wrap="nowrap">
                <Text size="sm">{formatMinutes(line.minutes)} at</Text>
                <Text size="sm" component="span">
                  <LineRate line={line} currency={invoice.currency} />
                </Text>
              </Group>
              <Text size="sm" fw={600} style={nowrap}>
                {money(line.amountMinor)}
              </Text>
            </Group>
          </Box>
        ))}
      </Stack>
      <Table verticalSpacing={4} withRowBorders={false}>
        <Table.Tbody>
          {totalsOf(invoice).map((total) => (
            <Table.Tr key={total.label}>
              <Table.Th scope="row" fw={total.strong ? 700 : 500}>
                {total.label}
              </Table.Th>
              <Table.Td ta="right" fw={total.strong ? 700 : undefined} style={nowrap}>
                {money(total.minor)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
