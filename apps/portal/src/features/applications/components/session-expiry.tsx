import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { DEFAULT_SESSION_NAME } from '@flagship/api-client';
import { getCookie } from '../../../lib/cookies';

const WARN_MS = 5 * 60_000;
const CHECK_MS = 15_000;
const NOTICE_ID = 'session-expiry';

/** When the session ends: the SDK keeps it in this cookie beside the token (browser time, like the cookies' own expiry). */
const sessionExpiresAt = (): number | undefined => {
  const value = Number(getCookie(`${DEFAULT_SESSION_NAME}-expires`));
  return Number.isFinite(value) && value > 0 ? value : undefined;
};

/** Five minutes before the 8-hour session ends, say so once, and what happens to unsaved text. */
export function useSessionExpiryWarning(): void {
  useEffect(() => {
    let warned = false;
    const check = () => {
      const expiresAt = sessionExpiresAt();
      const left = expiresAt === undefined ? undefined : expiresAt - Date.now();
      if (warned || left === undefined || left <= 0 || left > WARN_MS) return;
      warned = true;
      notifications.show({
        id: NOTICE_ID,
        color: 'yellow',
        title: '登录即将过期',
        message: `${Math.ceil(left / 60_000)} 分钟后将退出登录。请先保存草稿；未保存的内容会保留在本设备上，重新登录后可以恢复。`,
        autoClose: false,
      });
    };
    check();
    const timer = setInterval(check, CHECK_MS);
    return () => {
      clearInterval(timer);
      notifications.hide(NOTICE_ID);
    };
  }, []);
}
