import { setTimeout as sleep } from 'node:timers/promises';
import { ACCOUNT_LINK_MESSAGES, accountEmailFormSchema, accountLinkTokenSchema, resetPasswordFormSchema } from '@portal/contracts';
import { findUsableAccountLink } from './account-links.repository';
import { hashLinkToken } from './account-mail';
import { renderAccountMessagePage, renderForgotPasswordPage, renderResetPasswordPage } from './account-pages';
import {
  ACCOUNT_PATHS,
  LINK_REQUEST_ANSWER_MS,
  accountFormKit,
  formErrors,
  linkThrottle,
  tooMany,
  type AccountRouteRegistrar,
} from './account-forms';
import { requestPasswordReset, resetPasswordWithLink } from './password-reset';

/** Forgot password (ask for a link by e-mail) and reset password (set a new one with the link). */
export const registerPasswordResetRoutes: AccountRouteRegistrar = (scope, opts) => {
  const { db, config, sendHtml } = opts;
  const { backOf, actionOf, tokenOf, invalidLink } = accountFormKit(opts);
  const resetRequests = linkThrottle(opts, 'password-reset-request');
  const linkUses = linkThrottle(opts, 'account-link');

  // ---- forgot password ----
  scope.get(ACCOUNT_PATHS.forgotPassword, async (request, reply) =>
    sendHtml(reply, 200, renderForgotPasswordPage({ action: actionOf(ACCOUNT_PATHS.forgotPassword, request), back: backOf(request) })),
  );

  scope.post(ACCOUNT_PATHS.forgotPassword, async (request, reply) => {
    const startedAt = Date.now();
    const back = backOf(request);
    const action = actionOf(ACCOUNT_PATHS.forgotPassword, request);
    const raw = (request.body ?? {}) as { email?: unknown };
    const parsed = accountEmailFormSchema.safeParse(request.body ?? {});
    const email = typeof raw.email === 'string' ? raw.email.slice(0, 320) : '';
    if (!parsed.success) return sendHtml(reply, 400, renderForgotPasswordPage({ action, back, email, errors: formErrors(parsed.error) }));
    const decision = await resetRequests.attempt(parsed.data.email.toLowerCase(), request.ip);
    const refused = tooMany(decision, reply);
    if (refused) return sendHtml(reply, 429, renderForgotPasswordPage({ action, back, email, errors: { '': refused } }));
    if (decision.delayMs) await sleep(decision.delayMs);
    await requestPasswordReset(db, config, parsed.data.email);
    await sleep(Math.max(0, startedAt + decision.delayMs + LINK_REQUEST_ANSWER_MS - Date.now()));
    return sendHtml(reply, 200, renderAccountMessagePage('Check your e-mail', ACCOUNT_LINK_MESSAGES.resetRequested, back));
  });

  // ---- reset password ----
  scope.get(ACCOUNT_PATHS.resetPassword, async (request, reply) => {
    const back = backOf(request);
    const token = tokenOf(request);
    if (!token || !(await findUsableAccountLink(db, hashLinkToken(token), 'password-reset', new Date()))) {
      return invalidLink(reply, back);
    }
    return sendHtml(reply, 200, renderResetPasswordPage({ action: ACCOUNT_PATHS.resetPassword, back, token }));
  });

  scope.post(ACCOUNT_PATHS.resetPassword, async (request, reply) => {
    const back = backOf(request);
    const body = (request.body ?? {}) as { token?: unknown };
    const token = accountLinkTokenSchema.safeParse(body.token);
    if (!token.success) return invalidLink(reply, back);
    const action = ACCOUNT_PATHS.resetPassword;
    const decision = await linkUses.attempt(hashLinkToken(token.data).toString('hex'), request.ip);
    const refused = tooMany(decision, reply);
    if (refused) return sendHtml(reply, 429, renderResetPasswordPage({ action, back, token: token.data, errors: { '': refused } }));
    if (decision.delayMs) await sleep(decision.delayMs);
    const parsed = resetPasswordFormSchema.safeParse(request.body);
    if (!parsed.success) {
      return sendHtml(reply, 400, renderResetPasswordPage({ action, back, token: token.data, errors: formErrors(parsed.error) }));
    }
    const userId = await resetPasswordWithLink(db, parsed.data.token, parsed.data.password);
    if (!userId) return invalidLink(reply, back);
    await decision.succeeded();
    // Whoever holds the reset link owns the account: this browser signs in even while strangers
    // keep the account's budget spent.
    reply.header('set-cookie', await opts.devices.issue(userId));
    request.log.info('password reset with an e-mailed link');
    return sendHtml(reply, 200, renderAccountMessagePage('Password changed', ACCOUNT_LINK_MESSAGES.passwordReset, back));
  });
};
