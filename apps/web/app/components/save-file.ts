/** Saves a file made or received in the browser, under its name, as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
