/**
 * Server-rendered pages of the embedded identity provider, in the portal's look. They load
 * nothing from the internet (system fonts, inline CSS and logo).
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

const LOGO = `<svg width="44" height="44" viewBox="0 0 64 64" aria-hidden="true"><path d="M32 4C24 18 14 28 14 40a18 18 0 0 0 36 0C50 28 40 18 32 4z" fill="#1976d2"/><path d="M18 42c5 3 9 3 14 0s9-3 14 0" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round"/></svg>`;

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
    font:13px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;
    background:linear-gradient(160deg,#0d3b66 0%,#1976d2 60%,#5fa8d3 100%);color:#1b1b1b}
  main{background:#fff;border-radius:8px;box-shadow:0 8px 30px rgba(0,0,0,.25);padding:32px 36px;width:min(380px,92vw)}
  header{display:flex;gap:12px;align-items:center;margin-bottom:20px}
  h1{font-size:20px;margin:0;font-weight:600}
  p.sub{margin:0;color:#555}
  label{display:block;font-weight:600;margin:14px 0 4px}
  input{width:100%;padding:10px 12px;border:1px solid #b0b7c3;border-radius:4px;font-size:14px}
  input:focus{outline:2px solid #1976d2;border-color:#1976d2}
  button{margin-top:22px;width:100%;padding:11px;border:0;border-radius:4px;background:#1976d2;color:#fff;font-size:14px;font-weight:600;cursor:pointer}
  button:hover{background:#1565c0}
  .error{margin-top:14px;padding:10px 12px;border-radius:4px;background:#fdecea;color:#8a1c1c;border:1px solid #f5c2c0}
  .note{margin-top:18px;color:#666;font-size:12px}
  .links{margin:16px 0 0;display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap}
  .done{margin-top:14px;padding:10px 12px;border-radius:4px;background:#e8f4ea;color:#1e4620;border:1px solid #b7dfbd}
  .field-error{margin:4px 0 0;color:#8a1c1c;font-size:12px}
  a{color:#1976d2}`;

/** A page of the identity provider: the card with the logo, the title and the given body HTML. */
export function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>
<header>${LOGO}<div><h1>${escapeHtml(title)}</h1><p class="sub">Water Resources Portal</p></div></header>
${body}</main></body></html>`;
}

export function renderLoginPage(opts: {
  action: string;
  email?: string;
  error?: string;
  demoHint?: boolean;
  /** The forgot-password page (with its way back here). */
  forgotPasswordUrl?: string;
  /** The sign-up page, only while an administrator allows sign-up. */
  signUpUrl?: string;
}): string {
  const error = opts.error ? `<div class="error" role="alert">${escapeHtml(opts.error)}</div>` : '';
  const hint = opts.demoHint
    ? '<p class="note">Demo district: sign in with one of the demo accounts printed when the server started.</p>'
    : '';
  const links = [
    opts.forgotPasswordUrl ? `<a href="${escapeHtml(opts.forgotPasswordUrl)}">Forgot password?</a>` : '',
    opts.signUpUrl ? `<a href="${escapeHtml(opts.signUpUrl)}">Sign up</a>` : '',
  ].filter(Boolean);
  const accountLinks = links.length ? `<p class="links">${links.join('')}</p>` : '';
  return page(
    'Sign in',
    `<form method="post" action="${escapeHtml(opts.action)}" autocomplete="on" novalidate>
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(opts.email ?? '')}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit">Sign in</button>
  ${error}
</form>${accountLinks}${hint}`,
  );
}

export function renderMessagePage(title: string, message: string, homeUrl: string): string {
  return page(title, `<p>${escapeHtml(message)}</p><p><a href="${escapeHtml(homeUrl)}">Back to the portal</a></p>`);
}

/** The logout page's one inline script; the Content-Security-Policy allows it by its hash. */
export const LOGOUT_SUBMIT_SCRIPT =
  "var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();";

/**
 * The provider's logout form when the portal itself sent the browser here (with an ID token of
 * the signed-in account): submitted at once, since the portal already asked.
 */
export function renderLogoutForm(form: string): string {
  return page(
    'Signing out',
    `${form}<p>Signing you out...</p><noscript><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript>
<script>${LOGOUT_SUBMIT_SCRIPT}</script>`,
  );
}

/**
 * The logout form when the request did not come from the portal (no ID token of the signed-in
 * account): another site may have sent the browser here, so the user confirms. Nothing submits
 * by itself.
 */
export function renderLogoutConfirmation(form: string, homeUrl: string): string {
  return page(
    'Sign out?',
    `${form}<p>Do you want to sign out of the Water Resources Portal?</p>
<button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button>
<p class="note"><a href="${escapeHtml(homeUrl)}">Stay signed in and go back to the portal</a></p>`,
  );
}
