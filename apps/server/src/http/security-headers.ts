import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';

/**
 * Browser security headers for every answer (docs/decisions/0014-sign-in-hardening.md).
 *
 * The Content-Security-Policy allows only what the web app needs: its own scripts, MapLibre's
 * worker file (same origin) and the blob: URLs of exports, MUI's inline styles, and, with online
 * basemaps, tiles and styles from https hosts. Pages may be framed only by the portal itself
 * (the silent token renew runs in a hidden same-origin iframe); the sign-in page never.
 */
export interface SecurityHeaderOptions {
  /** Inline scripts of server-rendered pages, allowed by their hash. */
  inlineScripts?: string[];
}

const scriptHash = (source: string) => `'sha256-${crypto.createHash('sha256').update(source).digest('base64')}'`;

export function contentSecurityPolicy(config: AppConfig, opts: SecurityHeaderOptions = {}, frameAncestors = "'self'"): string {
  const online = config.basemaps === 'online' ? ' https:' : '';
  // The issuer's origin: an external provider, or PUBLIC_URL when the page was opened at one of
  // its loopback aliases (the sign-in calls and the silent-renew iframe go to the issuer).
  const issuerOrigin = ` ${new URL(config.oidc.issuer).origin}`;
  const scripts = (opts.inlineScripts ?? []).map(scriptHash).join(' ');
  return [
    "default-src 'self'",
    `script-src 'self'${scripts ? ` ${scripts}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${online}`,
    "font-src 'self' data:",
    `connect-src 'self'${online}${issuerOrigin}`,
    "worker-src 'self' blob:",
    `frame-src 'self'${issuerOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${issuerOrigin}`,
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** Headers for a page that must never be framed (the sign-in form). */
export function unframeableHeaders(config: AppConfig, opts: SecurityHeaderOptions = {}): Record<string, string> {
  return { ...baseHeaders(), 'content-security-policy': contentSecurityPolicy(config, opts, "'none'"), 'x-frame-options': 'DENY' };
}

function baseHeaders(): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
  };
}

/** Sets the headers on every answer, including those the identity provider writes itself. */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig, opts: SecurityHeaderOptions = {}): void {
  const headers = { ...baseHeaders(), 'content-security-policy': contentSecurityPolicy(config, opts), 'x-frame-options': 'SAMEORIGIN' };
  app.addHook('onRequest', async (request, reply) => {
    // The API explorer ships its own inline scripts; it gets everything but the CSP.
    const docs = request.url.startsWith('/api/docs');
    for (const [name, value] of Object.entries(headers)) {
      if (docs && name === 'content-security-policy') continue;
      // Raw headers reach hijacked answers too (oidc-provider writes its own responses).
      reply.raw.setHeader(name, value);
    }
  });
}
