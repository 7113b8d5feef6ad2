/**
 * Search everything ("The workbench"): the kinds of record one box looks through, in the
 * order the results show them, and their names on screen. Limits are in limits.ts.
 */
export const SEARCH_KINDS = ['projects', 'objectives', 'tasks', 'tickets', 'templates', 'people', 'messages'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  projects: 'Projects',
  objectives: 'Objectives',
  tasks: 'Tasks',
  tickets: 'Tickets',
  templates: 'Templates',
  people: 'People',
  messages: 'Messages',
};
