import { Button, Group, Stack } from '@mantine/core';
import type { Department } from '@smart/contracts';
import { HiX } from 'react-icons/hi';
import { FormError } from '@/components/FormError';
import { ImageUploadButton } from '@/components/ImageUploadButton';
import { useUpdateDepartment, useUploadDepartmentImage } from '../api';
import { DepartmentPicture } from './DepartmentPicture';

/**
 * The department's picture with 'Upload Image' (Details tab) and 'Remove image' for
 * those who may edit it. A refused file's message wraps beside the picture, never widening the tab.
 */
export function DepartmentImageControl({ department, canEdit }: { department: Department; canEdit: boolean }) {
  const upload = useUploadDepartmentImage(department.id);
  const remove = useUpdateDepartment();
  return (
    <Group gap="md" align="flex-start" wrap="nowrap">
      <DepartmentPicture department={department} size={96} decorative={false} />
      {canEdit && (
        <Stack gap="xs" maw={420} style={{ flex: 1, minWidth: 0 }}>
          <ImageUploadButton label="Upload Image" upload={upload} onUploaded={() => remove.reset()}>
            {department.imageUrl && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<HiX aria-hidden />}
                loading={remove.isPending}
                onClick={() => remove.mutate({ departmentId: department.id, body: { imageUrl: null } })}
              >
                Remove image
              </Button>
            )}
          </ImageUploadButton>
          <FormError message={remove.error?.message} py={6} />
        </Stack>
      )}
    </Group>
  );
}
