import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { formatMinutes, type Invoice, invoiceTitle, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { BackLink } from '@/components/BackLink';
import { ConfirmModal } from '@/components/ConfirmModal';
import { DownloadButton } from '@/components/DownloadButton';
import { EmptyState } from '@/components/ListView';
import { RecordState } from '@/components/RecordState';
import { fullMonthLabel } from '@/lib/calendar-labels';
import { paths } from '@/lib/paths';
import { toastSuccess } from '@/lib/toast';
import { formatMoment } from '@/lib/work-format';
import { invoiceFiles, useDeleteInvoice, useInvoice, useIssueInvoice } from '../api';
import { InvoiceLines } from '../components/InvoiceLines';
import { InvoiceStatusBadge } from '../components/InvoiceStatusBadge';
import { invoiceFullName } from '../invoicing-format';

const BACK = { to: paths.invoicingTab('invoices'), label: 'Back to invoices' };

/** /dashboard/invoicing/invoices/{invoiceId}: one invoice, its lines and totals, its files and what may be done with it. */
export default function InvoicePage() {
  const { invoiceId = '' } = useParams();
  const invoice = useInvoice(invoiceId);
  return (
    <RecordState
      query={invoice}
      back={BACK}
      notFound={UI_TEXT.invoiceNotFound}
      failMessage={UI_TEXT.fetchInvoicesFailed}
    >
      {(loaded) => <InvoiceView invoice={loaded} />}
    </RecordState>
  );
}

type Confirming = 'issue' | 'delete' | null;

function InvoiceView({ invoice }: { invoice: Invoice }) {
  const navigate = useNavigate();
  const issue = useIssueInvoice();
  const remove = useDeleteInvoice();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const draft = invoice.status === 'draft';
  const manages = draft && invoice.permissions.canManage;
  const files = invoiceFiles(invoice.id);
  const fileName = `${invoice.number === null ? 'invoice-draft' : invoiceTitle(invoice)}-${invoice.month}`;
  const ask = (what: Confirming) => {
    issue.reset();
    remove.reset();
    setConfirming(what);
  };

  return (
    <Stack gap="lg">
      <BackLink to={BACK.to}>{BACK.label}</BackLink>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0}>
          <Group gap="sm" align="center">
            <Title order={1}>{draft ? 'Invoice draft' : invoiceTitle(invoice)}</Title>
            <InvoiceStatusBadge status={invoice.status} />
          </Group>
          <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {invoice.organizationName} · {fullMonthLabel(invoice.month)}
            {invoice.issuedAt && ` · Issued ${formatMoment(invoice.issuedAt)}`}
          </Text>
        </Stack>
        <Group gap="xs">
          <DownloadButton file={{ url: files.pdf, fileName: `${fileName}.pdf` }}>PDF</DownloadButton>
          <DownloadButton file={{ url: files.csv, fileName: `${fileName}.csv` }}>CSV</DownloadButton>
        </Group>
      </Group>
      {draft && <DraftNotices invoice={invoice} />}
      {invoice.lines.length === 0 ? (
        <EmptyState
          empty={{
            title: 'No approved billable hours',
            text: `Nothing of ${fullMonthLabel(invoice.month)} is approved yet. Approved hours show here as their periods are approved.`,
          }}
        />
      ) : (
        <InvoiceLines invoice={invoice} />
      )}
      {manages && (
        <Group gap="sm">
          {/* Nothing to bill yet: issuing would be refused. */}
          {invoice.lines.length > 0 && <Button onClick={() => ask('issue')}>Issue invoice</Button>}
          <Button variant="default" color="red" onClick={() => ask('delete')}>
            Delete draft
          </Button>
        </Group>
      )}
      <ConfirmModal
        opened={confirming === 'issue'}
        message={`Issue ${invoiceFullName(invoice)}? Issuing fixes its lines and gives it the next number.`}
        confirmLabel="Issue"
        destructive={false}
        busy={issue.isPending}
        error={issue.error?.message}
        onConfirm={() =>
          issue.mutate(invoice.id, {
            onSuccess: () => {
              setConfirming(null);
              toastSuccess(UI_TEXT.invoiceIssued);
            },
          })
        }
        onClose={() => setConfirming(null)}
      />
      <ConfirmModal
        opened={confirming === 'delete'}
        message={`Delete ${invoiceFullName(invoice)}? Its hours stay approved, and a new draft can be started for the month.`}
        confirmLabel="Delete draft"
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() =>
          remove.mutate(invoice.id, {
            onSuccess: () => {
              toastSuccess(UI_TEXT.invoiceDeleted);
              navigate(BACK.to);
            },
          })
        }
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}

/** What a draft does not hold yet: time not approved, and hours without a rate (issuing needs one). */
function DraftNotices({ invoice }: { invoice: Invoice }) {
  const unrated = invoice.lines.some((line) => line.hourlyRateMinor === null);
  if (invoice.unapprovedMinutes === 0 && !unrated) return null;
  return (
    <Stack gap="xs">
      {invoice.unapprovedMinutes > 0 && (
        <Alert color="yellow" variant="light">
          {formatMinutes(invoice.unapprovedMinutes)} of billable time this month is not approved yet and is not on this
          draft.
        </Alert>
      )}
      {unrated && (
        <Alert color="orange" variant="light">
          Some hours have no rate: the advisor has no hourly rate for their days. The organization admin sets one under
          Rates and tax before the invoice can be issued.
        </Alert>
      )}
    </Stack>
  );
}
