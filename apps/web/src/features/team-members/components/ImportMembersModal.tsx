import { Alert, Anchor, Button, FileInput, Group, Loader, Stack, Text } from '@mantine/core';
import {
  MEMBER_IMPORT_MAX_BYTES,
  MEMBER_IMPORT_MAX_ROWS,
  MEMBER_IMPORT_TEMPLATE_NAME,
  type MemberImportReport,
  membersImportedMessage,
  UI_TEXT,
} from '@smart/contracts';
import { useState } from 'react';
import { HiDownload, HiUpload } from 'react-icons/hi?lazy';
import { FormError } from '@/components/FormError';
import { LockedModal } from '@/components/LockedModal';
import { saveTextFile } from '@/lib/save-file';
import { useIsPhone } from '@/lib/viewport';
import { useImportMembers, usePreviewMemberImport } from '../api';
import { importReportCsv, importReportName, MEMBER_IMPORT_TEMPLATE_HREF } from '../import-report';
import { ImportReportTable } from './ImportReportTable';

interface ImportMembersModalProps {
  opened: boolean;
  onClose: () => void;
  organizationId: string;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function Summary({ report }: { report: MemberImportReport }) {
  const { rows, valid, invalid, seatsAvailable } = report.summary;
  return (
    <Text size="sm" role="status">
      {plural(rows, 'row')}: {valid} ready, {invalid} with problems. {plural(seatsAvailable, 'seat')} left on the
      subscription.
    </Text>
  );
}

/**
 * Import from CSV: a file is checked by the server at once (the preview: every row's problems in
 * the add-member form's order, the seats left), then imported whole or not at all. Import stays
 * disabled while the preview refuses the file; a refusal at import (someone took an address
 * meanwhile) checks the file again, so the table shows why. The report downloads as CSV, made here
 * from the answer.
 */
export function ImportMembersModal({ opened, onClose, organizationId }: ImportMembersModalProps) {
  const narrow = useIsPhone();
  const preview = usePreviewMemberImport();
  const importing = useImportMembers(organizationId);
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const busy = preview.isPending || importing.isPending;

  function choose(next: File | null) {
    setFile(next);
    importing.reset();
    preview.reset();
    setTooLarge(next !== null && next.size > MEMBER_IMPORT_MAX_BYTES);
    if (next && next.size <= MEMBER_IMPORT_MAX_BYTES) preview.mutate(next);
  }

  function close() {
    choose(null);
    onClose();
  }

  const result = importing.data;
  const report = result ?? preview.data;
  const error = tooLarge ? UI_TEXT.importFileTooLarge : (importing.error?.message ?? preview.error?.message);
  const downloadReport = () => report && saveTextFile(importReportName(report), importReportCsv(report), 'text/csv');

  return (
    <LockedModal
      opened={opened}
      busy={busy}
      title="Import Members from CSV"
      onClose={close}
      size="xl"
      fullScreen={narrow}
    >
      <Stack gap="sm">
        {!result && (
          <>
            {!report && (
              <Text size="sm">
                The first row names the columns: First name, Last name and Email, and any of Job title, Department,
                Phone and Role (user or org_admin; empty means user). At most{' '}
                {MEMBER_IMPORT_MAX_ROWS.toLocaleString('en-US')} members a file. Each member gets an email with a link
                to choose a password.
              </Text>
            )}
            <Anchor href={MEMBER_IMPORT_TEMPLATE_HREF} download={MEMBER_IMPORT_TEMPLATE_NAME} size="sm" w="fit-content">
              Download the template
            </Anchor>
            <FileInput
              label="CSV file"
              placeholder="Choose a file"
              accept=".csv,text/csv"
              value={file}
              onChange={choose}
              clearable
              disabled={busy}
              leftSection={<HiUpload aria-hidden />}
            />
          </>
        )}
        {preview.isPending && (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">Checking the file...</Text>
          </Group>
        )}
        <FormError message={error} />
        {result && (
          <Alert color="green" variant="light" role="status">
            {membersImportedMessage(result.summary.valid)}
          </Alert>
        )}
        {report && !result && <Summary report={report} />}
        {report?.refusal && !result && (
          <Alert color="yellow" variant="light" title="This file cannot be imported yet">
            {report.refusal}
          </Alert>
        )}
        {report && <ImportReportTable report={report} narrow={narrow} />}
        {/* Stuck to the bottom of the dialog, so a long file's rows never push the buttons out of reach. */}
        <Group
          justify="space-between"
          gap="sm"
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 1, borderTop: report ? '1px solid var(--mantine-color-default-border)' : undefined }}
        >
          {report ? (
            <Button variant="default" leftSection={<HiDownload aria-hidden />} onClick={downloadReport}>
              Download report
            </Button>
          ) : (
            <span />
          )}
          {result ? (
            <Button onClick={close}>Done</Button>
          ) : (
            <Group gap="sm">
              <Button variant="default" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button
                loading={importing.isPending}
                disabled={!file || !report || report.refusal !== null || preview.isPending}
                onClick={() => file && importing.mutate(file, { onError: () => preview.mutate(file) })}
              >
                {report && !report.refusal ? `Import ${plural(report.summary.valid, 'member')}` : 'Import'}
              </Button>
            </Group>
          )}
        </Group>
      </Stack>
    </LockedModal>
  );
}
