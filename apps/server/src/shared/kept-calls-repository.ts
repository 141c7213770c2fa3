// Calls as every reader sees them, kept by each instance until a call, its forms, its category or
// its region change (db/kept-until-changed.ts): in the deadline hour every applicant reads the
// call and its form, which change only when staff edit them. What is kept is the rows as read; a
// call's status is worked out from the clock on every read, and whether it is published is asked
// on every read too. Nothing of an applicant's is kept here.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { keptUntilChanged, PROJECTS_CHANGED } from '../db/kept-until-changed';
import { perDatabase } from '../db/per-database';
import { readFormContext, toFormContext, type FormContext, type FormContextRow } from './applications-repository';
import { projectForms, readProjectRow, toLoadedProject, type ProjectRow } from './projects-repository';

/** Calls kept at once (each with its guide and forms); the oldest goes first. */
const MAX_CALLS = 2_000;
/** Kept at most this long, so that a lost announcement heals on its own. */
const MAX_AGE_MS = 5 * 60_000;

type ProjectForm = Awaited<ReturnType<typeof projectForms>>[number];

export interface KeptCalls {
  /** A published call and its forms (in order, without fields), as `loadProjectRow` and `projectForms` read them. */
  projectWithForms(id: number): Promise<{ project: ReturnType<typeof toLoadedProject>; forms: ProjectForm[] }>;
  /** As `loadFormContext`. */
  formContext(projectId: number, formId: number, options?: { hasApplication?: boolean }): Promise<FormContext>;
  /** Statements run against the database so far (the tests pin it). */
  readonly loads: number;
}

/** The calls this instance keeps for `db`: one set, shared by every module that reads calls. */
export const keptCalls = perDatabase(keepCalls);

function keepCalls(db: Database, log?: FastifyBaseLogger): KeptCalls {
  const options = { channel: PROJECTS_CHANGED, maxEntries: MAX_CALLS, maxAgeMs: MAX_AGE_MS, what: 'calls', log };
  const details = keptUntilChanged<{ row: ProjectRow; forms: ProjectForm[] } | undefined>(db, options);
  const forms = keptUntilChanged<FormContextRow | undefined>(db, options);
  return {
    get loads() {
      return details.loads + forms.loads;
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
  };
}
