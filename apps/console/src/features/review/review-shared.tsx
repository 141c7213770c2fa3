import { Badge, Checkbox } from '@mantine/core';
import { ASSIGNMENT_STATUS_LABELS, MAX_PAGE_SIZE, type AssignmentStatus, type Paged } from '@flagship/api-client';
import { TONE } from '../../lib/tones';

const ASSIGNMENT_COLORS: Record<AssignmentStatus, string> = { assigned: TONE.neutral, declared: TONE.info, conflict: TONE.warning, submitted: TONE.success };

export function AssignmentStatusBadge({ status, overdue }: { status: AssignmentStatus; overdue?: boolean }) {
  return (
    <Badge color={overdue ? TONE.danger : ASSIGNMENT_COLORS[status]} variant="light" radius="sm">
      {ASSIGNMENT_STATUS_LABELS[status]}
      {overdue ? ' · 逾期' : ''}
    </Badge>
  );
}

/** A figure of the 0–100 scale with one decimal, or a dash. */
export function score(value: number | null | undefined): string {
  return value == null ? '—' : value.toFixed(1);
}

/** Every page of a list, for the pickers and boards that need the whole of it (capped). */
export async function loadAll<T>(page: (page: number, pageSize: number) => Promise<Paged<T>>, maxPages = 20): Promise<T[]> {
  const items: T[] = [];
  for (let n = 1; n <= maxPages; n += 1) {
    const result = await page(n, MAX_PAGE_SIZE);
    items.push(...result.list);
    if (items.length >= result.total || result.list.length === 0) break;
  }
  return items;
}

export type NumberValue = number | string;

/** A criterion as the scheme editor holds it (NumberInput's empty value is ''). */
export interface BandValues {
  min: NumberValue;
  max: NumberValue;
  label: string;
}

export interface CriterionValues {
  key: string;
  label: string;
  guidance: string;
  weight: NumberValue;
  min: NumberValue;
  max: NumberValue;
  bands: BandValues[];
}


/** Selects or clears every selectable row of the page at once (the selection spans pages). */
export function SelectPage({ label, pageIds, selected, onChange }: { label: string; pageIds: number[]; selected: ReadonlySet<number>; onChange: (next: Set<number>) => void }) {
  const all = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  return (
    <Checkbox
      aria-label={label}
      checked={all}
      indeterminate={!all && pageIds.some((id) => selected.has(id))}
      onChange={() => {
        const next = new Set(selected);
        pageIds.forEach((id) => (all ? next.delete(id) : next.add(id)));
        onChange(next);
      }}
    />
  );
}
