import { Group, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import { MEMBER_IMPORT_COLUMNS, type MemberImportReport, type MemberImportRow } from '@smart/contracts';
import { useState } from 'react';

/** A cell's text, or a dash for an empty one. */
const shown = (text: string) => text.trim() || '—';
const PROBLEM_BACKGROUND = 'var(--mantine-color-red-light)';

function Outcome({ row, imported }: { row: MemberImportRow; imported: boolean }) {
  if (row.problems.length === 0) return <Text size="sm">{imported && row.memberId ? 'Added' : 'Ready'}</Text>;
  return (
    <Stack gap={2}>
      {row.problems.map((problem) => (
        <Text key={problem.field} size="sm" c="var(--mantine-color-red-text)">
          <b>{MEMBER_IMPORT_COLUMNS[problem.field].header}:</b> {problem.message}
        </Text>
      ))}
    </Stack>
  );
}

function Member({ row }: { row: MemberImportRow }) {
  const { firstName, lastName, email, jobTitle } = row.values;
  return (
    <>
      <Text size="sm" fw={500}>
        {shown(`${firstName} ${lastName}`)}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {shown(email)}
        {jobTitle.trim() && ` · ${jobTitle}`}
      </Text>
    </>
  );
}

const roleOf = (row: MemberImportRow) => row.values.role.trim() || 'user';

interface RowsProps {
  rows: MemberImportRow[];
  imported: boolean;
}

/** A table where there is room. */
function RowsTable({ rows, imported }: RowsProps) {
  return (
    <Table verticalSpacing="xs" aria-label="Rows of the file">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Row</Table.Th>
          <Table.Th>Member</Table.Th>
          <Table.Th>Department</Table.Th>
          <Table.Th>Role</Table.Th>
          <Table.Th>Result</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.row} bg={row.problems.length > 0 ? PROBLEM_BACKGROUND : undefined}>
            <Table.Td>{row.row}</Table.Td>
            <Table.Td>
              <Member row={row} />
            </Table.Td>
            <Table.Td>{shown(row.values.department)}</Table.Td>
            <Table.Td>{roleOf(row)}</Table.Td>
            <Table.Td>
              <Outcome row={row} imported={imported} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A card a row on a phone, its problems under it. */
function RowCards({ rows, imported }: RowsProps) {
  return (
    <Stack gap="xs" role="list" aria-label="Rows of the file">
      {rows.map((row) => (
        <Paper
          key={row.row}
          role="listitem"
          withBorder
          p="sm"
          bg={row.problems.length > 0 ? PROBLEM_BACKGROUND : undefined}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div>
              <Member row={row} />
            </div>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              Row {row.row}
            </Text>
          </Group>
          <Text size="xs" mt={4}>
            Department: {shown(row.values.department)} · Role: {roleOf(row)}
          </Text>
          <Stack mt={6}>
            <Outcome row={row} imported={imported} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * The rows of a preview or an import: each with its problems, highlighted, or what became of it;
 * a table on a wide screen, cards on a phone. A file with problems can show only those rows.
 */
export function ImportReportTable({ report, narrow }: { report: MemberImportReport; narrow: boolean }) {
  const [onlyProblems, setOnlyProblems] = useState(false);
  const rows = onlyProblems ? report.rows.filter((row) => row.problems.length > 0) : report.rows;
  const Rows = narrow ? RowCards : RowsTable;
  return (
    <Stack gap="xs">
      {report.summary.invalid > 0 && (
        <Switch
          label="Only rows with problems"
          checked={onlyProblems}
          onChange={(event) => setOnlyProblems(event.currentTarget.checked)}
        />
      )}
      <Rows rows={rows} imported={report.imported} />
    </Stack>
  );
}
