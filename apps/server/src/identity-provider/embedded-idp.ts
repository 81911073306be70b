import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Provider, errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { findIdentityById } from '../accounts/identity.repository';
import { browserOrigins } from '../http/public-address';
import { renderLogoutConfirmation, renderLogoutForm, renderMessagePage } from './idp-pages';
import { createOidcAdapterFactory } from './oidc-adapter';
import type { IdpSecrets } from './idp-secrets';
import { GRANT_ID_CLAIM, TOKEN_VERSION_CLAIM } from '../tokens/token-version';

const SCOPE = 'openid profile email';

export interface EmbeddedIdp {
  provider: Provider;
  /**
   * Hands a raw request under /oidc to the provider (which is a Koa app). clientIp is the
   * address Fastify decided on (TRUST_PROXY aware).
   */
  handle: (req: IncomingMessage, res: ServerResponse, clientIp: string) => void;
}

/** The embedded OpenID Connect provider, the default when no external one is configured: users come from app_user. */
export function createEmbeddedIdp(db: Db, config: AppConfig, secrets: IdpSecrets, log: FastifyBaseLogger): EmbeddedIdp {
  const { audience, clientId, rolesClaim, issuer } = config.oidc;
  const origins = browserOrigins(config.publicUrl);
  // The Vite dev server (npm run dev -w apps/web) runs on its own port.
  if (config.environment === 'development') origins.push('http://localhost:5173');

  const configuration: Configuration = {
    adapter: createOidcAdapterFactory(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'Water Resources Portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // The SPA renews tokens silently in a hidden iframe at /auth/silent-callback.
        redirect_uris: origins.flatMap((o) => [`${o}/auth/callback`, `${o}/auth/silent-callback`]),
        post_logout_redirect_uris: origins.map((o) => `${o}/`),
      },
    ],
    clientBasedCORS: (_ctx, origin) => origins.includes(origin),
    pkce: { required: () => true },
    jwks: secrets.jwks as Configuration['jwks'],
    cookies: { keys: secrets.cookieKeys },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'nickname'] },
    // The SPA reads name and e-mail from the ID token instead of calling userinfo.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => {
      const user = await findIdentityById(db, sub);
      if (!user || user.disabled) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: user.email, email_verified: true, name: user.name, nickname: user.nickname }),
      };
    },
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !('accountId' in token) || !token.accountId) return undefined;
      // Role and token version from one read, so a token never pairs an old role with a new version.
      const user = await findIdentityById(db, String(token.accountId));
      // The grant lets a password change tell this browser's session from the account's others.
      return {
        [rolesClaim]: user?.role_name ? [user.role_name] : [],
        email: user?.email,
        [TOKEN_VERSION_CLAIM]: user?.token_version ?? 0,
        ...('grantId' in token && token.grantId ? { [GRANT_ID_CLAIM]: String(token.grantId) } : {}),
      };
    },
    // First-party client: consent is implied, so grant the standard scopes without asking.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPE);
      grant.addResourceScope(audience, SCOPE);
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // Signing out without asking only when the portal sent the browser: the provider has
        // already checked the id_token_hint's signature and client; it must also name the
        // signed-in account. Anything else (a link or form on another site) asks first.
        logoutSource: async (ctx, form) => {
          ctx.type = 'html';
          const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
          const sentByPortal =
            ctx.oidc.client?.clientId === clientId && !!hint?.payload?.sub && hint.payload.sub === ctx.oidc.session?.accountId;
          ctx.body = sentByPortal ? renderLogoutForm(form) : renderLogoutConfirmation(form, config.publicUrl);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = renderMessagePage('Signed out', 'You have been signed out.', config.publicUrl);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== audience) throw new errors.InvalidTarget();
          return {
            scope: SCOPE,
            audience,
            accessTokenTTL: 3600,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      let message = String(out.error_description ?? out.error ?? 'The sign-in request could not be completed.');
      if (/redirect_uri/.test(message)) {
        // Almost always the portal opened at an address PUBLIC_URL does not name.
        message += ` This portal signs in at ${config.publicUrl}: open it at that address, or ask the administrator to set PUBLIC_URL to the address you used.`;
      }
      ctx.body = renderMessagePage('Sign-in problem', message, config.publicUrl);
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
  };

  const provider = new Provider(issuer, configuration);
  // The provider builds its endpoint URLs (discovery document, redirects) from the request's
  // host and protocol. It must always see the public address, never what a client claims in
  // Host or X-Forwarded-Host, so those headers are set here from PUBLIC_URL.
  provider.proxy = true;
  const publicUrl = new URL(config.publicUrl);
  provider.on('server_error', (ctx: KoaContextWithOIDC, err: Error) => {
    log.error({ err, path: ctx.path }, 'the identity provider failed to answer a request');
  });
  const callback = provider.callback();
  const mountPath = new URL(issuer).pathname.replace(/\/$/, '');

  return {
    provider,
    handle: (req, res, clientIp) => {
      req.headers.host = publicUrl.host;
      req.headers['x-forwarded-proto'] = publicUrl.protocol.replace(':', '');
      req.headers['x-forwarded-for'] = clientIp;
      delete req.headers['x-forwarded-host'];
      delete req.headers.forwarded;
      // Mounted like Express does it: the provider derives its mount path from originalUrl.
      const original = req.url ?? '/';
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = original;
      req.url = original.slice(mountPath.length) || '/';
      callback(req, res);
    },
  };
}
