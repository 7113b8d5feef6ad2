import { Box, Table, useMatches } from '@mantine/core';

export interface FigureRow {
  label: string;
  values: (string | number)[];
}

interface FigureTableProps {
  caption: string;
  /** The heading of the row labels' column, then of each value's. */
  rowHeading: string;
  columns: string[];
  rows: FigureRow[];
  /** Row labels may wrap (project titles); short ones (weeks, months) keep to one line. */
  wrapLabels?: boolean;
}

/**
 * A chart's figures as a table: one row per week, month or category, its label as the row's
 * header. Too wide for a phone, it scrolls sideways in a box the keyboard can reach.
 */
export function FigureTable({ caption, rowHeading, columns, rows, wrapLabels = false }: FigureTableProps) {
  // Smaller type on a phone: a week's six columns then fit 390 px without scrolling.
  const fontSize = useMatches({ base: 'xs', sm: 'sm' });
  return (
    // A scrolling box takes focus, so the keyboard can scroll it.
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={`${caption}, a table`}>
      <Table fz={fontSize} verticalSpacing={4} horizontalSpacing={6} captionSide="top" striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{rowHeading}</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column} scope="col" ta="right">
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            // Labels may repeat (two projects of one name): the position tells rows apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are rebuilt whole with each answer.
            <Table.Tr key={index}>
              <Table.Th scope="row" fw={400} style={wrapLabels ? undefined : { whiteSpace: 'nowrap' }}>
                {row.label}
              </Table.Th>
              {row.values.map((value, index) => (
                <Table.Td key={columns[index]} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {value}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
