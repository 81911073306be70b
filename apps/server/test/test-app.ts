import { SignJWT, importJWK, type JWK } from 'jose';
import { buildApp, type App } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import { loadIdpSecrets } from '../src/identity-provider/idp-secrets';
import { createTestDatabase, type TestDatabase } from './test-db';

export interface TestApp {
  app: App;
  config: AppConfig;
  t: TestDatabase;
  /** A real access token signed with the embedded IdP's key, as the IdP would issue it. */
  tokenFor: (claims: {
    sub?: string;
    roles?: string[];
    email?: string;
    expiresIn?: string | null;
    audience?: string;
    typ?: string;
    issuer?: string;
  }) => Promise<string>;
  close: () => Promise<void>;
}

/** The whole API on a fresh database, for app.inject tests. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestDatabase();
  const config = loadConfig({ PORT: '3999', LOG_LEVEL: 'silent', BASEMAPS: 'offline', ...env });
  const app = await buildApp({ config, db: t.db, logger: false, webDist: '/nonexistent' });
  await app.ready();
  const secrets = await loadIdpSecrets(t.db);
  const jwk = secrets.jwks.keys[0] as JWK;
  const key = await importJWK(jwk, 'RS256');
  const tokenFor: TestApp['tokenFor'] = async ({
    sub = 'usr_test',
    roles = [],
    email,
    expiresIn = '1h',
    audience,
    typ = 'at+jwt',
    issuer,
  }) => {
    const jwt = new SignJWT({ [config.oidc.rolesClaim]: roles, ...(email ? { email } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ })
      .setSubject(sub)
      .setIssuer(issuer ?? config.oidc.issuer)
      .setAudience(audience ?? config.oidc.audience)
      .setIssuedAt();
    // expiresIn null: a token without exp, which the API must refuse.
    if (expiresIn !== null) jwt.setExpirationTime(expiresIn);
    return jwt.sign(key);
  };
  return {
    app,
    config,
    t,
    tokenFor,
    close: async () => {
      await app.close();
      await t.drop();
    },
  };
}
