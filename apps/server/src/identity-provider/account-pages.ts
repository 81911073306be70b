import { ACCOUNT_LINK_MINUTES, MIN_PASSWORD_LENGTH } from '@portal/contracts';
import { escapeHtml, page } from './idp-pages';

/** The forgot-password, reset-password and sign-up pages of the embedded identity provider. */

export interface FormField {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autocomplete: string;
  value?: string;
  error?: string;
}

/** Messages of a refused form: by field name, '' for the form as a whole. */
export type FormErrors = Record<string, string>;

function renderField(f: FormField, autofocus: boolean): string {
  const errorId = `${f.name}-error`;
  const error = f.error ? `<p class="field-error" id="${errorId}">${escapeHtml(f.error)}</p>` : '';
  const described = f.error ? ` aria-invalid="true" aria-describedby="${errorId}"` : '';
  const value = f.type === 'password' ? '' : ` value="${escapeHtml(f.value ?? '')}"`;
  return `<label for="${f.name}">${escapeHtml(f.label)}</label>
  <input id="${f.name}" name="${f.name}" type="${f.type}" autocomplete="${f.autocomplete}" required${autofocus ? ' autofocus' : ''}${value}${described}>
  ${error}`;
}

function renderForm(opts: {
  action: string;
  intro: string;
  fields: FormField[];
  hidden?: Record<string, string>;
  submit: string;
  formError?: string;
  back: string;
}): string {
  const hidden = Object.entries(opts.hidden ?? {})
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  const firstWithError = opts.fields.findIndex((f) => f.error);
  const focus = firstWithError >= 0 ? firstWithError : 0;
  const formError = opts.formError ? `<div class="error" role="alert">${escapeHtml(opts.formError)}</div>` : '';
  return `<p>${escapeHtml(opts.intro)}</p>
<form method="post" action="${escapeHtml(opts.action)}" novalidate>${hidden}
  ${opts.fields.map((f, i) => renderField(f, i === focus)).join('\n  ')}
  <button type="submit">${escapeHtml(opts.submit)}</button>
  ${formError}
</form>
<p class="links"><a href="${escapeHtml(opts.back)}">Back to sign in</a></p>`;
}

/** A page that only says what happened, with the way back to signing in. */
export function renderAccountMessagePage(title: string, message: string, back: string, tone: 'done' | 'error' = 'done'): string {
  return page(
    title,
    `<div class="${tone}" role="${tone === 'error' ? 'alert' : 'status'}">${escapeHtml(message)}</div>
<p class="links"><a href="${escapeHtml(back)}">Back to sign in</a></p>`,
  );
}

const emailField = (value: string | undefined, error: string | undefined): FormField => ({
  name: 'email',
  label: 'E-mail',
  type: 'email',
  autocomplete: 'email',
  value,
  error,
});

const newPasswordFields = (errors: FormErrors): FormField[] => [
  { name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', error: errors.password },
  { name: 'confirmPassword', label: 'Confirm new password', type: 'password', autocomplete: 'new-password', error: errors.confirmPassword },
];

export function renderForgotPasswordPage(opts: { action: string; back: string; email?: string; errors?: FormErrors }): string {
  const errors = opts.errors ?? {};
  return page(
    'Forgot password',
    renderForm({
      action: opts.action,
      intro: `Enter the e-mail address of your account. If it has one, we send it a link to choose a new password (the link works for ${ACCOUNT_LINK_MINUTES} minutes).`,
      fields: [emailField(opts.email, errors.email)],
      submit: 'Send reset link',
      formError: errors[''],
      back: opts.back,
    }),
  );
}

export function renderResetPasswordPage(opts: { action: string; back: string; token: string; errors?: FormErrors }): string {
  const errors = opts.errors ?? {};
  return page(
    'Reset password',
    renderForm({
      action: opts.action,
      intro: `Choose a new password of at least ${MIN_PASSWORD_LENGTH} characters. You will be signed out everywhere else.`,
      fields: newPasswordFields(errors),
      hidden: { token: opts.token },
      submit: 'Set new password',
      formError: errors[''],
      back: opts.back,
    }),
  );
}

export function renderSignUpPage(opts: { action: string; back: string; email?: string; errors?: FormErrors }): string {
  const errors = opts.errors ?? {};
  return page(
    'Sign up',
    renderForm({
      action: opts.action,
      intro: 'Enter your e-mail address. We send it a link to finish signing up.',
      fields: [emailField(opts.email, errors.email)],
      submit: 'Send sign-up link',
      formError: errors[''],
      back: opts.back,
    }),
  );
}

export function renderCompleteSignUpPage(opts: {
  action: string;
  back: string;
  token: string;
  email: string;
  name?: string;
  nickname?: string;
  errors?: FormErrors;
}): string {
  const errors = opts.errors ?? {};
  return page(
    'Finish signing up',
    renderForm({
      action: opts.action,
      intro: `Your account will sign in as ${opts.email}. Choose your name and a password of at least ${MIN_PASSWORD_LENGTH} characters.`,
      fields: [
        { name: 'name', label: 'Full-name', type: 'text', autocomplete: 'name', value: opts.name, error: errors.name },
        { name: 'nickname', label: 'Nickname', type: 'text', autocomplete: 'nickname', value: opts.nickname, error: errors.nickname },
        ...newPasswordFields(errors),
      ],
      hidden: { token: opts.token },
      submit: 'Create account',
      formError: errors[''],
      back: opts.back,
    }),
  );
}
