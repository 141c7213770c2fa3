// The dashboard's stored figures (application_counts, submission_hours, applications.requested_amount,
// kept by the triggers of migration 0013) equal the live aggregate over applications after a mix of
// writes through the code that makes them: create, save, submit, review, return, resubmit, decide,
// withdraw, and a row deleted outright.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../src/db/client';
import { applications, applicationSubmissions, forms } from '../src/db/schema';
import { rowsOf } from '../src/lib/rows';
import { insertApplication, submitApplication, updateDraft, withdrawApplication } from '../src/modules/apply/repository';
import { saveDecision } from '../src/shared/application-decision-repository';
import { createCall, directUser, TEST_FIELDS } from './apply-fixtures';
import { drivers, startTestServer, type TestServer } from './harness';

const HOUR = 3_600_000;

async function stored(db: Executor) {
  return {
    counts: rowsOf<{ project_id: number; status: string; n: number; requested: string }>(
      await db.execute(sql`select project_id, status, n, requested::numeric::text as requested from application_counts where n <> 0 order by 1, 2`),
    ),
    hours: rowsOf<{ project_id: number; hour: string; n: number }>(
      await db.execute(sql`select project_id, to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24') as hour, n from submission_hours where n <> 0 order by 1, 2`),
    ),
  };
}

/** The same figures aggregated from the rows, with the requested amount read from each row's data. */
async function live(db: Executor) {
  return {
    counts: rowsOf<{ project_id: number; status: string; n: number; requested: string }>(
      await db.execute(sql`select a.project_id, a.status, count(*)::int as n,
          coalesce(sum(requested_amount_of(f.fields, a.data)) filter (where a.submitted_at is not null), 0)::numeric::text as requested
        from applications a join forms f on f.id = a.form_id where a.deleted_at is null group by 1, 2 order by 1, 2`),
    ),
    hours: rowsOf<{ project_id: number; hour: string; n: number }>(
      await db.execute(sql`select project_id, to_char(date_trunc('hour', submitted_at, 'UTC') at time zone 'UTC', 'YYYY-MM-DD HH24') as hour, count(*)::int as n
        from applications where deleted_at is null and submitted_at is not null group by 1, 2 order by 1, 2`),
    ),
  };
}

/** Rows whose stored requested amount is not what their data says. */
async function staleAmounts(db: Executor) {
  return rowsOf<{ id: number }>(
    await db.execute(sql`select a.id from applications a join forms f on f.id = a.form_id
      where a.requested_amount is distinct from requested_amount_of(f.fields, a.data)`),
  );
}

// Numeric text as PostgreSQL prints it differs in scale (100 vs 100.00): compare the numbers.
const normal = (figures: Awaited<ReturnType<typeof live>>) => ({
  counts: figures.counts.map((r) => ({ ...r, requested: Number(r.requested) })),
  hours: figures.hours,
});

