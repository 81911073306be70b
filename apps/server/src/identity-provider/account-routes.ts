import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ACCOUNT_LINK_MESSAGES,
  accountEmailFormSchema,
  accountLinkTokenSchema,
  completeSignUpFormSchema,
  resetPasswordFormSchema,
} from '@portal/contracts';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { readSignUpSetting } from '../modules/system-management/sign-up-setting.repository';
import { findUsableAccountLink } from './account-links.repository';
import { hashLinkToken } from './account-mail';
import {
  renderAccountMessagePage,
  renderCompleteSignUpPage,
  renderForgotPasswordPage,
  renderResetPasswordPage,
  renderSignUpPage,
  type FormErrors,
} from './account-pages';
import { LoginThrottle, type ThrottleDecision, type ThrottleOptions } from './login-throttle';
import { requestPasswordReset, resetPasswordWithLink } from './password-reset';
import { completeSignUp, requestSignUp } from './sign-up';

/**
 * Requests for a link answer no sooner than this after they arrive, whether or not a message was
 * queued, so the answer time does not tell which addresses have accounts.
 */
export const LINK_REQUEST_ANSWER_MS = 400;

export const ACCOUNT_PATHS = {
  forgotPassword: '/oidc/forgot-password',
  resetPassword: '/oidc/reset-password',
  signUp: '/oidc/sign-up',
  completeSignUp: '/oidc/sign-up/complete',
} as const;

/** The sign-in page a visitor came from (the only way back accepted), else the portal's own sign-in. */
const SIGN_IN_PAGE = /^\/oidc\/interaction\/[A-Za-z0-9_-]{1,200}$/;

function formErrors(error: z.ZodError): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : '';
    errors[field] ??= issue.message;
  }
  return errors;
}

