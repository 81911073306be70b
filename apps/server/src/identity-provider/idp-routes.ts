import { setTimeout as sleep } from 'node:timers/promises';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { unframeableHeaders } from '../http/security-headers';
import { readSignUpSetting } from '../accounts/sign-up-setting.repository';
import { findIdentityByEmail } from '../accounts/identity.repository';
import { ACCOUNT_PATHS, registerAccountRoutes } from './account-routes';
import type { EmbeddedIdp } from './embedded-idp';
import { renderLoginPage, renderMessagePage } from './idp-pages';
import type { DeviceCookies } from './device-cookies';
import { LoginThrottle, waitInWords, type ThrottleSettings } from './login-throttle';
import { verifyPasswordInConstantTime } from '../accounts/passwords';

const loginBodySchema = z.object({ email: z.string().trim().max(320).default(''), password: z.string().max(1024).default('') });
const WRONG_CREDENTIALS = 'The e-mail address or password is not correct.';

/**
 * The embedded IdP's interaction pages (sign-in form) and the hand-over of every other
 * /oidc request to oidc-provider.
 */
export async function registerIdpRoutes(
  app: FastifyInstance,
  opts: { db: Db; idp: EmbeddedIdp; config: AppConfig; devices: DeviceCookies; throttle?: ThrottleSettings },
): Promise<void> {
  const { db, idp, config, devices } = opts;
  const publicUrl = config.publicUrl;
  const demoHint = config.demoPasswordIsDefault;
  // The sign-in form must never be framed (clickjacking of the password form).
  const signInHeaders = unframeableHeaders(config);
  const throttle = new LoginThrottle(db, 'sign-in', opts.throttle);

  // Everything else under /oidc belongs to oidc-provider (a Koa app): hand it the raw
  // request before Fastify parses a body, since the provider reads the body itself.
  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    idp.handle(request.raw, reply.raw, request.ip);
  };
  for (const url of ['/oidc', '/oidc/*']) {
    app.route({ method: ['GET', 'POST', 'OPTIONS'], url, onRequest: handOver, handler: async () => undefined });
  }

  await app.register(async (scope) => {
    await scope.register(formbody);

    const sendHtml = (reply: FastifyReply, status: number, html: string) =>
      reply.status(status).headers(signInHeaders).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

    const details = async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return await idp.provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return undefined;
      }
    };

    const expired = (reply: FastifyReply) =>
      sendHtml(reply, 400, renderMessagePage('Sign-in expired', 'This sign-in page has expired. Start again from the portal.', publicUrl));

    registerAccountRoutes(scope, { db, config, sendHtml, devices, throttle: opts.throttle });

    /** The sign-in form with its links: forgot password always, sign-up while an administrator allows it. */
    const loginPage = async (uid: string, form: { email?: string; error?: string } = {}) => {
      const back = `?back=${encodeURIComponent(`/oidc/interaction/${encodeURIComponent(uid)}`)}`;
      const signUpOn = (await readSignUpSetting(db)).enabled;
      return renderLoginPage({
        action: `/oidc/interaction/${encodeURIComponent(uid)}/login`,
        demoHint,
        forgotPasswordUrl: `${ACCOUNT_PATHS.forgotPassword}${back}`,
        signUpUrl: signUpOn ? `${ACCOUNT_PATHS.signUp}${back}` : undefined,
        ...form,
      });
    };

    scope.get<{ Params: { uid: string } }>('/oidc/interaction/:uid', async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction) return expired(reply);
      return sendHtml(reply, 200, await loginPage(request.params.uid));
    });

    scope.post<{ Params: { uid: string } }>('/oidc/interaction/:uid/login', async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction) return expired(reply);
      const parsed = loginBodySchema.safeParse(request.body ?? {});
      const { email, password } = parsed.success ? parsed.data : { email: '', password: '' };
      const fail = async (status: number, error: string) => sendHtml(reply, status, await loginPage(request.params.uid, { email, error }));
      if (!email || !password) return fail(400, 'Enter your e-mail address and password.');

      const user = await findIdentityByEmail(db, email);
      // A browser that signed in to this account before is held only by its own budget.
      const device = await devices.trustedFor(request.headers.cookie, user?.user_id);
      const decision = await throttle.attempt(email.toLowerCase(), request.ip, device);
      if (decision.refusedForMs !== undefined) {
        reply.header('retry-after', String(Math.ceil(decision.refusedForMs / 1000)));
        const which =
          decision.refusedBy === 'account' ? 'Too many failed sign-in attempts on this account.' : 'Too many failed sign-in attempts.';
        return fail(429, `${which} Try again in ${waitInWords(decision.refusedForMs)}.`);
      }
      if (decision.delayMs) await sleep(decision.delayMs);

      const usable = user && !user.disabled ? user : undefined;
      const ok = await verifyPasswordInConstantTime(usable?.password_hash, password);
      if (!ok || !usable) {
        request.log.info({ email }, 'failed sign-in');
        return fail(401, WRONG_CREDENTIALS);
      }
      await decision.succeeded();
      // The browser is trusted for this account from now on; the cookie it showed is replaced.
      reply.raw.setHeader('set-cookie', await devices.issue(usable.user_id, device));
      reply.hijack();
      await idp.provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: usable.user_id } },
        { mergeWithLastSubmission: false },
      );
    });
  });
}
