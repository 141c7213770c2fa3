import type { EnterpriseAuthentication, EnterpriseAuthStatus } from '@flagship/api-client';
import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { enterpriseAuthentications, regions } from '../db/schema';
import { iso } from '../lib/dates';

/** A user's authentication in force is the one they submitted last. */
const LATEST_FIRST = [desc(enterpriseAuthentications.createdAt), desc(enterpriseAuthentications.id)];

/** A user's latest enterprise authentication (what their status is), null when none was submitted. */
export async function latestAuthentication(db: Executor, userId: number): Promise<EnterpriseAuthentication | null> {
  const [row] = await db
    .select({ authentication: enterpriseAuthentications, regionName: regions.name })
    .from(enterpriseAuthentications)
    .leftJoin(regions, eq(regions.id, enterpriseAuthentications.regionId))
    .where(eq(enterpriseAuthentications.userId, userId))
    .orderBy(...LATEST_FIRST)
    .limit(1);
  if (!row) return null;
  const a = row.authentication;
  return {
    id: a.id,
    enterpriseName: a.enterpriseName,
    creditCode: a.creditCode,
    type: a.type,
    legalRepresentative: a.legalRepresentative,
    regionId: a.regionId,
    regionName: row.regionName ?? null,
    address: a.address,
    contactName: a.contactName,
    contactPhone: a.contactPhone,
    licenseFiles: a.licenseFiles,
    introduction: a.introduction,
    status: a.status as EnterpriseAuthStatus,
    reason: a.reason,
    createdAt: iso(a.createdAt),
    reviewedAt: iso(a.reviewedAt),
  };
}

/** The status of the user's latest enterprise authentication, null when none was submitted. */
export async function enterpriseStatusOf(db: Executor, userId: number): Promise<EnterpriseAuthStatus | null> {
  // Asked on every login and profile read: the status alone, not the whole record.
  const [row] = await db
    .select({ status: enterpriseAuthentications.status })
    .from(enterpriseAuthentications)
    .where(eq(enterpriseAuthentications.userId, userId))
    .orderBy(...LATEST_FIRST)
    .limit(1);
  return row ? (row.status as EnterpriseAuthStatus) : null;
}
