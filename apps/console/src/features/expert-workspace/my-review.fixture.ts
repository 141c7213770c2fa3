// A review as the workspace's tests start from it.
import type { Criterion, MyReview } from '@flagship/api-client';

export const CRITERIA: Criterion[] = [
  { key: 'artistry', label: '艺术价值', guidance: '题材立意与艺术表现', weight: 60, min: 0, max: 10, bands: [{ min: 8, max: 10, label: '优秀' }] },
  { key: 'impact', label: '社会效益', guidance: '', weight: 40, min: 0, max: 100, bands: [] },
];

export function myReview(patch: Partial<MyReview> = {}, review: Partial<MyReview['review']> = {}): MyReview {
  return {
    id: 7,
    projectId: 1,
    projectTitle: '舞台艺术精品创作扶持项目',
    applicationTitle: '原创越剧《钱塘潮》',
    applicantName: '杭州青山剧团',
    status: 'declared',
    phase: 'reviewing',
    reviewStartsAt: '2026-11-20T00:00:00.000Z',
    reviewEndsAt: '2026-11-30T09:00:00.000Z',
    savedAt: null,
    submittedAt: null,
    overdue: false,
    blind: false,
    criteria: CRITERIA,
    applicantComments: true,
    conflictReason: null,
    application: { form: { id: 1, projectId: 1, title: '申报书', description: '', fields: [], version: 1 }, data: {}, files: [] },
    review: { scores: {}, total: null, recommendation: null, commentToStaff: '', commentToApplicant: '', version: 0, ...review },
    peers: null,
    ...patch,
  };
}
