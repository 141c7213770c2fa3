// Which experts go to which applications: pure planning over inputs read once, so that a call of
// thousands of applications is planned in memory and written in batches.
import { APPLY_STATUS_LABELS, type ApplyStatus, type AssignResult } from '@flagship/api-client';
import { callAccounts, conflictOf, normaliseName, prepareApplication, prepareExpert, type ConflictApplication, type ConflictExpert } from '../../../shared/review-conflicts';
import type { AssignableApplication, AssignableExpert } from '../../../shared/review-conflicts-repository';
import { IN_REVIEW, type ExistingAssignment } from './repository';

export type Skipped = AssignResult['skipped'][number];
export interface Pair {
  applicationId: number;
  expertId: number;
}

export interface PlanInput {
  applications: AssignableApplication[];
  experts: AssignableExpert[];
  existing: ExistingAssignment[];
  applicantsOfCall: { account: string; email: string; mobile: string }[];
}

const inReview = (status: string) => (IN_REVIEW as readonly string[]).includes(status);
export const notInReview = (a: { id: number; status: string }): Skipped => ({
  applicationId: a.id,
  expertId: null,
  reason: `申报当前为「${APPLY_STATUS_LABELS[a.status as ApplyStatus]}」，不在评审中`,
});

/** Conflict checks with each side prepared once. */
function conflictChecker(input: PlanInput) {
  const accounts = callAccounts(input.applicantsOfCall);
  const experts = new Map<number, ConflictExpert>(input.experts.map((e) => [e.id, prepareExpert(e)]));
  const applications = new Map<number, ConflictApplication>(input.applications.map((a) => [a.id, prepareApplication(a)]));
  return (applicationId: number, expertId: number) => conflictOf(experts.get(expertId) as ConflictExpert, applications.get(applicationId) as ConflictApplication, accounts);
}

const pairKey = (applicationId: number, expertId: number) => `${applicationId}:${expertId}`;

/** Every selected application × every selected expert, less what cannot or need not be assigned. */
export function planBulk(input: PlanInput): { pairs: Pair[]; skipped: Skipped[] } {
  const existing = new Map(input.existing.map((a) => [pairKey(a.applicationId, a.expertId), a.status]));
  const conflicted = conflictChecker(input);
  const pairs: Pair[] = [];
  const skipped: Skipped[] = [];
  for (const a of input.applications) {
    if (!inReview(a.status)) {
      skipped.push(notInReview(a));
      continue;
    }
    for (const e of input.experts) {
      const before = existing.get(pairKey(a.id, e.id));
      const reason =
        e.account === null
          ? '专家未开通评审账号或账号已停用'
          : before === 'conflict'
            ? '该专家与此申报存在利益冲突（已声明）'
            : before
              ? '已分配给该专家'
              : conflicted(a.id, e.id);
      if (reason) skipped.push({ applicationId: a.id, expertId: e.id, reason });
      else pairs.push({ applicationId: a.id, expertId: e.id });
    }
  }
  return { pairs, skipped };
}

/**
 * `perApplication` experts for each application among those with accounts: what is already
 * assigned counts, a conflicted expert (found or declared) never goes, and each pick is among
 * the least loaded eligible experts, those matching the call's category first.
 */
