import {
  type CreateTemplateDepartmentBody,
  TEMPLATE_PAGE_SIZE,
  type Template,
  type TemplateSort,
  templateDepartmentEndpoints,
  templateEndpoints,
  UI_TEXT,
  type UpdateTemplateDepartmentBody,
} from '@smart/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, apiUpload } from '@/lib/api-client';
import { pagedListOptions, usePagedList } from '@/lib/paged-list';
import type { TemplateDraft, TemplateEdit } from './template-form';

/**
 * The template library: platform-wide departments with their counts,
 * templates searched and sorted by the server, and signed links for download and preview. Rows
 * carry the caller's permissions, so the pages show only what the server allows.
 */

export interface DepartmentFilters {
  search?: string | undefined;
  popular?: boolean | undefined;
  /** Admins also list inactive departments (to reactivate them). */
  includeInactive?: boolean | undefined;
}

export interface TemplateFilters {
  departmentId?: string | undefined;
  search?: string | undefined;
  popular?: boolean | undefined;
  sort: TemplateSort;
}

const flag = (value: boolean | undefined) => (value ? 'true' : undefined);

// ---- requests -------------------------------------------------------------------------------

const getDepartments = ({ search, popular, includeInactive }: DepartmentFilters) =>
  api(
    templateDepartmentEndpoints.list,
    { query: { search, popular: flag(popular), includeInactive: flag(includeInactive) } },
    { failMessage: UI_TEXT.fetchDepartmentsFailed },
  );

const getDepartment = (departmentId: string) =>
  api(
    templateDepartmentEndpoints.get,
    { params: { id: departmentId } },
    { failMessage: UI_TEXT.fetchDepartmentsFailed },
  );

const getTemplate = (templateId: string) =>
  api(templateEndpoints.get, { params: { id: templateId } }, { failMessage: UI_TEXT.templateNotFound });

const getTemplatePage =
  ({ departmentId, search, popular, sort }: TemplateFilters) =>
  (page: number, limit: number) =>
    api(
      templateEndpoints.list,
      { query: { page, limit, departmentId, search, popular: flag(popular), sort } },
      { failMessage: UI_TEXT.fetchTemplatesFailed },
    );

const createDepartment = (body: CreateTemplateDepartmentBody) =>
  api(templateDepartmentEndpoints.create, { body }, { failMessage: UI_TEXT.createDepartmentFailed });

const updateDepartment = ({ departmentId, body }: { departmentId: string; body: UpdateTemplateDepartmentBody }) =>
  api(
    templateDepartmentEndpoints.update,
    { params: { id: departmentId }, body },
    { failMessage: UI_TEXT.updateDepartmentFailed },
  );

