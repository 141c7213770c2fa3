import { useCallback } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router-dom';

/** Navigate, except to the route already shown: that is silently ignored. */
export function useSafeNavigate() {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (to: string, options?: NavigateOptions) => {
      if (to === `${location.pathname}${location.search}`) return;
      void navigate(to, options);
    },
    [navigate, location.pathname, location.search],
  );
}