describe.each(drivers)('stored dashboard figures on %s', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server?.close());

  it('start equal to the live aggregate over the demo data', async () => {
    const db = server.handle.db;
    expect(normal(await stored(db))).toEqual(normal(await live(db)));
    expect(await staleAmounts(db)).toEqual([]);
  });

  it('stay equal to it after creates, saves, submissions, decisions, withdrawals and a delete', async () => {
    const db = server.handle.db;
    const calls = [await createCall(db), await createCall(db)];
    const now = Date.now();
    const made: { id: number; version: number; projectId: number; formId: number; userId: number }[] = [];
    for (let i = 0; i < 12; i++) {
      const call = calls[i % 2]!;
      const user = await directUser(db);
      const row = await insertApplication(db, { userId: user.userId, projectId: call.projectId, formId: call.formIds[0]!, data: { projectName: `项目${i}`, amount: 1_000 * (i + 1) } });
      made.push({ id: row!.id, version: row!.version, projectId: call.projectId, formId: call.formIds[0]!, userId: user.userId });
    }
    const save = async (i: number, data: Record<string, unknown>) => {
      const m = made[i]!;
      const row = await updateDraft(db, { userId: m.userId, formId: m.formId, version: m.version, data, at: new Date() });
      expect(row, `save ${i}`).toBeDefined();
      m.version = row!.version;
    };
    // The apply module's submission statement (serial number, copy and audit line in one).
    const submit = async (i: number, data: Record<string, unknown>, submittedAt: Date, receiptHash: string) => {
      const m = made[i]!;
      const row = await submitApplication(db, {
        ...m,
        existing: { version: m.version },
        data,
        receiptHash,
        submittedAt,
        uploads: [],
        audit: { formId: m.formId, declarationAccepted: true, ip: '127.0.0.1' },
      });
      expect(row, `submission ${i}`).toMatchObject({ status: 'submitted', serialNumber: expect.stringMatching(/^FS-/) });
      m.version = row!.version;
    };
    // A draft save that changes the amount, one that drops it, and one with a non-number.
    await save(0, { amount: 7_777.5 });
    await save(1, { projectName: '无金额' });
    await save(2, { amount: '三万' });
    // Submissions in different hours.
    for (let i = 3; i < 12; i++) await submit(i, { amount: 2_000 * i + 0.25 }, new Date(now - (i % 3) * HOUR), '0'.repeat(64));
    const reviewer = { reviewMessage: '意见', reviewedBy: 1, reviewedAt: new Date(now) };
    await saveDecision(db, made[3]!.id, 'reviewing', undefined);
    await saveDecision(db, made[4]!.id, 'approved', reviewer);
    await saveDecision(db, made[5]!.id, 'rejected', reviewer);
    await saveDecision(db, made[6]!.id, 'returned', reviewer);
    made[6]!.version += 1;
    // Returned, changed and sent again, an hour later.
    await submit(6, { amount: 99_999 }, new Date(now + HOUR), '1'.repeat(64));
    // Withdrawn: leaves the live figures.
    expect(await withdrawApplication(db, made[7]!.id)).toBe(true);
    // Moved to the other call, and one deleted outright.
    await db.update(applications).set({ projectId: calls[0]!.projectId }).where(eq(applications.id, made[9]!.id));
    // (a submitted one keeps a copy of what was sent, which goes first)
    await db.delete(applicationSubmissions).where(eq(applicationSubmissions.applicationId, made[10]!.id));
    await db.delete(applications).where(eq(applications.id, made[10]!.id));
    await db.delete(applications).where(eq(applications.id, made[1]!.id));

    const after = normal(await stored(db));
    expect(after).toEqual(normal(await live(db)));
    expect(await staleAmounts(db)).toEqual([]);
    // And the figures are what the writes say, not merely equal to another reading.
    const mine = after.counts.filter((r) => r.project_id === calls[0]!.projectId || r.project_id === calls[1]!.projectId);
    expect(mine.reduce((sum, r) => sum + r.n, 0)).toBe(12 - 1 - 2);
    const approved = mine.find((r) => r.status === 'approved' && r.project_id === made[4]!.projectId);
    expect(approved).toEqual({ project_id: made[4]!.projectId, status: 'approved', n: 1, requested: 8_000.25 });
  });

  it('read the amount from the field the form names as it is now', async () => {
    const db = server.handle.db;
    const call = await createCall(db);
    const formId = call.formIds[0]!;
    const user = await directUser(db);
    const amountKey = async () => (await db.select({ key: forms.amountKey }).from(forms).where(eq(forms.id, formId)))[0]?.key;
    const data = { amount: 100, requestedAmount: 200 };
    let row = await insertApplication(db, { userId: user.userId, projectId: call.projectId, formId, data });
    expect(await amountKey()).toBe('amount');
    expect(row?.requestedAmount).toBe('100');
    const saveAgain = async () => {
      row = await updateDraft(db, { userId: user.userId, formId, version: row!.version, data, at: new Date() });
      return row?.requestedAmount;
    };
    // A money field keyed requestedAmount goes before one labelled 申请….
    await db
      .update(forms)
      .set({ fields: [...TEST_FIELDS, { key: 'requestedAmount', kind: 'money', label: '金额', required: false }] })
      .where(eq(forms.id, formId));
    expect(await amountKey()).toBe('requestedAmount');
    expect(await saveAgain()).toBe('200');
    // A form with no amount field asks for none.
    await db
      .update(forms)
      .set({ fields: TEST_FIELDS.filter((f) => f.kind !== 'money') })
      .where(eq(forms.id, formId));
    expect(await amountKey()).toBeNull();
    expect(await saveAgain()).toBeNull();
    expect(await staleAmounts(db)).toEqual([]);
  });
});
