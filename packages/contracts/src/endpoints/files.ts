import { endpoint, pathOf } from '../endpoint.js';
import { envelope, errorResponse, idParams, messageEnvelope } from '../schemas/common.js';
import { downloadLinkSchema, fileInfoSchema, signedLinkQuery } from '../schemas/file-access.js';
import { fileKeyParams, SIGNED_URL_TTL_SECONDS, storageUsageSchema, uploadedFileSchema } from '../schemas/files.js';
import { attachmentParams, attachmentSchema } from '../schemas/work.js';

const tags = ['Files'];
const readableFileRule =
  'An attached file only for those who may read its record, an upload not yet used only for its uploader (else 404).';

/** Uploads, pictures by key, access-checked downloads through signed links, and an organization's storage. */
export const fileEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/api/files/upload',
    operationId: 'uploadFile',
    scope: ['projects:write', 'tickets:write', 'messages:write'],
    tags,
    summary: 'Upload one file (multipart field "file", at most 10 MB)',
    description:
      "The stored type is sniffed from the content. Larger files, and files that would take the uploader's organization past its storage quota, are refused with 413 and nothing is stored. The upload is private to its uploader until a record takes it or it becomes a picture; one never used is deleted after 24 hours.",
    consumes: ['multipart/form-data'],
    responses: { 201: envelope(uploadedFileSchema), 413: errorResponse },
  }),
  /** Answers the file's bytes, not JSON. */
  picture: endpoint({
    method: 'GET',
    path: '/api/files/:key',
    operationId: 'getFile',
    tags,
    summary: 'A picture (an avatar, a logo, a department image), by its unguessable key',
    description:
      'Images inline. Any other file (attached to a record, or an upload not yet used as a picture) is 404 here.',
    params: fileKeyParams,
    responses: {},
    public: true,
  }),
  info: endpoint({
    method: 'GET',
    path: '/api/files/info/:key',
    operationId: 'getFileInfo',
    scope: ['projects:read', 'tickets:read', 'messages:read'],
    tags,
    summary: "A file's name, type, size, upload time and uploader",
    description: readableFileRule,
    params: fileKeyParams,
    responses: { 200: envelope(fileInfoSchema) },
  }),
  downloadLink: endpoint({
    method: 'GET',
    path: '/api/files/download/:key',
    operationId: 'getFileDownloadUrl',
    scope: ['projects:read', 'tickets:read', 'messages:read'],
    tags,
    summary: `A link that downloads the file for ${SIGNED_URL_TTL_SECONDS / 60} minutes`,
    description: readableFileRule,
    params: fileKeyParams,
    responses: { 200: envelope(downloadLinkSchema) },
  }),
  /** Answers the file's bytes; the signature is the credential: whoever was given the link may use it until it expires. */
  signed: endpoint({
    method: 'GET',
    path: '/api/files/signed/:key',
    operationId: 'downloadSignedFile',
    tags,
    summary: 'Serves a file through a signed link from GET /api/files/download/{key}',
    description:
      'As an attachment, never cached; `inline=1` shows images and PDFs in the page. An invalid or expired link is 403.',
    params: fileKeyParams,
    query: signedLinkQuery,
    responses: { 403: errorResponse },
    public: true,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/files/:key',
    operationId: 'deleteFile',
    scope: ['projects:write', 'tickets:write', 'messages:write'],
    tags,
    summary: 'Delete a file: its uploader or an admin',
    description:
      'Never a file attached to a record the caller cannot change (403); an attached file only for those who may read its record, an upload not yet used only for its uploader (else 404).',
    params: fileKeyParams,
    responses: { 200: messageEnvelope, 403: errorResponse },
  }),
  storage: endpoint({
    method: 'GET',
    path: '/api/organizations/:id/storage',
    operationId: 'getOrganizationStorage',
    scope: 'people:read',
    tags: ['Organizations'],
    summary: "The bytes the organization's files take, against its storage quota (its org_admin, admin)",
    description:
      'Uploads past the quota are refused with 413. Counted: files attached to its records, and uploads by its people not yet used or used as pictures.',
    params: idParams,
    responses: { 200: envelope(storageUsageSchema), 403: errorResponse, 404: errorResponse },
  }),
};

/** Where a stored picture is served (`fileUrl` of an upload). */
export const fileUrlOf = (key: string) => pathOf(fileEndpoints.picture, { key });
/** Where a signed-in user asks for a file's short-lived download link (an attachment's `url`). */
export const fileDownloadPathOf = (key: string) => pathOf(fileEndpoints.downloadLink, { key });

/** The records with attachment routes of their own, by their path under /api, with their names in the document. */
const ATTACHMENT_RECORDS = {
  tasks: { name: 'Task', tag: 'Tasks' },
  objectives: { name: 'Objective', tag: 'Objectives' },
} as const;
export type AttachmentRecordPath = keyof typeof ATTACHMENT_RECORDS;

/**
 * POST /api/{records}/{id}/attachments (multipart field "file") and DELETE
 * /api/{records}/{id}/attachments/{attachmentId} of one kind of record: `attachmentEndpoints('tasks')`.
 */
export function attachmentEndpoints<const Records extends AttachmentRecordPath>(records: Records) {
  const { name, tag } = ATTACHMENT_RECORDS[records];
  const record = name.toLowerCase();
  return {
    add: endpoint({
      method: 'POST',
      path: `/api/${records}/:id/attachments`,
      operationId: `add${name}Attachment`,
      tags: [tag],
      summary: `Attach one file to a ${record} (multipart field "file", at most 10 MB)`,
      description: `Whoever may read the ${record} may attach files; the type is sniffed from the content. A file that would take the ${record}'s organization past its storage quota is refused with 413.`,
      params: idParams,
      consumes: ['multipart/form-data'],
      responses: { 201: envelope(attachmentSchema), 403: errorResponse, 413: errorResponse },
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `/api/${records}/:id/attachments/:attachmentId`,
      operationId: `remove${name}Attachment`,
      tags: [tag],
      summary: `Remove a file from a ${record}: its uploader, the ${record}'s creator, org_admin, admin`,
      params: attachmentParams,
      responses: { 200: messageEnvelope, 403: errorResponse },
    }),
  };
}
