import type { AppContext } from '../../../context';
import type { Handlers } from '../../../http/endpoints';

type ReviewRoundHandlers = Pick<Handlers['console'], 'reviewRoundGet' | 'reviewRoundSave' | 'reviewRoundNew' | 'reviewAssignmentList' | 'reviewAssign' | 'reviewAutoAssign' | 'reviewUnassign' | 'reviewReopen' | 'reviewProgress' | 'reviewRanking' | 'reviewDecisions'>;

export function reviewRoundHandlers(ctx: AppContext): ReviewRoundHandlers {
  void ctx;
  const unbuilt = () => Promise.reject(new Error('not built yet'));
  return {
    reviewRoundGet: unbuilt,
    reviewRoundSave: unbuilt,
    reviewRoundNew: unbuilt,
    reviewAssignmentList: unbuilt,
    reviewAssign: unbuilt,
    reviewAutoAssign: unbuilt,
    reviewUnassign: unbuilt,
    reviewReopen: unbuilt,
    reviewProgress: unbuilt,
    reviewRanking: unbuilt,
    reviewDecisions: unbuilt,
  };
}
