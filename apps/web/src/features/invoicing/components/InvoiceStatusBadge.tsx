import { Badge } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@smart/contracts';

/** A draft still changes with the approved time; an issued invoice is fixed. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge color={status === 'issued' ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
