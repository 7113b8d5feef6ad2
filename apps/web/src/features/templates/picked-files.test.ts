import { MAX_TEMPLATE_FILE_BYTES, MAX_TEMPLATE_FILES, UI_TEXT } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import {
  addChosenFiles,
  addFiles,
  fileRefusal,
  makePrimary,
  noFiles,
  pickedFiles,
  primaryFirst,
  removeFile,
} from './picked-files';

const primaryOf = <T>(files: { items: readonly T[]; primary: number }) => files.items[files.primary];

describe('the primary file', () => {
  it('is the first file to begin with, and stays when more are added', () => {
    const files = addFiles(addFiles(noFiles<string>(), ['policy.pdf']), ['form.docx', 'notes.doc']);
    expect(primaryOf(files)).toBe('policy.pdf');
  });

  it('passes to the next file when the primary is removed', () => {
    const files = removeFile(pickedFiles(['a.pdf', 'b.docx', 'c.pdf']), 0);
    expect(files.items).toEqual(['b.docx', 'c.pdf']);
    expect(primaryOf(files)).toBe('b.docx');
  });

  it('passes to the one before when the removed primary was the last', () => {
    const files = removeFile(pickedFiles(['a.pdf', 'b.docx', 'c.pdf'], 2), 2);
    expect(primaryOf(files)).toBe('b.docx');
  });

  it('stays the same file when another is removed before or after it', () => {
    const files = pickedFiles(['a.pdf', 'b.docx', 'c.pdf'], 1);
    expect(primaryOf(removeFile(files, 0))).toBe('b.docx');
    expect(primaryOf(removeFile(files, 2))).toBe('b.docx');
  });

  it('can be chosen, and goes first in a new template upload', () => {
    const files = makePrimary(pickedFiles(['a.pdf', 'b.docx', 'c.pdf']), 2);
    expect(primaryOf(files)).toBe('c.pdf');
    expect(primaryFirst(files)).toEqual(['c.pdf', 'a.pdf', 'b.docx']);
  });

  it('leaves nothing primary once every file is removed', () => {
    const files = removeFile(pickedFiles(['a.pdf']), 0);
    expect(files.items).toEqual([]);
    expect(primaryFirst(files)).toEqual([]);
  });
});

const pdf = { name: 'Policy.PDF', size: 1000, type: 'application/pdf' };

describe('fileRefusal', () => {
  it.each([
    pdf,
    { name: 'form.docx', size: 1, type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
    { name: 'old.doc', size: 1, type: 'application/msword' },
    { name: 'unknown-type.docx', size: 1, type: '' },
    { name: 'exactly-10mb.pdf', size: MAX_TEMPLATE_FILE_BYTES, type: 'application/pdf' },
  ])('accepts $name', (file) => {
    expect(fileRefusal(file)).toBeNull();
  });

  it.each([
    { name: 'photo.png', size: 1, type: 'image/png' },
    { name: 'tool.exe', size: 1, type: 'application/octet-stream' },
    { name: 'renamed.pdf', size: 1, type: 'image/png' },
    { name: 'pdf', size: 1, type: 'application/pdf' },
  ])('refuses $name as not a PDF or Word document', (file) => {
    expect(fileRefusal(file)).toBe(UI_TEXT.templateFileTypeInvalid);
  });

  it('refuses a file over 10 MB', () => {
    expect(fileRefusal({ ...pdf, size: MAX_TEMPLATE_FILE_BYTES + 1 })).toBe(UI_TEXT.fileTooLarge);
  });
});

describe('addChosenFiles', () => {
  it('adds the acceptable files and names every refused one', () => {
    const png = { name: 'photo.png', size: 1, type: 'image/png' };
    const exe = { name: 'tool.exe', size: 1, type: 'application/octet-stream' };
    const { files, refusal } = addChosenFiles(noFiles(), [png, pdf, exe], (file) => file.name);
    expect(files.items).toEqual([pdf.name]);
    expect(refusal).toBe(`photo.png, tool.exe: ${UI_TEXT.templateFileTypeInvalid}`);
  });

  it(`stops at ${MAX_TEMPLATE_FILES} files`, () => {
    const chosen = Array.from({ length: MAX_TEMPLATE_FILES + 1 }, (_, index) => ({ ...pdf, name: `${index}.pdf` }));
    const { files, refusal } = addChosenFiles(noFiles(), chosen, (file) => file);
    expect(files.items).toHaveLength(MAX_TEMPLATE_FILES);
    expect(refusal).toBe(UI_TEXT.tooManyTemplateFiles);
  });
});
