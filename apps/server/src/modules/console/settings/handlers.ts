import { weakPasswordMessage, type ConsoleSettings } from '@flagship/api-client';
import type { AppContext } from '../../../context';
import { hashPassword } from '../../../db/password';
import type { Handlers } from '../../../http/endpoints';
import { badRequest } from '../../../http/errors';
import { checkPasswordStrength } from '../../../lib/password-strength';
import { audit } from '../../../shared/audit-repository';
import { forgetSettings, loadSettings } from '../../../shared/settings-repository';
import { publicRichText, resolveImage } from '../../../shared/staff-uploads-repository';
import { hasTwoFactor, loadStaffTwoFactorRequired } from '../../../auth/staff-two-factor-repository';
import { retentionSettings, storedAccessPasswordHash, updateSettings } from './repository';

type SettingsHandlers = Pick<Handlers['console'], 'settingsGet' | 'settingsUpdate'>;

export function settingsHandlers({ db, config }: AppContext): SettingsHandlers {
  /** The settings as the portal sees them, and whether an access password is stored (never the password). */
  const current = async (): Promise<ConsoleSettings> => {
    const hash = await storedAccessPasswordHash(db);
    return {
      ...(await loadSettings(db)),
      accessPasswordSet: Boolean(hash),
      staffTwoFactorRequired: await loadStaffTwoFactorRequired(db),
      ...(await retentionSettings(db)),
      orphanUploadGraceDefaultHours: config.orphanUploadGraceMs / 3600_000,
    };
  };

  return {
    settingsGet: current,

    settingsUpdate: async ({ body, principal, req }) => {
      const strength = body.accessPassword === undefined ? undefined : checkPasswordStrength(body.accessPassword);
      if (strength && !strength.ok) throw badRequest(`访问密码：${weakPasswordMessage(strength)}`, { accessPassword: weakPasswordMessage(strength) });
      if (body.staffTwoFactorRequired && !(await hasTwoFactor(db, principal.staffId))) {
        // Otherwise the admin's own next call would be refused until they enrol.
        const rule = '开启前请先在“账号安全”中为自己的账号启用两步验证';
        throw badRequest(`工作人员必须启用两步验证：${rule}`, { staffTwoFactorRequired: rule });
      }
      const newHash = body.accessPassword !== undefined ? await hashPassword(body.accessPassword) : undefined;
      await db.transaction(async (tx) => {
        const hash = await storedAccessPasswordHash(tx, { lock: true });
        if (body.accessPasswordEnabled && !newHash && !hash) {
          throw badRequest('访问密码：开启访问密码前请先设置密码', { accessPassword: '开启访问密码前请先设置密码' });
        }
        const banners = [];
        for (const [index, banner] of body.banners.entries()) {
          banners.push({ ...banner, image: (await resolveImage(tx, banner.image, `banners.${index}.image`, '横幅')) ?? '' });
        }
        const { accessPassword: _password, ...rest } = body;
        await updateSettings(tx, { ...rest, about: await publicRichText(tx, body.about, 'about', '关于我们'), banners, ...(newHash ? { accessPasswordHash: newHash } : {}) });
        // The password is never written to the log, only that it changed.
        await audit(tx, principal, req, 'settings.update', { type: 'settings', id: 1 }, {
          siteTitle: body.siteTitle,
          accessPasswordEnabled: body.accessPasswordEnabled,
          accessPasswordChanged: Boolean(newHash),
          ...(body.staffTwoFactorRequired === undefined ? {} : { staffTwoFactorRequired: body.staffTwoFactorRequired }),
          ...(body.draftRetentionDays === undefined ? {} : { draftRetentionDays: body.draftRetentionDays }),
          ...(body.orphanUploadGraceHours === undefined ? {} : { orphanUploadGraceHours: body.orphanUploadGraceHours }),
        });
      });
      forgetSettings(db);
      return current();
    },
  };
}
