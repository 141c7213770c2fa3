/** `LIMIT`/`OFFSET` of a page (page from 1). */
export function pageWindow(page: number, pageSize: number) {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}
