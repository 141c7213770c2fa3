// Automatic conflicts of interest between an expert and an application, found before assigning
// (by hand, in bulk or automatically): the rules live here once, free of the database.

/** Trimmed, lower case, without any whitespace: how names are compared. */
export function normaliseName(name: string): string {
  return name.toLowerCase().replace(/\s+/gu, '');
}

/** Names shorter than this (normalised) match nothing: one character would match everything. */
const SHORTEST_NAME = 2;

/** Normalised names worth comparing, without repeats. */
function comparable(names: readonly string[]): string[] {
  return [...new Set(names.map(normaliseName).filter((n) => n.length >= SHORTEST_NAME))];
}

export interface ConflictExpertInput {
  organisation: string;
  /** One organisation per line. */
  declaredInterests: string;
  interestEnterpriseIds: readonly number[];
  /** The expert's review account (an e-mail or a mobile number), if any. */
  account: string | null;
}

export interface ConflictApplicationInput {
  /** The applicant's enterprises in the library. */
  enterpriseIds: readonly number[];
  /** Enterprise names (library and authentications) and the applicant's own name. */
  names: readonly string[];
}

/** An expert prepared for many comparisons. */
export interface ConflictExpert {
  names: string[];
  interestEnterpriseIds: ReadonlySet<number>;
  account: string | null;
}

/** An application prepared for many comparisons. */
export interface ConflictApplication {
  names: string[];
  enterpriseIds: readonly number[];
}

export function prepareExpert(e: ConflictExpertInput): ConflictExpert {
  return {
    names: comparable([e.organisation, ...e.declaredInterests.split('\n')]),
    interestEnterpriseIds: new Set(e.interestEnterpriseIds),
    account: e.account ? normaliseName(e.account) : null,
  };
}

export function prepareApplication(a: ConflictApplicationInput): ConflictApplication {
  return { names: comparable(a.names), enterpriseIds: a.enterpriseIds };
}

/**
 * The accounts, e-mail addresses and mobile numbers of everyone with an application in the call,
 * normalised: an expert signed in with one of them is an applicant to the same call.
 */
export function callAccounts(applicants: readonly { account: string; email: string; mobile: string }[]): Set<string> {
  return new Set(applicants.flatMap((u) => [u.account, u.email, u.mobile]).map(normaliseName).filter((v) => v.length > 0));
}

/** Why the expert may not review the application, or null when nothing is found. */
export function conflictOf(expert: ConflictExpert, application: ConflictApplication, accountsOfCall: ReadonlySet<string>): string | null {
  if (expert.account && accountsOfCall.has(expert.account)) return '专家本人是该项目的申报人';
  for (const id of application.enterpriseIds) if (expert.interestEnterpriseIds.has(id)) return '专家声明与申报企业存在利益关联';
  for (const mine of expert.names) {
    for (const theirs of application.names) {
      if (mine.includes(theirs) || theirs.includes(mine)) return '专家的工作单位或利益关联与申报单位相同';
    }
  }
  return null;
}
