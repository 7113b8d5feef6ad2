import { ProgressRoot, ProgressSection } from '@mantine/core';

/** An upload's progress bar: the share of the bytes sent so far (0 to 1). */
export function UploadProgress({ sent }: { sent: number }) {
  const percent = Math.round(sent * 100);
  return (
    <ProgressRoot size="sm">
      <ProgressSection value={percent} animated aria-label="Upload progress" />
    </ProgressRoot>
  );
}