/** The multipart body of a create or an edit: text fields (lists as JSON), then the new files in order. */
function templateForm(fields: Record<string, string | number | readonly string[] | undefined>, files: readonly File[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  for (const file of files) form.append('files', file, file.name);
  return form;
}

const createTemplate = ({ files, ...fields }: TemplateDraft, onProgress: (sent: number) => void) =>
  apiUpload(templateEndpoints.create, { form: templateForm(fields, files) }, onProgress, {
    failMessage: UI_TEXT.createTemplateFailed,
  });

/** JSON when no file is added; multipart (with progress) when one is. */
function updateTemplate({ templateId, newFiles, ...fields }: TemplateEdit, onProgress: (sent: number) => void) {
  const params = { id: templateId };
  const options = { failMessage: UI_TEXT.updateTemplateFailed };
  return newFiles.length === 0
    ? api(templateEndpoints.update, { params, body: fields }, options)
    : apiUpload(templateEndpoints.update, { params, form: templateForm(fields, newFiles) }, onProgress, options);
}

const deleteTemplate = (templateId: string) =>
  api(templateEndpoints.remove, { params: { id: templateId } }, { failMessage: UI_TEXT.deleteTemplateFailed });

/** A signed link to one of the template's files, served inline (PDF only) for the in-page viewer. */
export const previewTemplate = (templateId: string, fileIndex?: number) =>
  api(
    templateEndpoints.preview,
    { params: { id: templateId }, query: { fileIndex } },
    { failMessage: UI_TEXT.previewTemplateFailed },
  );

/**
 * Downloads one of the template's files: the server counts the download and answers a signed link
 * served as an attachment; a same-origin link with `download` saves it under the file's name.
 */
export async function downloadTemplate(templateId: string, fileIndex?: number) {
  const { downloadUrl, fileName } = await api(
    templateEndpoints.download,
    { params: { id: templateId }, query: { fileIndex } },
    { failMessage: UI_TEXT.downloadTemplateFailed },
  );
  const link = document.createElement('a');
  link.href = downloadUrl;
  link.download = fileName;
  link.click();
}

// ---- queries --------------------------------------------------------------------------------

export const templateQueries = {
  all: () => ['templates'] as const,
  departments: (filters: DepartmentFilters) =>
    queryOptions({
      queryKey: [...templateQueries.all(), 'departments', filters],
      queryFn: () => getDepartments(filters),
    }),
  department: (departmentId: string) =>
    queryOptions({
      queryKey: [...templateQueries.all(), 'department', departmentId],
      queryFn: () => getDepartment(departmentId),
    }),
  template: (templateId: string) =>
    queryOptions({
      queryKey: [...templateQueries.all(), 'template', templateId],
      queryFn: () => getTemplate(templateId),
    }),
  lists: () => [...templateQueries.all(), 'list'] as const,
  list: (filters: TemplateFilters) =>
    pagedListOptions([...templateQueries.lists(), filters], getTemplatePage(filters), TEMPLATE_PAGE_SIZE),
};

/** The departments; the last answer stays on screen while a new search runs. */
export function useTemplateDepartments(filters: DepartmentFilters, enabled = true) {
  return useQuery({ ...templateQueries.departments(filters), placeholderData: keepPreviousData, enabled });
}

export function useTemplateDepartment(departmentId: string) {
  return useQuery(templateQueries.department(departmentId));
}

/** The template an address names (`?template=`, search's link), when it names one. */
export function useOpenedTemplate(templateId: string | null) {
  return useQuery({ ...templateQueries.template(templateId ?? ''), enabled: templateId !== null });
}

export function useTemplates(filters: TemplateFilters, enabled = true) {
  return usePagedList(templateQueries.list(filters), enabled);
}

// ---- mutations ------------------------------------------------------------------------------

/** Counts, cards and lists all move together: a template changes its department's count. */
function useRefreshTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: templateQueries.all() });
}

export function useCreateTemplateDepartment() {
  const refresh = useRefreshTemplates();
  return useMutation({ mutationFn: createDepartment, onSuccess: refresh });
}

export function useUpdateTemplateDepartment() {
  const refresh = useRefreshTemplates();
  return useMutation({ mutationFn: updateDepartment, onSuccess: refresh });
}

/** A save that sends files, with the share sent so far (0 to 1) while it runs. */
function useUploadingMutation<Body>(send: (body: Body, onProgress: (sent: number) => void) => Promise<Template>) {
  const refresh = useRefreshTemplates();
  const [sent, setSent] = useState(0);
  const mutation = useMutation({
    mutationFn: (body: Body) => {
      setSent(0);
      return send(body, setSent);
    },
    onSuccess: refresh,
  });
  return { ...mutation, sent };
}

export const useCreateTemplate = () => useUploadingMutation(createTemplate);
export const useUpdateTemplate = () => useUploadingMutation(updateTemplate);

export function useDeleteTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({ mutationFn: deleteTemplate, onSuccess: refresh });
}

/** Counts the download on the server, so the lists showing the count are refreshed after it. */
export function useDownloadTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: ({ templateId, fileIndex }: { templateId: string; fileIndex?: number }) =>
      downloadTemplate(templateId, fileIndex),
    onSuccess: refresh,
  });
}
