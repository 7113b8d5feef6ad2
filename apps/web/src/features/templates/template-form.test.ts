import { type Template, type TemplateFile, UI_TEXT } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { addFiles, makePrimary, noFiles, removeFile } from './picked-files';
import {
  draftFrom,
  editFrom,
  emptyTemplateForm,
  type FormFile,
  formFilesOf,
  formFromTemplate,
  templateFormRefusal,
} from './template-form';

const newFile = (name: string): FormFile => ({ kind: 'new', file: new File(['x'], name), key: name });
const kept = (id: string, index: number, isPrimary = false): TemplateFile => ({
  id,
  index,
  originalName: `${id}.pdf`,
  extension: 'pdf',
  mimeType: 'application/pdf',
  size: 1,
  isPrimary,
  canPreview: true,
});
const template = {
  id: 't1',
  name: 'Expense Policy',
  description: '',
  departmentId: 'd1',
  category: 'Policy',
  tags: ['finance', 'travel'],
  files: [kept('a', 0), kept('b', 1, true), kept('c', 2)],
} as Template;

describe('templateFormRefusal', () => {
  const filled = { ...emptyTemplateForm('d1'), name: 'Budget', category: 'Form' };

  it('asks for name, category and a file with one message', () => {
    expect(templateFormRefusal({ ...filled, name: '  ' }, 1)).toBe(UI_TEXT.templateFieldsRequired);
    expect(templateFormRefusal({ ...filled, category: '' }, 1)).toBe(UI_TEXT.templateFieldsRequired);
    expect(templateFormRefusal(filled, 0)).toBe(UI_TEXT.templateFieldsRequired);
  });

  it('asks for a department, and lets a complete form go', () => {
    expect(templateFormRefusal({ ...filled, departmentId: null }, 1)).toBe(UI_TEXT.templateDepartmentRequired);
    expect(templateFormRefusal(filled, 1)).toBeNull();
  });
});

describe('draftFrom', () => {
  it('trims the texts, splits the tags and sends the primary file first', () => {
    const files = makePrimary(addFiles(noFiles<FormFile>(), [newFile('a.pdf'), newFile('b.docx')]), 1);
    const draft = draftFrom(
      { name: ' Budget ', description: ' Yearly ', departmentId: 'd1', category: ' Form ', tags: 'money, plan ,' },
      files,
    );
    expect(draft).toMatchObject({ name: 'Budget', description: 'Yearly', category: 'Form', tags: ['money', 'plan'] });
    expect(draft.files.map((file) => file.name)).toEqual(['b.docx', 'a.pdf']);
  });
});

describe('editFrom', () => {
  it('starts from the template: its tags as text and its primary marked', () => {
    expect(formFromTemplate(template).tags).toBe('finance, travel');
    expect(formFilesOf(template).primary).toBe(1);
  });

  it('names the removed files and the primary by its position after the save', () => {
    // Remove the primary (b): c takes its place; add a new file after the kept ones.
    const files = addFiles(removeFile(formFilesOf(template), 1), [newFile('d.docx')]);
    const edit = editFrom(template, formFromTemplate(template), files);
    expect(edit.removeFileIds).toEqual(['b']);
    expect(edit.primaryFileIndex).toBe(1);
    expect(edit.newFiles.map((file) => file.name)).toEqual(['d.docx']);
  });
});
