/**
 * The addresses a browser may use for this portal. Sign-in redirects are registered for
 * PUBLIC_URL; when that names this machine by a loopback name, the other loopback names
 * (localhost, 127.0.0.1, [::1]) reach the same server, so they are accepted too.
 */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

export function isLoopbackUrl(url: string): boolean {
  return LOOPBACK_HOSTS.includes(new URL(url).hostname);
}

/** PUBLIC_URL's origin first, then its loopback aliases (same scheme and port). */
export function browserOrigins(publicUrl: string): string[] {
  const u = new URL(publicUrl);
  if (!isLoopbackUrl(publicUrl)) return [u.origin];
  const port = u.port ? `:${u.port}` : '';
  const aliases = LOOPBACK_HOSTS.filter((h) => h !== u.hostname).map((h) => `${u.protocol}//${h}${port}`);
  return [u.origin, ...aliases];
}

/** The start-up note when the portal listens on every interface but PUBLIC_URL is loopback. */
export function publicUrlHint(publicUrl: string, host: string): string | undefined {
  if (!isLoopbackUrl(publicUrl) || LOOPBACK_HOSTS.includes(host) || host === '::1') return undefined;
  const aliases = browserOrigins(publicUrl).slice(1).join(', ');
  return `Sign-in works at ${publicUrl} and ${aliases}. To use the portal from other machines, set PUBLIC_URL to the address they open, for example http://<this machine's name or address>:${new URL(publicUrl).port || '80'}.`;
}
