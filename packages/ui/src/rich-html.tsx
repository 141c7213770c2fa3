import { showUploadImages } from './rich-text-images';

/**
 * HTML from the server, already sanitised there. With `fileUrl`, images of private uploads are
 * shown through it (an application's images need the reader's token).
 */
export function RichHtml({ html, className, fileUrl }: { html: string; className?: string; fileUrl?: (id: number) => string }) {
  const shown = fileUrl ? showUploadImages(html, fileUrl) : html;
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: shown }} />;
}
