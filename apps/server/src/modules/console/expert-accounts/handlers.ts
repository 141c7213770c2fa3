import type { AppContext } from '../../../context';
import type { Handlers } from '../../../http/endpoints';

type ExpertAccountHandlers = Pick<Handlers['console'], 'expertInvite' | 'expertAccountUpdate' | 'invitationAccept'>;

export function expertAccountHandlers(ctx: AppContext): ExpertAccountHandlers {
  void ctx;
  const unbuilt = () => Promise.reject(new Error('not built yet'));
  return {
    expertInvite: unbuilt,
    expertAccountUpdate: unbuilt,
    invitationAccept: unbuilt,
  };
}
