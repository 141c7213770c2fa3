export type { StaffRole } from '@flagship/api-client';
import type { StaffRole } from '@flagship/api-client';

/** Who is calling: an applicant or a member of staff, with the session they called with. */
export type Principal =
  | { kind: 'user'; userId: number; account: string; sessionId: number }
  | {
      kind: 'staff';
      staffId: number;
      account: string;
      role: StaffRole;
      sessionId: number;
      /** When the session's owner last proved themselves (password or TOTP). */
      verifiedAt?: Date;
      /** Two-factor sign-in is required of staff and this member has not set it up: enrolment only. */
      enrolmentOnly?: boolean;
    };

export type UserPrincipal = Extract<Principal, { kind: 'user' }>;
export type StaffPrincipal = Extract<Principal, { kind: 'staff' }>;
