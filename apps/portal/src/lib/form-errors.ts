// An input Mantine marks invalid, or the error message under a field (rich-text and file fields
// have no invalid input of their own: TinyMCE lives in an iframe, uploads behind a button).
const INVALID = '[aria-invalid="true"], .mantine-InputWrapper-error, [class*="-error"][id$="-error"]';
// Where the typing goes first (a rich-text field's editor before its toolbar), then any control.
const FOCUS_ORDER = ['[aria-invalid="true"]', 'iframe, textarea, [contenteditable="true"]', 'input:not([type="hidden"]):not([type="file"]), select, button'];

/** The field (its wrapper) holding the first error in page order, if any. */
export function firstErrorField(root: ParentNode = document): HTMLElement | null {
  const first = root.querySelector<HTMLElement>(INVALID);
  if (!first) return null;
  return first.closest<HTMLElement>('[data-field], .mantine-InputWrapper-root, [class*="-root"]') ?? first;
}

/**
 * After a failed check, bring the first field with an error into view and give it the focus, so
 * that the applicant is never left with every error out of sight. Used by every portal form.
 */
export function scrollToFirstError(root?: ParentNode): void {
  // Let the error messages render first.
  requestAnimationFrame(() => {
    const field = firstErrorField(root);
    if (!field) return;
    field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    if (field.matches('[aria-invalid="true"]')) return field.focus({ preventScroll: true });
    for (const selector of FOCUS_ORDER) {
      const target = field.querySelector<HTMLElement>(selector);
      if (target) return target.focus({ preventScroll: true });
    }
  });
}
