export { theme, cssVariablesResolver } from './theme';
export { AppLayout, HEADER_HEIGHT, LAYOUT_MIN_WIDTH, type AppLayoutProps } from './app-layout';
export { Header, type HeaderApi, type HeaderProps, type HeaderUser } from './header';
export { Breadcrumb, type BreadcrumbProps } from './breadcrumb';
export { Footer, type FooterLink, type FooterProps } from './footer';
export { AuthStatusBadge, type AuthStatusBadgeProps } from './auth-status-badge';
export { useSafeNavigate } from './navigation';
export { RichHtml } from './rich-html';
export { NoticeArticle, type NoticeArticleProps } from './notice-article';
export {
  AsyncDataContext,
  createHydrationAsyncData,
  createServerAsyncData,
  useAsync,
  type AsyncDataStore,
  type AsyncResult,
  type AsyncState,
} from './use-async';
export { useHydrated } from './use-hydrated';
export { RouteError } from './route-error';
export { Loading } from './loading';
export { formatDate, formatDateTime, formatDeadline, formatPeriod, SHANGHAI_OFFSET_MINUTES, TIME_ZONE_LABEL } from './beijing-time';
// Captcha and RichHtml are styled by styles.css, which each app imports into its own stylesheet.
export { Captcha, CaptchaInput, type CaptchaApi, type CaptchaProps } from './captcha';
export { PowCaptcha, type PowCaptchaApi, type PowCaptchaProps } from './pow-captcha';
export { loadPasswordChecker, PasswordStrengthMeter, type PasswordStrengthMeterProps } from './password-strength';
export { createErrorViews, Empty, errorMessage, type ErrorStateProps, type ErrorViewOptions } from './states';
export { ListPagination, type ListPaginationProps } from './list-pagination';
export { formatBudget, formatSize, toId } from './format';
export { useQueryParams, type QueryParamsOptions } from './use-query-params';
export { focusFirstError, showServerFieldErrors, zodValidate, type Schema } from './form-errors';
export { childrenByParent, regionNames, regionOptions, type RegionOption } from './regions';
export { openDownload } from './download';
export { RecoveryCodeGrid, TotpCodeInput, TotpEnrolmentCode } from './two-factor';
