/** Let the browser fetch a link as a download (the links carry the session token as authkey). */
export function openDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
