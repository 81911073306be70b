import { SignJWT, importJWK, type JWK } from 'jose';
import { buildApp, type App, type AppDeps } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import type { Db } from '../src/db/client';
import { loadIdpSecrets } from '../src/identity-provider/idp-secrets';
import { TOKEN_VERSION_CLAIM } from '../src/tokens/token-version';
import { findTokenVersion } from '../src/tokens/token-version.repository';
import { createTestDatabase, type TestDatabase } from './test-db';

export interface TestApp {
  app: App;
  config: AppConfig;
  t: TestDatabase;
  /** A real access token signed with the embedded IdP's key, as the IdP would issue it. */
  tokenFor: (claims: {
    sub?: string;
    /** The roles claim as written into the token: normally a list; a single string to test the claim parser. */
    roles?: string[] | string;
    email?: string;
    expiresIn?: string | null;
    audience?: string;
    typ?: string;
    issuer?: string;
    /** Default: the account's current token version, as the IdP would write it. */
    tokenVersion?: number;
  }) => Promise<string>;
  /** One token per role of the portal, each for its own account (`usr_Administrator`, `usr_AllDataUser`, ...) with an e-mail address. */
  tokensByRole: () => Promise<Record<string, string>>;
  close: () => Promise<void>;
}

/** The whole API on a fresh database, for app.inject tests; `deps` overrides build options (limits, throttles). */
export async function createTestApp(env: Record<string, string> = {}, deps: Partial<AppDeps> = {}): Promise<TestApp> {
  const t = await createTestDatabase();
  const config = loadConfig({ PORT: '3999', LOG_LEVEL: 'silent', BASEMAPS: 'offline', ...env });
  // Short throttle delays (the limits are the real ones): the fuzz and matrix tests call the
  // current-password check many times with one token.
  const loginThrottle = { baseDelayMs: 1, maxDelayMs: 4 };
  const app = await buildApp({ config, db: t.db, logger: false, webDist: '/nonexistent', loginThrottle, ...deps });
  await app.ready();
  const tokenFor = await tokenSigner(t.db, config);
  const tokensByRole = async () => {
    const tokens: Record<string, string> = {};
    for (const role of ['Administrator', 'Developer', 'User', 'All Data User']) {
      const account = role.replace(/ /g, '');
      tokens[role] = await tokenFor({ sub: `usr_${account}`, email: `${account}@example.org`, roles: [role] });
    }
    return tokens;
  };
  return {
    app,
    config,
    t,
    tokenFor,
    tokensByRole,
    close: async () => {
      await app.close();
      await t.drop();
    },
  };
}

/** Signs access tokens with the embedded IdP's key of `db`, as the IdP would issue them. */
export async function tokenSigner(db: Db, config: AppConfig): Promise<TestApp['tokenFor']> {
  const secrets = await loadIdpSecrets(db);
  const jwk = secrets.jwks.keys[0] as JWK;
  const key = await importJWK(jwk, 'RS256');
  return async ({ sub = 'usr_test', roles = [], email, expiresIn = '1h', audience, typ = 'at+jwt', issuer, tokenVersion }) => {
    const version = tokenVersion ?? (await findTokenVersion(db, sub));
    const jwt = new SignJWT({ [config.oidc.rolesClaim]: roles, ...(email ? { email } : {}), [TOKEN_VERSION_CLAIM]: version })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ })
      .setSubject(sub)
      .setIssuer(issuer ?? config.oidc.issuer)
      .setAudience(audience ?? config.oidc.audience)
      .setIssuedAt();
    // expiresIn null: a token without exp, which the API must refuse.
    if (expiresIn !== null) jwt.setExpirationTime(expiresIn);
    return jwt.sign(key);
  };
}
