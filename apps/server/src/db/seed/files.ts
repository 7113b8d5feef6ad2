import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { AttachableRecordType } from '@smart/contracts';
import type { FileStorage } from '../../storage/index.js';
import type { Database } from '../client.js';
import { files } from '../schema/index.js';
import type { DemoAttachment } from './demo-work.js';

/** Demo files: their bytes (a small PDF or CSV), their rows on records, and their storage after the commit. */

/** A one-page PDF showing `text`: valid enough for every viewer, small enough to build by hand. */
export function onePagePdf(text: string): Buffer {
  const escaped = text.replace(/[\\()]/g, (character) => `\\${character}`);
  const stream = `BT /F1 14 Tf 56 760 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export function attachmentBytes(attachment: DemoAttachment): { bytes: Buffer; contentType: string; extension: string } {
  return attachment.kind === 'pdf'
    ? { bytes: onePagePdf(attachment.content), contentType: 'application/pdf', extension: 'pdf' }
    : { bytes: Buffer.from(`${attachment.content}\n`), contentType: 'text/csv', extension: 'csv' };
}

/** A demo file whose row is written; its bytes are stored once the seeding transaction commits. */
export interface DemoFileToStore {
  key: string;
  bytes: Buffer;
  contentType: string;
}

/** Writes a demo file's row on its record (inside the seeding transaction). */
export async function insertDemoFile(
  tx: Pick<Database, 'insert'>,
  attachment: DemoAttachment,
  record: { organizationId: string; recordType: AttachableRecordType; recordId: string; uploadedBy: string },
): Promise<DemoFileToStore> {
  const { bytes, contentType, extension } = attachmentBytes(attachment);
  const key = `${randomUUID()}.${extension}`;
  await tx.insert(files).values({ key, originalName: attachment.name, contentType, size: bytes.length, ...record });
  return { key, bytes, contentType };
}

/** Stores the bytes of the demo files whose rows committed. */
export async function storeDemoFiles(storage: FileStorage, toStore: DemoFileToStore[]) {
  for (const { key, bytes, contentType } of toStore) await storage.save(key, Readable.from(bytes), contentType);
}
