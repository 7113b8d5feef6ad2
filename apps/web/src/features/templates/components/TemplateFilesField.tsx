import { ActionIcon, Badge, Button, FileButton, Group, Input, Stack, Text, Tooltip } from '@mantine/core';
import { formatFileSize, TEMPLATE_FILE_ACCEPT, UI_TEXT } from '@smart/contracts';
import { HiDocument, HiStar, HiTrash, HiUpload } from 'react-icons/hi?lazy';
import { makePrimary, type PickedFiles, removeFile } from '../picked-files';
import { type FormFile, formFileKey } from '../template-form';

interface TemplateFilesFieldProps {
  files: PickedFiles<FormFile>;
  onChange: (files: PickedFiles<FormFile>) => void;
  onChoose: (chosen: File[]) => void;
  disabled: boolean;
  invalid: boolean;
}

const nameOf = (item: FormFile) => (item.kind === 'kept' ? item.file.originalName : item.file.name);

/**
 * The Create and Edit Template files: PDF, DOC or DOCX, listed in order with the
 * primary marked; another can be made primary, and removing the primary makes the next one primary.
 */
export function TemplateFilesField({ files, onChange, onChoose, disabled, invalid }: TemplateFilesFieldProps) {
  return (
    <Input.Wrapper label="Files" required description={UI_TEXT.templateUploadHint}>
      <Stack gap="xs" mt={6}>
        {files.items.length > 0 && (
          <Stack gap={4} component="ul" p={0} m={0} aria-label="Chosen files" style={{ listStyle: 'none' }}>
            {files.items.map((item, index) => {
              const name = nameOf(item);
              const primary = index === files.primary;
              return (
                <Group key={formFileKey(item)} component="li" justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <HiDocument size={18} aria-hidden style={{ flexShrink: 0 }} />
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate="end">
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatFileSize(item.file.size)}
                        {item.kind === 'new' ? ' · new' : ''}
                      </Text>
                    </div>
                    {primary && (
                      <Badge size="sm" color="green" variant="light">
                        Primary
                      </Badge>
                    )}
                  </Group>
                  <Group gap={2} wrap="nowrap">
                    {!primary && (
                      <Tooltip label="Make primary">
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-label={`Make ${name} primary`}
                          disabled={disabled}
                          onClick={() => onChange(makePrimary(files, index))}
                        >
                          <HiStar size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${name}`}
                      disabled={disabled}
                      onClick={() => onChange(removeFile(files, index))}
                    >
                      <HiTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        )}
        <FileButton onChange={onChoose} accept={TEMPLATE_FILE_ACCEPT} multiple disabled={disabled}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              color={invalid ? 'red' : undefined}
              leftSection={<HiUpload size={16} aria-hidden />}
              w="fit-content"
            >
              Add Files
            </Button>
          )}
        </FileButton>
      </Stack>
    </Input.Wrapper>
  );
}
