import { setTimeout as sleep } from 'node:timers/promises';
import { ACCOUNT_LINK_MESSAGES, accountEmailFormSchema, accountLinkTokenSchema, completeSignUpFormSchema } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import { readSignUpSetting } from '../accounts/sign-up-setting.repository';
import { findUsableAccountLink } from './account-links.repository';
import { hashLinkToken } from './account-mail';
import { renderAccountMessagePage, renderCompleteSignUpPage, renderSignUpPage, type FormErrors } from './account-pages';
import {
  ACCOUNT_PATHS,
  LINK_REQUEST_ANSWER_MS,
  accountFormKit,
  formErrors,
  linkThrottle,
  tooMany,
  type AccountRouteRegistrar,
} from './account-forms';
import { completeSignUp, requestSignUp } from './sign-up';

/** Sign-up (ask for a link by e-mail) and its completion, only while an administrator allows sign-up. */
export const registerSignUpRoutes: AccountRouteRegistrar = (scope, opts) => {
  const { db, config, sendHtml } = opts;
  const { backOf, actionOf, tokenOf, invalidLink } = accountFormKit(opts);
  const signUpRequests = linkThrottle(opts, 'sign-up-request');
  const linkUses = linkThrottle(opts, 'account-link');
  const signUpOff = async () => !(await readSignUpSetting(db)).enabled;
  const notFoundPage = (reply: FastifyReply, back: string) =>
    sendHtml(reply, 404, renderAccountMessagePage('Sign-up is off', ACCOUNT_LINK_MESSAGES.signUpOff, back, 'error'));
  const refusedPage = (reply: FastifyReply, back: string) =>
    sendHtml(reply, 403, renderAccountMessagePage('Sign-up is off', ACCOUNT_LINK_MESSAGES.signUpOff, back, 'error'));

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
};