function tooMany(decision: ThrottleDecision, reply: FastifyReply): string | undefined {
  if (decision.refusedForMs === undefined) return undefined;
  const minutes = Math.max(1, Math.ceil(decision.refusedForMs / 60_000));
  reply.header('retry-after', String(Math.ceil(decision.refusedForMs / 1000)));
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Forgot password, reset password and sign-up: server-rendered forms beside the sign-in page. */
export function registerAccountRoutes(
  scope: FastifyInstance,
  opts: {
    db: Db;
    config: AppConfig;
    sendHtml: (reply: FastifyReply, status: number, html: string) => FastifyReply;
    throttle?: Partial<ThrottleOptions>;
  },
): void {
  const { db, config, sendHtml } = opts;
  const resetRequests = new LoginThrottle(db, 'password-reset-request', opts.throttle);
  const signUpRequests = new LoginThrottle(db, 'sign-up-request', opts.throttle);
  const linkUses = new LoginThrottle(db, 'account-link', opts.throttle);

  const backOf = (request: FastifyRequest): string => {
    const back = (request.query as { back?: unknown } | undefined)?.back;
    return typeof back === 'string' && SIGN_IN_PAGE.test(back) ? back : new URL('/login', config.publicUrl).toString();
  };
  /** The page's own address, carrying the way back. */
  const actionOf = (path: string, request: FastifyRequest): string => {
    const back = (request.query as { back?: unknown } | undefined)?.back;
    return typeof back === 'string' && SIGN_IN_PAGE.test(back) ? `${path}?back=${encodeURIComponent(back)}` : path;
  };
  const tokenOf = (request: FastifyRequest): string | undefined => {
    const parsed = accountLinkTokenSchema.safeParse((request.query as { token?: unknown } | undefined)?.token);
    return parsed.success ? parsed.data : undefined;
  };
  const invalidLink = (reply: FastifyReply, back: string) =>
    sendHtml(reply, 400, renderAccountMessagePage('Link not valid', ACCOUNT_LINK_MESSAGES.linkInvalid, back, 'error'));
  const signUpOff = async () => !(await readSignUpSetting(db)).enabled;
  const notFoundPage = (reply: FastifyReply, back: string) =>
    sendHtml(reply, 404, renderAccountMessagePage('Sign-up is off', ACCOUNT_LINK_MESSAGES.signUpOff, back, 'error'));
  const refusedPage = (reply: FastifyReply, back: string) =>
    sendHtml(reply, 403, renderAccountMessagePage('Sign-up is off', ACCOUNT_LINK_MESSAGES.signUpOff, back, 'error'));

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
    if (!(await resetPasswordWithLink(db, parsed.data.token, parsed.data.password))) return invalidLink(reply, back);
    await decision.succeeded();
    request.log.info('password reset with an e-mailed link');
    return sendHtml(reply, 200, renderAccountMessagePage('Password changed', ACCOUNT_LINK_MESSAGES.passwordReset, back));
  });

  // ---- sign-up (only while an administrator allows it) ----
  scope.get(ACCOUNT_PATHS.signUp, async (request, reply) => {
    const back = backOf(request);
    if (await signUpOff()) return notFoundPage(reply, back);
    return sendHtml(reply, 200, renderSignUpPage({ action: actionOf(ACCOUNT_PATHS.signUp, request), back }));
  });

  scope.post(ACCOUNT_PATHS.signUp, async (request, reply) => {
    const startedAt = Date.now();
    const back = backOf(request);
    if (await signUpOff()) return refusedPage(reply, back);
    const action = actionOf(ACCOUNT_PATHS.signUp, request);
    const raw = (request.body ?? {}) as { email?: unknown };
    const email = typeof raw.email === 'string' ? raw.email.slice(0, 320) : '';
    const parsed = accountEmailFormSchema.safeParse(request.body ?? {});
    if (!parsed.success) return sendHtml(reply, 400, renderSignUpPage({ action, back, email, errors: formErrors(parsed.error) }));
    const decision = await signUpRequests.attempt(parsed.data.email.toLowerCase(), request.ip);
    const refused = tooMany(decision, reply);
    if (refused) return sendHtml(reply, 429, renderSignUpPage({ action, back, email, errors: { '': refused } }));
    if (decision.delayMs) await sleep(decision.delayMs);
    await requestSignUp(db, config, parsed.data.email);
    await sleep(Math.max(0, startedAt + decision.delayMs + LINK_REQUEST_ANSWER_MS - Date.now()));
    return sendHtml(reply, 200, renderAccountMessagePage('Check your e-mail', ACCOUNT_LINK_MESSAGES.signUpRequested, back));
  });

  scope.get(ACCOUNT_PATHS.completeSignUp, async (request, reply) => {
    const back = backOf(request);
    if (await signUpOff()) return notFoundPage(reply, back);
    const token = tokenOf(request);
    const link = token ? await findUsableAccountLink(db, hashLinkToken(token), 'sign-up', new Date()) : undefined;
    if (!token || !link) return invalidLink(reply, back);
    return sendHtml(reply, 200, renderCompleteSignUpPage({ action: ACCOUNT_PATHS.completeSignUp, back, token, email: link.email }));
  });

  scope.post(ACCOUNT_PATHS.completeSignUp, async (request, reply) => {
    const back = backOf(request);
    if (await signUpOff()) return refusedPage(reply, back);
    const body = (request.body ?? {}) as { token?: unknown; name?: unknown; nickname?: unknown };
    const token = accountLinkTokenSchema.safeParse(body.token);
    if (!token.success) return invalidLink(reply, back);
    const decision = await linkUses.attempt(hashLinkToken(token.data).toString('hex'), request.ip);
    const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 200) : '');
    const again = (status: number, errors: FormErrors, email: string) =>
      sendHtml(
        reply,
        status,
        renderCompleteSignUpPage({
          action: ACCOUNT_PATHS.completeSignUp,
          back,
          token: token.data,
          email,
          name: text(body.name),
          nickname: text(body.nickname),
          errors,
        }),
      );
    const link = await findUsableAccountLink(db, hashLinkToken(token.data), 'sign-up', new Date());
    if (!link) return invalidLink(reply, back);
    const refused = tooMany(decision, reply);
    if (refused) return again(429, { '': refused }, link.email);
    if (decision.delayMs) await sleep(decision.delayMs);
    const parsed = completeSignUpFormSchema.safeParse(request.body);
    if (!parsed.success) return again(400, formErrors(parsed.error), link.email);
    const result = await completeSignUp(db, parsed.data);
    if (result === 'sign-up-off') return refusedPage(reply, back);
    if (result === 'invalid-link') return invalidLink(reply, back);
    if (result === 'email-taken') {
      return sendHtml(
        reply,
        409,
        renderAccountMessagePage(
          'Already signed up',
          'This e-mail address already has an account. Sign in, or use Forgot password.',
          back,
          'error',
        ),
      );
    }
    await decision.succeeded();
    return sendHtml(reply, 200, renderAccountMessagePage('Account created', ACCOUNT_LINK_MESSAGES.signedUp, back));
  });
}
