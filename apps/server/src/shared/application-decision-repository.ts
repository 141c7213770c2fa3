import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { applications, forms, projects } from '../db/schema';
import { SENT_TO_STAFF } from './sent-to-staff-repository';

/** An application sent to staff, locked for a decision. */
export async function lockSentApplication(tx: Executor, id: number) {
  const [row] = await tx.select().from(applications).where(and(eq(applications.id, id), SENT_TO_STAFF)).for('update').limit(1);
  return row;
}

/** A new status (with the reviewer's decision, unless review only starts); the version moves on. */
export async function saveDecision(
  tx: Executor,
  id: number,
  status: (typeof applications.$inferSelect)['status'],
  decision: { reviewMessage: string | null; reviewedBy: number; reviewedAt: Date } | undefined,
): Promise<void> {
  await tx
    .update(applications)
    .set({ status, version: sql`${applications.version} + 1`, ...decision })
    .where(eq(applications.id, id));
}

/** The call's and form's titles the decision notice names. */
export async function decisionTitles(db: Executor, projectId: number, formId: number): Promise<{ projectTitle: string; formTitle: string }> {
  const [row] = await db
    .select({ projectTitle: projects.title, formTitle: forms.title })
    .from(forms)
    .innerJoin(projects, eq(projects.id, forms.projectId))
    .where(and(eq(forms.id, formId), eq(projects.id, projectId)))
    .limit(1);
  return row ?? { projectTitle: '', formTitle: '' };
}