export function planAutomatic(
  input: PlanInput,
  perApplication: number,
  call: { categoryId: number | null; categoryName: string | null },
): { pairs: Pair[]; skipped: Skipped[]; loads: Map<number, number> } {
  const experts = input.experts.filter((e) => e.account !== null);
  const loads = new Map(experts.map((e) => [e.id, 0]));
  const taken = new Map<number, Set<number>>();
  const staffed = new Map<number, number>();
  for (const a of input.existing) {
    let set = taken.get(a.applicationId);
    if (!set) taken.set(a.applicationId, (set = new Set()));
    set.add(a.expertId);
    if (a.status === 'conflict') continue;
    staffed.set(a.applicationId, (staffed.get(a.applicationId) ?? 0) + 1);
    if (loads.has(a.expertId)) loads.set(a.expertId, (loads.get(a.expertId) as number) + 1);
  }
  const category = call.categoryName ? normaliseName(call.categoryName) : '';
  const preferred = new Set(
    experts
      .filter((e) => (call.categoryId !== null && e.categoryId === call.categoryId) || (category.length > 0 && e.specialities.some((s) => normaliseName(s).includes(category))))
      .map((e) => e.id),
  );
  const conflicted = conflictChecker(input);
  const pairs: Pair[] = [];
  const skipped: Skipped[] = [];
  const short = input.applications
    .map((a) => {
      const already = taken.get(a.id);
      const need = perApplication - (staffed.get(a.id) ?? 0);
      return { id: a.id, need, eligible: need > 0 ? experts.filter((e) => !already?.has(e.id) && conflicted(a.id, e.id) === null) : [] };
    })
    .filter((a) => a.need > 0);
  // The most constrained first, while the others still have room to even the load out.
  short.sort((x, y) => x.eligible.length - y.eligible.length || x.id - y.id);
  for (const { id, need, eligible } of short) {
    eligible.sort((x, y) => (loads.get(x.id) as number) - (loads.get(y.id) as number) || Number(preferred.has(y.id)) - Number(preferred.has(x.id)) || x.id - y.id);
    const chosen = eligible.slice(0, need);
    for (const e of chosen) {
      pairs.push({ applicationId: id, expertId: e.id });
      loads.set(e.id, (loads.get(e.id) as number) + 1);
    }
    if (chosen.length < need) skipped.push({ applicationId: id, expertId: null, reason: `可分配的专家不足：还差 ${need - chosen.length} 位` });
  }
  evenOut(pairs, loads, taken, conflicted);
  skipped.sort((x, y) => x.applicationId - y.applicationId);
  return { pairs, skipped, loads };
}

/**
 * Picking in turn can leave loads two or more apart when applications exclude different experts:
 * move new picks from the most loaded expert to a less loaded one allowed on that application.
 */
function evenOut(pairs: Pair[], loads: Map<number, number>, taken: ReadonlyMap<number, ReadonlySet<number>>, conflicted: (applicationId: number, expertId: number) => string | null): void {
  const on = new Map<number, Set<number>>();
  for (const p of pairs) {
    let set = on.get(p.applicationId);
    if (!set) on.set(p.applicationId, (set = new Set(taken.get(p.applicationId))));
    set.add(p.expertId);
  }
  for (let moves = 0; moves < pairs.length; moves++) {
    const byLoad = [...loads].sort((x, y) => x[1] - y[1]);
    const [high, highLoad] = byLoad.at(-1) ?? [0, 0];
    let moved = false;
    for (const [low, lowLoad] of byLoad) {
      if (highLoad - lowLoad <= 1) break;
      const pair = pairs.find((p) => p.expertId === high && !on.get(p.applicationId)?.has(low) && conflicted(p.applicationId, low) === null);
      if (!pair) continue;
      on.get(pair.applicationId)?.delete(high);
      on.get(pair.applicationId)?.add(low);
      pair.expertId = low;
      loads.set(high, highLoad - 1);
      loads.set(low, lowLoad + 1);
      moved = true;
      break;
    }
    if (!moved) return;
  }
}

/** Lowest and highest load over the experts that can review (0 and 0 without any). */
export function loadRange(experts: readonly AssignableExpert[], loads: ReadonlyMap<number, number>): { minLoad: number; maxLoad: number } {
  const values = experts.filter((e) => e.account !== null).map((e) => loads.get(e.id) ?? 0);
  return values.length === 0 ? { minLoad: 0, maxLoad: 0 } : { minLoad: Math.min(...values), maxLoad: Math.max(...values) };
}
