/** HTML from the server, already sanitised there. */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: html }} />;
}
