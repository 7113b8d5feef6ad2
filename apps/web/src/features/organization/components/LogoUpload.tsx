import { ImageUploadButton } from '@/components/ImageUploadButton';
import { useUploadOrganizationLogo } from '../api';

/** 'Upload Logo': pick an image, upload it, save its URL as the organization's logo. */
export function LogoUpload({ organizationId }: { organizationId: string }) {
  const upload = useUploadOrganizationLogo(organizationId);
  return <ImageUploadButton label="Upload Logo" upload={upload} />;
}
