import {
  MAX_TEMPLATE_FILE_BYTES,
  MAX_TEMPLATE_FILES,
  TEMPLATE_FILE_TYPES,
  type TemplateFileExtension,
  templateFileExtensionOf,
  UI_TEXT,
} from '@smart/contracts';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromStream } from 'file-type';
import { AppError, badRequest } from '../../lib/errors.js';
import { badTextError, findBadText } from '../../lib/request-validation.js';
import { type FileStorage, StorageUnavailableError } from '../../storage/index.js';
import { type StoredUpload, saveUploadBytes } from '../files/index.js';

/**
 * The multipart form of POST and PUT /api/templates: text fields, and documents under
 * the field `files`, each streamed into storage as it arrives (never buffered whole) and accepted
 * only when both its extension and its sniffed content are PDF, DOC or DOCX ('Only PDF and Word
 * documents are allowed'), at most 10 MB each (413). On any refusal every stored file is removed.
 */

/** What a document's content must sniff as for its extension (file-type names a .doc an OLE 'cfb'). */
const SNIFFED_TYPES: Record<TemplateFileExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/x-cfb',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
/** A DOCX is a ZIP: its head alone often sniffs as one, so its whole content is sniffed again. */
const ZIP_TYPE = 'application/zip';

/** An accepted document in storage: its bytes, and its type by extension. */
export interface StoredTemplateFile extends StoredUpload {
  extension: TemplateFileExtension;
}

export interface TemplateForm {
  fields: Record<string, string>;
  files: StoredTemplateFile[];
}

const FILE_FIELDS = ['files', 'files[]', 'file'];
const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 20_000;
const limits = {
  fileSize: MAX_TEMPLATE_FILE_BYTES,
  files: MAX_TEMPLATE_FILES,
  fields: MAX_FIELDS,
  fieldSize: MAX_FIELD_BYTES,
  parts: MAX_TEMPLATE_FILES + MAX_FIELDS,
};

const typeRefused = () => badRequest(UI_TEXT.templateFileTypeInvalid);

/** The type a stored document is kept and served as: by its extension, once its content agreed. */
const mimeTypeOf = (extension: TemplateFileExtension) =>
  TEMPLATE_FILE_TYPES.find((type) => type.extension === extension)?.mimeType ?? SNIFFED_TYPES[extension];

/** Whether the stored bytes are what the extension claims. */
async function contentMatches(storage: FileStorage, stored: StoredUpload, extension: TemplateFileExtension) {
  if (stored.contentType === SNIFFED_TYPES[extension]) return true;
  if (extension !== 'docx' || stored.contentType !== ZIP_TYPE) return false;
  const body = await storage.open(stored.key);
  if (!body) return false;
  try {
    return (await fileTypeFromStream(body))?.mime === SNIFFED_TYPES.docx;
  } finally {
    body.destroy();
  }
}

/** A multipart failure: the parser's limits and unreadable bodies are the client's 400; our own errors pass. */
function partFailure(error: unknown): AppError | unknown {
  if (error instanceof AppError || error instanceof StorageUnavailableError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return badRequest(UI_TEXT.tooManyTemplateFiles);
  if (code?.startsWith('FST_') && (error as { statusCode?: number }).statusCode === 413) return error;
  return badRequest(UI_TEXT.uploadIncomplete);
}

/** Removes stored bytes no row will keep. */
export async function discardStored(storage: FileStorage, stored: readonly StoredUpload[]) {
  await Promise.all(stored.map((file) => storage.remove(file.key)));
}

/** Reads the whole form: fields as text, documents stored and checked; throws (leaving nothing stored) on refusal. */
export async function receiveTemplateForm(request: FastifyRequest, storage: FileStorage): Promise<TemplateForm> {
  if (!request.isMultipart()) throw badRequest(UI_TEXT.templateFieldsRequired);
  // No prototype: a field named __proto__ is just a field.
  const fields: Record<string, string> = Object.create(null);
  const files: StoredTemplateFile[] = [];
  try {
    for await (const part of request.parts({ limits })) {
      if (part.type === 'field') {
        if (part.valueTruncated || typeof part.value !== 'string') throw badRequest(UI_TEXT.invalidInput);
        const bad = findBadText({ [part.fieldname]: part.value });
        if (bad) throw badTextError(bad);
        fields[part.fieldname] = part.value;
        continue;
      }
      const extension = templateFileExtensionOf(part.filename ?? '');
      if (!FILE_FIELDS.includes(part.fieldname) || !extension) throw typeRefused();
      const stored = await saveUploadBytes(storage, { file: part.file, filename: part.filename });
      files.push({ ...stored, extension });
      if (!(await contentMatches(storage, stored, extension))) throw typeRefused();
      files[files.length - 1] = { ...stored, extension, contentType: mimeTypeOf(extension) };
    }
  } catch (error) {
    await discardStored(storage, files);
    throw partFailure(error);
  }
  return { fields, files };
}
