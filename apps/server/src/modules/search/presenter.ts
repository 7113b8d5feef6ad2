import {
  displayName,
  humanizeValue as label,
  recordPaths,
  type SearchGroup,
  type SearchKind,
  type SearchResult,
} from '@smart/contracts';
import type { KindRows, SearchHits } from './service.js';

/**
 * Search hits → results: a title, one line of context (organization, project, status, department…)
 * and the app path that opens the record (contracts' recordPaths, the paths the web app's routes use).
 */

/** A hit as its result reads: the title, the context's parts (a missing one is left out), the path. */
type Presentation<Hit> = (
  hit: Hit,
) => Pick<SearchResult, 'title' | 'path'> & { context: (string | null | undefined)[] };

/** A project, an objective, a task or a ticket: its organization, its project (if it has one) and its status. */
const recordPresentation = (
  hit: { title: string; organizationName: string; projectTitle?: string; status: string },
  path: string,
) => ({ title: hit.title, context: [hit.organizationName, hit.projectTitle, label(hit.status)], path });

const PRESENTATIONS: { [K in SearchKind]: Presentation<SearchHits[K]> } = {
  projects: (hit) => recordPresentation(hit, recordPaths.project(hit.id)),
  objectives: (hit) => recordPresentation(hit, recordPaths.objective(hit.projectId, hit.id)),
  tasks: (hit) => recordPresentation(hit, recordPaths.task(hit.projectId, hit.objectiveId, hit.id)),
  tickets: (hit) => recordPresentation(hit, recordPaths.ticket(hit.id)),
  templates: (hit) => ({
    title: hit.title,
    context: [hit.departmentName, hit.category],
    path: recordPaths.template(hit.departmentId, hit.id),
  }),
  people: (hit) => ({
    title: displayName(hit, hit.email),
    context: [hit.jobTitle, hit.email],
    path: recordPaths.person(hit.email),
  }),
  messages: (hit) => ({
    title: hit.content,
    context: [
      hit.conversationTitle,
      hit.senderFirstName && displayName({ firstName: hit.senderFirstName, lastName: hit.senderLastName }),
    ],
    path: recordPaths.conversation(hit.conversationId),
  }),
};

export function presentSearchGroup<K extends SearchKind>({ kind, rows }: KindRows<K>): SearchGroup {
  const present: Presentation<SearchHits[K]> = PRESENTATIONS[kind];
  return {
    kind,
    results: rows.map((hit) => {
      const { title, context, path } = present(hit);
      return { id: hit.id, kind, title, context: context.filter(Boolean).join(' · '), path };
    }),
  };
}
