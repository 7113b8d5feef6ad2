/** Saves text made in the page as a file (a report, recovery codes): the browser's download of a blob. */
export function saveTextFile(name: string, text: string, type = 'text/plain'): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}
