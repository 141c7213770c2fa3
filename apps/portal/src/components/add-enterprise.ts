import { useCallback, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router-dom';
import { api, session } from '../lib/api';

/** The answers of the add-enterprise action when it cannot open the form. */
export const AUTHING_MESSAGE = '认证信息已提交，请等待审核';
export const ALREADY_AUTHENTICATED_MESSAGE = '您已认证，不能重复认证';

/**
 * The add-enterprise action: authing → a warning, success → already authenticated,
 * unauth or fail → the authentication form.
 */
export function useAddEnterprise(): { run: () => Promise<void>; checking: boolean } {
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const run = useCallback(async () => {
    if (!session.getToken()) {
      void navigate('/login');
      return;
    }
    setChecking(true);
    try {
      const result = await api.enterprise.checkAuthenticationStatus();
      session.update({ enterprise_authentication_status: result.status });
      if (result.code === 'authing') {
        notifications.show({ color: 'yellow', title: '提示', message: AUTHING_MESSAGE });
      } else if (result.code === 'success') {
        notifications.show({ color: 'green', title: '提示', message: ALREADY_AUTHENTICATED_MESSAGE });
      } else {
        void navigate('/addCompany');
      }
    } catch {
      // The error policy has shown the message.
    } finally {
      setChecking(false);
    }
  }, [navigate]);
  return { run, checking };
}
