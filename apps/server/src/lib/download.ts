import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** What a generated file is sent as: its media type. */
const MEDIA_TYPES = { csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' } as const;

/**
 * Sends a generated file (a statement, an invoice, a CSV) as a download, not the JSON envelope
 * (such endpoints document only their errors): private to the caller, never cached. `fileName`
 * is ASCII the caller built (no quotes).
 */
export function sendDownload(
  reply: FastifyReply,
  kind: keyof typeof MEDIA_TYPES,
  fileName: string,
  body: Readable | Uint8Array,
) {
  const payload = body instanceof Uint8Array ? Buffer.from(body.buffer, body.byteOffset, body.byteLength) : body;
  return reply
    .header('Content-Type', MEDIA_TYPES[kind])
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'private, no-store')
    .send(payload);
}
