import { ApiError, Errno } from '@flagship/api-client';
import { createErrorViews } from '@flagship/ui';
import { MissingIdError } from '../lib/missing-id';

export const { ErrorState, AsyncView } = createErrorViews({
  color: 'red',
  retryColor: 'red.9',
  // Retrying cannot bring back what does not exist or an id the link lacks.
  finalTitle: (error) => {
    if (error instanceof MissingIdError) return '链接不完整';
    if (error instanceof ApiError && error.errno === Errno.NOT_FOUND) return '内容不存在';
    return undefined;
  },
});
