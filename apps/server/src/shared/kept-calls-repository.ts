// Calls as every reader sees them, kept by each instance until a call, its forms, its category or
// its region change (db/kept-until-changed.ts): in the deadline hour every applicant reads the
// call and its form, which change only when staff edit them. What is kept is the rows as read; a
// call's status is worked out from the clock on every read, and whether it is published is asked
// on every read too. Nothing of an applicant's is kept here.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { keptUntilChanged, PROJECTS_CHANGED } from '../db/kept-until-changed';
import { perDatabase } from '../db/per-database';
import { readFormContext, toFormContext, type FormContext, type FormContextRow, type Titled } from './applications-repository';
import { projectForms, readCallTitles, readProjectRow, toLoadedProject, type CallTitles, type ProjectRow } from './projects-repository';

/** Calls kept at once (each with its guide and forms); the oldest goes first. */
const MAX_CALLS = 2_000;
/** Calls whose titles (and their forms') are kept at once: under 1 KB each, enough for every call of a programme. */
const MAX_TITLES = 20_000;
/** Kept at most this long, so that a lost announcement heals on its own. */
const MAX_AGE_MS = 5 * 60_000;

type ProjectForm = Awaited<ReturnType<typeof projectForms>>[number];

export interface KeptCalls {
  /** A published call and its forms (in order, without fields), as `loadProjectRow` and `projectForms` read them. */
  projectWithForms(id: number): Promise<{ project: ReturnType<typeof toLoadedProject>; forms: ProjectForm[] }>;
  /** As `loadFormContext`. */
  formContext(projectId: number, formId: number, options?: { hasApplication?: boolean }): Promise<FormContext>;
  /** Each application with the titles of its call and form ('' for a title there is none of). */
  titled<R extends { projectId: number; formId: number }>(rows: readonly R[]): Promise<Titled<R>[]>;
  /** Statements run against the database so far (the tests pin it). */
  readonly loads: number;
}

/** The calls this instance keeps for `db`: one set, shared by every module that reads calls. */
export const keptCalls = perDatabase(keepCalls);

function keepCalls(db: Database, log?: FastifyBaseLogger): KeptCalls {
  const options = { channel: PROJECTS_CHANGED, maxEntries: MAX_CALLS, maxAgeMs: MAX_AGE_MS, what: 'calls', log };
  const details = keptUntilChanged<{ row: ProjectRow; forms: ProjectForm[] } | undefined>(db, options);
  const forms = keptUntilChanged<FormContextRow | undefined>(db, options);
  const titles = keptUntilChanged<CallTitles | undefined>(db, { ...options, maxEntries: MAX_TITLES });
  let titleReads = 0;
  /** The titles of these calls as they are now, in one statement. */
  const readTitles = (ids: readonly number[]) => {
    titleReads += 1;
    return readCallTitles(db, ids);
  };
  return {
    get loads() {
      return details.loads + forms.loads + titleReads;
    },
    async projectWithForms(id) {
      const found = await details.get(String(id), async () => {
        // Independent reads: on PostgreSQL they run at once, on separate connections of the pool.
        const [row, formRows] = await Promise.all([readProjectRow(db, id), projectForms(db, id)]);
        // A missing call is not kept: an address that names nothing costs a read, as before.
        return { value: row && { row, forms: formRows }, until: row ? Number.POSITIVE_INFINITY : 0 };
      });
      return { project: toLoadedProject(found?.row), forms: found?.forms ?? [] };
    },
    async formContext(projectId, formId, { hasApplication = false } = {}) {
      const found = await forms.get(`${projectId}:${formId}`, async () => {
        const read = await readFormContext(db, projectId, formId);
        // A form that is not the call's is answered (404) but not kept: made-up pairs must not push out real ones.
        return { value: read, until: read?.form ? Number.POSITIVE_INFINITY : 0 };
      });
      return toFormContext(found, { hasApplication });
    },
    async titled(rows) {
      // Most lists' calls are all kept: titled at once, without a promise per call.
      const keptCalls = rows.map((r) => titles.peek(String(r.projectId)));
      if (keptCalls.every((call, i) => call?.forms.has((rows[i] as (typeof rows)[number]).formId))) {
        return rows.map((application, i) => {
          const call = keptCalls[i] as CallTitles;
          return { application, projectTitle: call.title, formTitle: call.forms.get(application.formId) ?? '' };
        });
      }
      const ids = [...new Set(rows.map((r) => r.projectId))];
      // When any of the rows' calls is not kept, all of them are read in one statement.
      let reading: Promise<Map<number, CallTitles>> | undefined;
      const keptOrRead = (id: number) =>
        titles.get(String(id), async () => {
          const value = (await (reading ??= readTitles(ids))).get(id);
          return { value, until: value ? Number.POSITIVE_INFINITY : 0 };
        });
      const found = new Map(await Promise.all(ids.map(async (id) => [id, await keptOrRead(id)] as const)));
      // A form added since its call was kept (its notice still on the way): read those calls again,
      // and forget the kept titles the new read shows to be behind.
      const lacking = (id: number, call: CallTitles | undefined) => rows.some((r) => r.projectId === id && !call?.forms.has(r.formId));
      const stale = ids.filter((id) => lacking(id, found.get(id)));
      if (stale.length > 0) {
        const fresh = await readTitles(stale);
        titles.forget(stale.filter((id) => !lacking(id, fresh.get(id))).map(String));
        for (const [id, call] of fresh) found.set(id, call);
      }
      return rows.map((application) => {
        const call = found.get(application.projectId);
        return { application, projectTitle: call?.title ?? '', formTitle: call?.forms.get(application.formId) ?? '' };
      });
    },
  };
}
