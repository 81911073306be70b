import crypto from 'node:crypto';

/** A minimal browser: follows nothing by itself, keeps cookies per host. */
export class CookieJar {
  private cookies = new Map<string, string>();
  /** One cookie's value, as the browser holds it. */
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }
  header(): string {
    return [...this.cookies.entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.header() },
    });
    this.store(res);
    return res;
  }
}

export function pkcePair() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

/**
 * Runs the SPA's authorization code + PKCE flow against a running server, the way a browser
 * would, and returns the final response of the login POST plus a function to finish.
 */
export async function signIn(
  baseUrl: string,
  clientId: string,
  resource: string,
  email: string,
  password: string,
  opts: {
    loginHeaders?: Record<string, string>;
    /** The browser's cookies from earlier visits (default: a browser that never came before). */
    jar?: CookieJar;
    /** Where to exchange the code (default: {baseUrl}/oidc/token). */ tokenUrl?: string;
  } = {},
) {
  const jar = opts.jar ?? new CookieJar();
  const { verifier, challenge } = pkcePair();
  const redirectUri = `${baseUrl}/auth/callback`;
  const auth = new URL(`${baseUrl}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st',
    resource,
  }).toString();
  let res = await jar.fetch(auth.toString());
  if (res.status !== 303 && res.status !== 302) throw new Error(`authorize answered ${res.status}: ${await res.text()}`);
  const interactionUrl = new URL(res.headers.get('location')!, baseUrl).toString();
  const page = await jar.fetch(interactionUrl);
  const html = await page.text();
  const action = /action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no login form: ${html.slice(0, 200)}`);
  res = await jar.fetch(new URL(action, baseUrl).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...opts.loginHeaders },
    body: new URLSearchParams({ email, password }).toString(),
  });
  const loginResponse = res;
  const finish = async () => {
    let r = loginResponse;
    for (let i = 0; i < 5 && (r.status === 302 || r.status === 303); i++) {
      const next = new URL(r.headers.get('location')!, baseUrl);
      if (next.pathname === '/auth/callback') {
        const code = next.searchParams.get('code');
        if (!code) throw new Error(`no code: ${next.toString()}`);
        const token = await fetch(opts.tokenUrl ?? `${baseUrl}/oidc/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: redirectUri,
            client_id: clientId,
            code_verifier: verifier,
            resource,
          }).toString(),
        });
        if (!token.ok) throw new Error(`token answered ${token.status}: ${await token.text()}`);
        return (await token.json()) as { access_token: string; id_token: string; token_type: string; expires_in: number };
      }
      r = await jar.fetch(next.toString());
    }
    throw new Error(`sign-in did not reach the callback (status ${r.status})`);
  };
  return {
    /** The browser's cookies after the login post: its sign-in session at the provider. */
    jar,
    loginResponse,
    loginHtml: loginResponse.status === 200 || loginResponse.status >= 400 ? await loginResponse.clone().text() : '',
    finish,
  };
}

/**
 * The SPA's silent renewal (prompt=none, as in its hidden iframe) with a browser's cookies:
 * 'code' while its provider session lives, otherwise the error the provider sent back
 * (login_required once the session has ended).
 */
export async function silentRenewal(jar: CookieJar, baseUrl: string, clientId: string, resource: string): Promise<string> {
  const { outcome } = await silentAuthorize(jar, baseUrl, clientId, resource);
  return outcome;
}

/** The silent renewal carried through to new tokens, as the SPA does; throws when the session has ended. */
export async function silentRenewalTokens(
  jar: CookieJar,
  baseUrl: string,
  clientId: string,
  resource: string,
): Promise<{ access_token: string }> {
  const { outcome, code, verifier } = await silentAuthorize(jar, baseUrl, clientId, resource);
  if (!code) throw new Error(`silent renewal ended with ${outcome}`);
  const token = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${baseUrl}/auth/silent-callback`,
      client_id: clientId,
      code_verifier: verifier,
      resource,
    }).toString(),
  });
  if (!token.ok) throw new Error(`token answered ${token.status}: ${await token.text()}`);
  return (await token.json()) as { access_token: string };
}

async function silentAuthorize(
  jar: CookieJar,
  baseUrl: string,
  clientId: string,
  resource: string,
): Promise<{ outcome: string; code: string | null; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const auth = new URL(`${baseUrl}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: `${baseUrl}/auth/silent-callback`,
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    prompt: 'none',
    state: 'silent',
    resource,
  }).toString();
  let res = await jar.fetch(auth.toString());
  for (let i = 0; i < 5 && (res.status === 302 || res.status === 303); i++) {
    const next = new URL(res.headers.get('location')!, baseUrl);
    if (next.pathname === '/auth/silent-callback') {
      const code = next.searchParams.get('code');
      return { outcome: code ? 'code' : (next.searchParams.get('error') ?? 'none'), code, verifier };
    }
    res = await jar.fetch(next.toString());
  }
  throw new Error(`silent renewal did not come back (status ${res.status})`);
}
