import type { AppContext } from '../../context';
import type { Handlers } from '../../http/endpoints';
import { myApplicationById, myApplicationForForm, toApply } from '../../shared/applications-repository';
import { checkApplicantEligibility } from '../../shared/eligibility-repository';
import { keptCalls } from '../../shared/kept-calls-repository';
import { callListCache } from './list-counts';
import { listProjects, myApplyPage, myApplySummaries } from './repository';

export function projectHandlers({ db, log }: AppContext): Handlers['project'] {
  const lists = callListCache(db, log);
  const calls = keptCalls(db, log);
  return {
    list: ({ query }) => listProjects(db, lists, query),

    detail: async ({ params, principal }) => {
      // Independent reads: on PostgreSQL they run at once, on separate connections of the pool.
      const [{ project, forms: formRows }, mine] = await Promise.all([
        calls.projectWithForms(params.id),
        principal?.kind === 'user' ? myApplySummaries(db, calls, principal.userId, params.id) : [],
      ]);
      return {
        ...project.summary,
        guide: project.guide,
        declaration: project.declaration,
        attachments: project.attachments,
        eligibility: project.eligibility,
        forms: formRows.map((f) => {
          const myApply = mine.find((a) => a.formId === f.id && a.status !== 'withdrawn') ?? null;
          return { ...f, myApply, myWithdrawn: myApply ? null : (mine.find((a) => a.formId === f.id) ?? null) };
        }),
      };
    },

    // An applicant's applications are read through the project group (the contract's paths), and
    // changed through the apply group.
    form: async ({ params, principal }) => {
      const apply = await myApplicationForForm(db, principal.userId, params.formId);
      const context = await calls.formContext(params.projectId, params.formId, { hasApplication: apply !== undefined });
      const titled = apply && { application: apply, projectTitle: context.project.title, formTitle: context.form.title };
      return { project: context.project, form: context.form, apply: titled ? toApply(titled) : null, eligibility: context.eligibility, declaration: context.declaration };
    },

    myApplyList: ({ query, principal }) => myApplyPage(db, calls, principal.userId, query),

    applyDetail: async ({ params, principal }) => {
      const [titled] = await calls.titled([await myApplicationById(db, principal.userId, params.applyId)]);
      if (!titled) throw new Error('titled() gave no row for one application');
      return toApply(titled);
    },

    // Asked before the applicant starts a form; the apply group checks the answers again on save.
    eligibility: async ({ params, body, principal }) => {
      const { project } = await calls.projectWithForms(params.id);
      return checkApplicantEligibility(db, principal.userId, params.id, project.eligibility, body.answers);
    },
  };
}
