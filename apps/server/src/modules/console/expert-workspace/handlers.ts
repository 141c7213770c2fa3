import type { AppContext } from '../../../context';
import type { Handlers } from '../../../http/endpoints';

type ExpertWorkspaceHandlers = Pick<Handlers['console'], 'myReviewList' | 'myReviewGet' | 'myReviewDeclare' | 'myReviewSave' | 'myReviewFile' | 'myProfile' | 'myProfileUpdate'>;

export function expertWorkspaceHandlers(ctx: AppContext): ExpertWorkspaceHandlers {
  void ctx;
  const unbuilt = () => Promise.reject(new Error('not built yet'));
  return {
    myReviewList: unbuilt,
    myReviewGet: unbuilt,
    myReviewDeclare: unbuilt,
    myReviewSave: unbuilt,
    myReviewFile: unbuilt,
    myProfile: unbuilt,
    myProfileUpdate: unbuilt,
  };
}
