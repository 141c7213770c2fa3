import type { ExpertAccount } from '@flagship/api-client';
import { resetBrake } from '../../../auth/login-brake';
import { staffPasswordProblem } from '../../../auth/staff';
import { revokeStaffSessions } from '../../../auth/staff-repository';
import { hashToken, newToken } from '../../../auth/tokens';
import type { AppContext } from '../../../context';
import { hashPassword } from '../../../db/password';
import type { Handlers } from '../../../http/endpoints';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { beijingTime } from '../../../lib/beijing-time';
import { audit, writeAudit } from '../../../shared/audit-repository';
import { expertAccountOf, lockExpert } from '../../../shared/experts-repository';
import { invitationLink, sendToAccount } from './messages';
import {
  acceptInvitation,
  accountTaken,
  findOpenInvitation,
  insertExpertStaff,
  invitationAccepted,
  lockExpertStaff,
  replaceInvitation,
  setStaffAccount,
  setStaffDisabled,
  setStaffPassword,
} from './repository';

type ExpertAccountHandlers = Pick<Handlers['console'], 'expertInvite' | 'expertAccountUpdate' | 'invitationAccept'>;

const INVITATION_TTL_MS = 7 * 24 * 3600_000;
const INVALID_INVITATION = '邀请链接无效或已过期';

export function expertAccountHandlers(ctx: AppContext): ExpertAccountHandlers {
  const { db, mailer, config } = ctx;

  const loadAccount = async (expertId: number): Promise<ExpertAccount> => {
    const account = await expertAccountOf(db, expertId);
    if (!account) throw notFound('该专家尚未开通评审账号');
    return account;
  };

  return {
    expertInvite: async ({ params, body, principal, req }) => {
      const token = newToken();
      const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
      // Nobody signs in with this: the expert sets a password through the invitation.
      const unusableHash = await hashPassword(newToken());
      const expertName = await db.transaction(async (tx) => {
        const expert = await lockExpert(tx, params.id);
        if (!expert) throw notFound('专家不存在');
        const member = await lockExpertStaff(tx, params.id);
        const taken = () => conflict(`账号 ${body.account} 已被其他工作人员使用`);
        let staffId: number;
        if (member) {
          if (await invitationAccepted(tx, member.id)) throw conflict('该专家已接受邀请');
          if (member.account !== body.account) {
            if ((await accountTaken(tx, body.account, member.id)) || !(await setStaffAccount(tx, member.id, body.account))) throw taken();
          }
          staffId = member.id;
        } else {
          const id = await insertExpertStaff(tx, { account: body.account, name: expert.name, expertId: expert.id, passwordHash: unusableHash });
          if (id === undefined) throw taken();
          staffId = id;
        }
        await replaceInvitation(tx, staffId, hashToken(token), expiresAt);
        await audit(tx, principal, req, 'expert.invite', { type: 'expert', id: expert.id }, { account: body.account, staffId, resent: member !== undefined });
        return expert.name;
      });
      const text =
        `${expertName}您好，我们邀请您作为评审专家参与项目评审。请在 ${beijingTime(expiresAt)}（北京时间）前打开以下链接设置密码：` +
        `${invitationLink(config.consoleUrl, token)} 。之后请以账号 ${body.account} 登录评审工作台。`;
      await sendToAccount(mailer, body.account, '评审专家邀请', text);
      return loadAccount(params.id);
    },

    expertAccountUpdate: async ({ params, body, principal, req }) => {
      await db.transaction(async (tx) => {
        const member = await lockExpertStaff(tx, params.id);
        if (!member) throw notFound('该专家尚未开通评审账号');
        await setStaffDisabled(tx, member.id, body.disabled);
        // A disabled account must not leave a session open.
        const endedSessions = body.disabled ? await revokeStaffSessions(tx, member.id) : 0;
        await audit(tx, principal, req, body.disabled ? 'expert.disableAccount' : 'expert.enableAccount', { type: 'expert', id: params.id }, {
          account: member.account,
          staffId: member.id,
          endedSessions,
        });
      });
      return loadAccount(params.id);
    },

    invitationAccept: async ({ body, req }) => {
      const invitation = await findOpenInvitation(db, hashToken(body.token));
      const now = new Date();
      if (!invitation || invitation.disabled || invitation.expiresAt <= now) throw badRequest(INVALID_INVITATION, { token: INVALID_INVITATION });
      const problem = staffPasswordProblem(body.password, invitation.account);
      if (problem) throw badRequest(`密码：${problem}`, { password: problem });
      const passwordHash = await hashPassword(body.password);
      await db.transaction(async (tx) => {
        if (!(await acceptInvitation(tx, invitation.id, now))) throw badRequest(INVALID_INVITATION, { token: INVALID_INVITATION });
        await setStaffPassword(tx, invitation.staffId, passwordHash);
        await resetBrake(tx, { kind: 'staff', account: invitation.account });
        await writeAudit(tx, {
          actorKind: 'staff',
          actorId: invitation.staffId,
          action: 'expert.acceptInvitation',
          objectType: 'staff',
          objectId: String(invitation.staffId),
          detail: { account: invitation.account },
          ip: req.ip,
        });
      });
      return { account: invitation.account };
    },
  };
}
