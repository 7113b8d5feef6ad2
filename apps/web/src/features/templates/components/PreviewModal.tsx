import { Button, Group, Modal } from '@mantine/core';
import type { Template } from '@smart/contracts';
import { useQuery } from '@tanstack/react-query';
import { HiExternalLink } from 'react-icons/hi?lazy';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { useIsPhone } from '@/lib/viewport';
import { previewTemplate, templateQueries } from '../api';
import { DownloadButton } from './DownloadButton';

/** Signed links live minutes; a preview opened later asks for a fresh one. */
const PREVIEW_LINK_FRESH_MS = 60_000;

/**
 * The in-app PDF viewer: the browser's own viewer in a frame, showing a signed link served inline
 * (no PDF library is downloaded). Only PDFs are previewed; Word files are downloaded.
 */
export function PreviewModal({ template, onClose }: { template: Template | null; onClose: () => void }) {
  const narrow = useIsPhone();
  const preview = useQuery({
    queryKey: [...templateQueries.all(), 'preview', template?.id],
    queryFn: () => previewTemplate(template?.id ?? ''),
    enabled: template !== null,
    staleTime: PREVIEW_LINK_FRESH_MS,
    gcTime: PREVIEW_LINK_FRESH_MS,
  });
  return (
    <Modal
      opened={template !== null}
      onClose={onClose}
      title={template ? `Preview: ${template.name}` : ''}
      size="xl"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {preview.isPending ? (
        <PageLoader label="Loading preview..." />
      ) : preview.isError ? (
        <LoadError message={preview.error.message} onRetry={() => preview.refetch()} retrying={preview.isFetching} />
      ) : (
        <>
          <iframe
            src={preview.data.previewUrl}
            title={`${preview.data.fileName} (PDF preview)`}
            style={{ width: '100%', height: narrow ? 'calc(100dvh - 140px)' : '70vh', border: 0, borderRadius: 4 }}
          />
          <Group justify="flex-end" mt="sm" gap="xs">
            <Button
              component="a"
              href={preview.data.previewUrl}
              target="_blank"
              rel="noopener"
              variant="default"
              size="xs"
              leftSection={<HiExternalLink size={16} aria-hidden />}
            >
              Open in new tab
            </Button>
            {template && <DownloadButton template={template} />}
          </Group>
        </>
      )}
    </Modal>
  );
}
