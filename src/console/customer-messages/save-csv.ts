import type { SubmissionCsv } from '@contract/console/customer-message-entities';

/** Saves an exported CSV as the browser's download (a Blob of its text, BOM included, under the server's file name). */
export function saveCsv({ filename, csv }: SubmissionCsv): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click's task: the download has its own reference by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
