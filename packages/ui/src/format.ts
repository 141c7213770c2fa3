const yuan = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Amounts in yuan; large ones in 万元. A call's budget of 0 was not set: no amount is shown. */
export function formatBudget(value: number): string {
  if (value <= 0) return '—';
  if (value >= 10_000) return `${Number((value / 10_000).toFixed(2)).toLocaleString('zh-CN')} 万元`;
  return `${yuan.format(value)} 元`;
}

export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${bytes} B`;
}

/** Positive integer from a path or query value, or undefined. */
export function toId(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && Number.isSafeInteger(n) ? n : undefined;
}
