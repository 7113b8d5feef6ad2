import { Button, Menu } from '@mantine/core';
import { formatFileSize, type Template, UI_TEXT } from '@smart/contracts';
import { HiChevronDown, HiDownload } from 'react-icons/hi?lazy';
import { toastFailure } from '@/lib/toast';
import { useDownloadTemplate } from '../api';
import { fileTypeLabel } from '../template-labels';

/**
 * Download: the template's one file, or a menu of its files (the primary first and
 * marked) when it has several. Each download is counted by the server.
 */
export function DownloadButton({ template }: { template: Template }) {
  const download = useDownloadTemplate();
  const save = (fileIndex: number) =>
    download.mutate(
      { templateId: template.id, fileIndex },
      {
        onError: (error) => toastFailure(error.message || UI_TEXT.downloadTemplateFailed),
      },
    );
  const label = `Download ${template.name}`;
  const [only] = template.files;

  if (template.files.length === 1 && only) {
    return (
      <Button
        size="xs"
        leftSection={<HiDownload size={16} aria-hidden />}
        aria-label={label}
        loading={download.isPending}
        onClick={() => save(only.index)}
      >
        Download
      </Button>
    );
  }
  const files = [...template.files].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          leftSection={<HiDownload size={16} aria-hidden />}
          rightSection={<HiChevronDown size={14} aria-hidden />}
          aria-label={label}
          loading={download.isPending}
        >
          Download
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Choose a file</Menu.Label>
        {files.map((file) => (
          <Menu.Item key={file.id} onClick={() => save(file.index)}>
            {file.originalName} · {fileTypeLabel(file)}, {formatFileSize(file.size)}
            {file.isPrimary ? ' · primary' : ''}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
