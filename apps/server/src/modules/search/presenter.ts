import {
  displayName,
  humanizeValue as label,
  recordPaths,
  type SearchGroup,
  type SearchResult,
} from '@smart/contracts';
import type {
  MessageHit,
  ObjectiveHit,
  PersonHit,
  ProjectHit,
  SearchGroupRows,
  TaskHit,
  TemplateHit,
  TicketHit,
} from './service.js';

/**
 * Search hits → results: a title, one line of context (organization, project, status, department…)
 * and the app path that opens the record (contracts' recordPaths, the paths the web app's routes use).
 */

const line = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

const presentProject = (hit: ProjectHit): SearchResult => ({
  id: hit.id,
  kind: 'projects',
  title: hit.title,
  context: line(hit.organizationName, label(hit.status)),
  path: recordPaths.project(hit.id),
});

const presentObjective = (hit: ObjectiveHit): SearchResult => ({
  id: hit.id,
  kind: 'objectives',
  title: hit.title,
  context: line(hit.organizationName, hit.projectTitle, label(hit.status)),
  path: recordPaths.objective(hit.projectId, hit.id),
});

const presentTask = (hit: TaskHit): SearchResult => ({
  id: hit.id,
  kind: 'tasks',
  title: hit.title,
  context: line(hit.organizationName, hit.projectTitle, label(hit.status)),
  path: recordPaths.task(hit.projectId, hit.objectiveId, hit.id),
});

const presentTicket = (hit: TicketHit): SearchResult => ({
  id: hit.id,
  kind: 'tickets',
  title: hit.title,
  context: line(hit.organizationName, label(hit.status)),
  path: recordPaths.ticket(hit.id),
});

const presentTemplate = (hit: TemplateHit): SearchResult => ({
  id: hit.id,
  kind: 'templates',
  title: hit.title,
  context: line(hit.departmentName, hit.category),
  path: recordPaths.template(hit.departmentId, hit.id),
});

const presentPerson = (hit: PersonHit): SearchResult => ({
  id: hit.id,
  kind: 'people',
  title: displayName(hit, hit.email),
  context: line(hit.jobTitle, hit.email),
  path: recordPaths.person(hit.email),
});

const presentMessage = (hit: MessageHit): SearchResult => ({
  id: hit.id,
  kind: 'messages',
  title: hit.content,
  context: line(
    hit.conversationTitle,
    hit.senderFirstName && displayName({ firstName: hit.senderFirstName, lastName: hit.senderLastName }),
  ),
  path: recordPaths.conversation(hit.conversationId),
});

export function presentSearchGroup(group: SearchGroupRows): SearchGroup {
  switch (group.kind) {
    case 'projects':
      return { kind: group.kind, results: group.rows.map(presentProject) };
    case 'objectives':
      return { kind: group.kind, results: group.rows.map(presentObjective) };
    case 'tasks':
      return { kind: group.kind, results: group.rows.map(presentTask) };
    case 'tickets':
      return { kind: group.kind, results: group.rows.map(presentTicket) };
    case 'templates':
      return { kind: group.kind, results: group.rows.map(presentTemplate) };
    case 'people':
      return { kind: group.kind, results: group.rows.map(presentPerson) };
    case 'messages':
      return { kind: group.kind, results: group.rows.map(presentMessage) };
  }
}
