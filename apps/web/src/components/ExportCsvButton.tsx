import { type ExportKind, UI_TEXT } from '@smart/contracts';
import { type ExportQuery, exportFile } from '@/lib/exports';
import { DownloadButton } from './DownloadButton';

/**
 * 'Export CSV' above a list: the list's rows with the filters and sort it shows now (its address),
 * every page of them; the server streams the file.
 */
export function ExportCsvButton<K extends ExportKind>({
  kind,
  query,
  label = UI_TEXT.exportCsv,
}: {
  kind: K;
  query: ExportQuery<K>;
  label?: string;
}) {
  return <DownloadButton file={exportFile(kind, query)}>{label}</DownloadButton>;
}
