import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ACCOUNT_LINK_MESSAGES, accountLinkTokenSchema } from '@portal/contracts';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { renderAccountMessagePage, type FormErrors } from './account-pages';
import type { DeviceCookies } from './device-cookies';
import { LoginThrottle, waitInWords, type ThrottleDecision, type ThrottleSettings } from './login-throttle';

/** What the forgot-password and sign-up pages share: their paths, the way back, form errors, throttle answers. */

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

export interface AccountRouteOptions {
  db: Db;
  config: AppConfig;
  sendHtml: (reply: FastifyReply, status: number, html: string) => FastifyReply;
  devices: DeviceCookies;
  throttle?: ThrottleSettings;
}

export type AccountRouteRegistrar = (scope: FastifyInstance, opts: AccountRouteOptions) => void;

/** The sign-in page a visitor came from (the only way back accepted), else the portal's own sign-in. */
const SIGN_IN_PAGE = /^\/oidc\/interaction\/[A-Za-z0-9_-]{1,200}$/;

/** The first message of each refused field ('' for the form as a whole). */
export function formErrors(error: z.ZodError): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : '';
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The throttle of a link request or a link's use: per address and per account + address, with no
 * budget on the account as a whole, so strangers cannot stop the owner asking for a reset link.
 */
export function linkThrottle(opts: AccountRouteOptions, scope: string): LoginThrottle {
  return new LoginThrottle(opts.db, scope, { ...opts.throttle, accountBudget: null });
}

/** The message of a refused attempt (with Retry-After set), or undefined when it may go on. */
export function tooMany(decision: ThrottleDecision, reply: FastifyReply): string | undefined {
  if (decision.refusedForMs === undefined) return undefined;
  reply.header('retry-after', String(Math.ceil(decision.refusedForMs / 1000)));
  return `Too many attempts. Try again in ${waitInWords(decision.refusedForMs)}.`;
}

/** Helpers bound to the portal's address and the pages' headers. */
export function accountFormKit(opts: AccountRouteOptions) {
  const { config, sendHtml } = opts;
  const backParam = (request: FastifyRequest): string | undefined => {
    const back = (request.query as { back?: unknown } | undefined)?.back;
    return typeof back === 'string' && SIGN_IN_PAGE.test(back) ? back : undefined;
  };
  return {
    /** Where "Back to sign in" leads. */
    backOf: (request: FastifyRequest): string => backParam(request) ?? new URL('/login', config.publicUrl).toString(),
    /** The page's own address, carrying the way back. */
    actionOf: (path: string, request: FastifyRequest): string => {
      const back = backParam(request);
      return back ? `${path}?back=${encodeURIComponent(back)}` : path;
    },
    /** The link's token from the query string, when it has the right form. */
    tokenOf: (request: FastifyRequest): string | undefined => {
      const parsed = accountLinkTokenSchema.safeParse((request.query as { token?: unknown } | undefined)?.token);
      return parsed.success ? parsed.data : undefined;
    },
    invalidLink: (reply: FastifyReply, back: string) =>
      sendHtml(reply, 400, renderAccountMessagePage('Link not valid', ACCOUNT_LINK_MESSAGES.linkInvalid, back, 'error')),
  };
}
