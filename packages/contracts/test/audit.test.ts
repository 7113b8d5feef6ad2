import { describe, expect, it } from 'vitest';
import { auditValueText } from '../src/audit.js';

describe("an audit line's values in the app's words", () => {
  it.each([
    ['member.role_changed', 'org_admin', 'Organization Admin'],
    ['member.added', 'user', 'User'],
    ['task.status', 'not_started', 'Not Started'],
    ['task.status', 'in_progress', 'In Progress'],
    ['task.progress', '100', '100%'],
    ['task.priority', 'high', 'High'],
    ['task.due_date', '2031-08-01', '08/01/2031'],
    ['ticket.status', 'in_progress', 'In progress'],
    ['ticket.category', 'feature_request', 'Feature request'],
  ] as const)('%s %s reads %s', (action, value, words) => {
    expect(auditValueText(action, value)).toBe(words);
  });

  it('leaves names, settings and filters as they were written', () => {
    expect(auditValueText('member.department_changed', 'in_progress')).toBe('in_progress');
    expect(auditValueText('export.created', 'Status: open')).toBe('Status: open');
    expect(auditValueText('task.assignee', 'Ada Lovelace')).toBe('Ada Lovelace');
  });
});

describe('time approval lines', () => {
  it('read their statuses as the approvals page does, and keep a comment as written', () => {
    expect(auditValueText('time.approved', 'submitted')).toBe('Waiting for approval');
    expect(auditValueText('time.reopened', 'approved')).toBe('Approved');
    expect(auditValueText('time.returned', 'Split the workshop hours')).toBe('Split the workshop hours');
  });
});
