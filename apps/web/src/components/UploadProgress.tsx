import { PercentBar } from './PercentBar';

/** An upload's progress bar: the share of the bytes sent so far (0 to 1). */
export function UploadProgress({ sent }: { sent: number }) {
  return <PercentBar percent={sent * 100} label="Upload progress" animated />;
}
