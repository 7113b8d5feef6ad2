import { UI_TEXT } from '@smart/contracts';
import { ImageUploadButton } from '@/components/ImageUploadButton';
import { toastSuccess } from '@/lib/toast';
import { useUploadProfileImage } from '../api';

/** Image picker shown in edit mode only; accepts images a browser can show. */
export function ProfileImageControl() {
  const upload = useUploadProfileImage();
  return (
    <ImageUploadButton
      label="Upload photo"
      upload={upload}
      onUploaded={() => toastSuccess(UI_TEXT.profileImageUpdated)}
    />
  );
}
