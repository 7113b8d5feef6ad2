import { SimpleGrid } from '@mantine/core';
import { type Template, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { ConfirmModal } from '@/components/ConfirmModal';
import type { EmptyText } from '@/components/ListView';
import { PagedListView } from '@/components/PagedListView';
import { toastSuccess } from '@/lib/toast';
import { type TemplateFilters, useDeleteTemplate, useTemplates } from '../api';
import { PreviewModal } from './PreviewModal';
import { type TemplateAction, TemplateCard } from './TemplateCard';
import { TemplateFormModal } from './TemplateFormModal';

interface TemplateGridProps {
  filters: TemplateFilters;
  empty: EmptyText;
  /** Cards name their department where the page is not the department's own. */
  showDepartment?: boolean;
  /** A template shown first, marked as opened (the department page's `?template=`). */
  opened?: Template | undefined;
}

/**
 * Templates as cards, a page at a time, with what a card opens: the PDF preview, Edit Template and
 * the delete confirmation.
 */
export function TemplateGrid({ filters, empty, showDepartment = false, opened: openedByLink }: TemplateGridProps) {
  const list = useTemplates(filters);
  const remove = useDeleteTemplate();
  const [open, setOpen] = useState<{ action: TemplateAction; template: Template } | null>(null);
  const close = () => setOpen(null);
  const opened = (action: TemplateAction) => (open?.action === action ? open.template : null);
  const deleting = opened('delete');
  const editing = opened('edit');

  return (
    <>
      <PagedListView list={list} failMessage={UI_TEXT.fetchTemplatesFailed} empty={empty}>
        {(templates) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {(openedByLink
              ? [openedByLink, ...templates.filter((template) => template.id !== openedByLink.id)]
              : templates
            ).map((template) => (
              <TemplateCard
                key={template.id}
                template={template}
                opened={template.id === openedByLink?.id}
                showDepartment={showDepartment}
                onAction={(action, picked) => {
                  remove.reset();
                  setOpen({ action, template: picked });
                }}
              />
            ))}
          </SimpleGrid>
        )}
      </PagedListView>
      <PreviewModal template={opened('preview')} onClose={close} />
      {editing && <TemplateFormModal opened mode="edit" template={editing} onClose={close} />}
      <ConfirmModal
        opened={deleting !== null}
        message={UI_TEXT.confirmDeleteTemplate}
        confirmLabel="Delete Template"
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toastSuccess(UI_TEXT.templateDeleted);
              close();
            },
          })
        }
        onClose={close}
      />
    </>
  );
}
