import { endpoint } from '../endpoint.js';
import {
  ORGANIZATION_EXPORT_LINK_HOURS,
  ORGANIZATION_EXPORTS_RUNNING,
  ORGANIZATION_EXPORTS_RUNNING_PER_PERSON,
} from '../organization-export.js';
import { envelope, errorResponse, idParams } from '../schemas/common.js';
import {
  organizationExportLinkParams,
  organizationExportLinkQuery,
  organizationExportSchema,
} from '../schemas/organization-export.js';

const tags = ['Organizations'];
const exportEnvelope = envelope(organizationExportSchema);

export const organizationExportEndpoints = {
  start: endpoint({
    method: 'POST',
    path: '/api/organizations/:id/export',
    operationId: 'startOrganizationExport',
    scope: 'exports:write',
    tags,
    budget: 'exports',
    summary:
      'Start an export of everything the organization owns (its org_admin, admin): a job builds one archive; while one is queued or building, that one is answered',
    description: `202 with the export's id and status. The requester is notified when it is ready (or failed); its download link works for ${ORGANIZATION_EXPORT_LINK_HOURS} hours. 429 when the caller has ${ORGANIZATION_EXPORTS_RUNNING_PER_PERSON} exports running, or the platform ${ORGANIZATION_EXPORTS_RUNNING}.`,
    params: idParams,
    responses: { 202: exportEnvelope, 403: errorResponse, 404: errorResponse, 429: errorResponse },
  }),
  latest: endpoint({
    method: 'GET',
    path: '/api/organizations/:id/export',
    operationId: 'getOrganizationExport',
    scope: 'exports:read',
    tags,
    summary:
      "The organization's latest export, with its download link while it is ready (its org_admin, admin); null when none",
    params: idParams,
    responses: { 200: envelope(organizationExportSchema.nullable()), 403: errorResponse, 404: errorResponse },
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/organization-exports/:id/archive',
    operationId: 'downloadOrganizationExport',
    tags,
    summary: "An export's archive (application/x-tar) through its signed link",
    description: `The link holds its expiry and signature. A wrong signature is 403; an export past its ${ORGANIZATION_EXPORT_LINK_HOURS} hours (or failed) is 410.`,
    params: organizationExportLinkParams,
    query: organizationExportLinkQuery,
    responses: { 403: errorResponse, 404: errorResponse, 410: errorResponse },
    public: true,
  }),
};
