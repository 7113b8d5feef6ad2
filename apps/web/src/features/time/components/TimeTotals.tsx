import { Box, Stack, Table, Text } from '@mantine/core';
import { formatMinutes } from '@smart/contracts';
import type { ReactNode } from 'react';

export interface TotalsRow {
  /** "Week of 11/23/2026", "November 2026". */
  label: string;
  minutes: number;
  billableMinutes: number;
  /** What goes beside the figures, one per `extraHeadings` (the month's PDF statement, the approval). */
  extras?: ReactNode[];
}

interface TimeTotalsProps {
  caption: string;
  /** The heading over the rows' labels ("Week", "Month"). */
  labelHeading: string;
  rows: TotalsRow[];
  /** The headings of the rows' `extras` columns. */
  extraHeadings?: string[];
  /** A table where its columns fit; else (a phone) a list read top to bottom. */
  wide: boolean;
}

/** Hours per week or month: in all and billable. */
export function TimeTotals({ caption, labelHeading, rows, extraHeadings = [], wide }: TimeTotalsProps) {
  return wide ? (
    <TotalsTable caption={caption} labelHeading={labelHeading} rows={rows} extraHeadings={extraHeadings} />
  ) : (
    <TotalsList caption={caption} rows={rows} />
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;

function TotalsTable({ caption, labelHeading, rows, extraHeadings = [] }: Omit<TimeTotalsProps, 'wide'>) {
  return (
    <Table w="auto" verticalSpacing={4} captionSide="top">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{labelHeading}</Table.Th>
          <Table.Th>Time</Table.Th>
          <Table.Th>Billable</Table.Th>
          {extraHeadings.map((heading) => (
            <Table.Th key={heading}>{heading}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.label}>
            <Table.Th scope="row" fw={400} style={nowrap}>
              {row.label}
            </Table.Th>
            <Table.Td style={nowrap}>{formatMinutes(row.minutes)}</Table.Td>
            <Table.Td style={nowrap}>{formatMinutes(row.billableMinutes)}</Table.Td>
            {extraHeadings.map((heading, index) => (
              <Table.Td key={heading}>{row.extras?.[index]}</Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function TotalsList({ caption, rows }: Pick<TimeTotalsProps, 'caption' | 'rows'>) {
  return (
    <Stack gap={6} w="100%">
      <Text size="sm" c="dimmed" fw={500}>
        {caption}
      </Text>
      <Stack component="ul" gap={6} m={0} p={0} aria-label={caption} style={{ listStyle: 'none' }}>
        {rows.map((row, index) => (
          <Stack
            key={row.label}
            component="li"
            gap={4}
            pt={index > 0 ? 6 : 0}
            style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
          >
            <Box>
              <Text size="sm" fw={500}>
                {row.label}
              </Text>
              <Text size="sm" c="dimmed">
                {formatMinutes(row.minutes)}, {formatMinutes(row.billableMinutes)} billable
              </Text>
            </Box>
            {row.extras?.map((extra, extraIndex) => (
              // The extras are fixed columns, in their order.
              // biome-ignore lint/suspicious/noArrayIndexKey: a column's place is its identity
              <Box key={extraIndex}>{extra}</Box>
            ))}
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
