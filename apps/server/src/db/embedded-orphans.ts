import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded PostgreSQL belongs to the server process that started it. Two rules keep it so
 * when that process is killed without a word (kill -9, an out-of-memory kill):
 *
 * - a watchdog, a tiny process of its own, holds a pipe from the server; the pipe closes when the
 *   server dies, however it dies, and the watchdog then asks the postmaster for a fast shutdown
 *   (SIGINT) if the data folder's postmaster.pid still names it;
 * - start-up stops a postmaster still running on the data folder (the watchdog was killed too,
 *   or is not done yet) before starting its own, instead of failing on its lock file; but one
 *   whose server is alive (a second `npm start` on the same folder) is left alone.
 */

/** The postmaster named by `dir`/postmaster.pid when it is alive and serves `dir`; null otherwise (a stale file is removed). */
export function runningPostmasterOf(dir: string): number | null {
  const pidFile = path.join(dir, 'postmaster.pid');
  let lines: string[];
  try {
    lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  if (Number.isInteger(pid) && pid > 0 && isPostmasterOf(pid, dir)) return pid;
  // A crash can leave a pid file whose process is gone, or whose number now belongs to another
  // program: PostgreSQL would refuse to start on it.
  fs.rmSync(pidFile, { force: true });
  return null;
}

/**
 * The live server process that owns the postmaster `pid` (its parent, a Node process), or null
 * when the postmaster is an orphan: its server died and it was handed to init or a subreaper.
 * Without /proc the owner cannot be told, and the postmaster is taken as owned.
 */
export function ownerOfPostmaster(pid: number): number | null {
  let ppid: number;
  try {
    ppid = Number(/^\d+ \(.*\) \S+ (\d+)/.exec(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))?.[1]);
  } catch {
    return fs.existsSync('/proc') ? null : -1;
  }
  try {
    const argv0 = fs.readFileSync(`/proc/${ppid}/cmdline`, 'utf8').split('\0')[0];
    return /^node/.test(path.basename(argv0)) ? ppid : null;
  } catch {
    return null;
  }
}

/** True when `pid` is alive and is a postgres started on `dir` (its command line, from /proc where there is one). */
function isPostmasterOf(pid: number, dir: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: alive but another user's; only /proc can tell whose.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  let argv: string[];
  try {
    argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    // No /proc (macOS): trust the pid file of a live process.
    return !fs.existsSync('/proc');
  }
  const at = argv.indexOf('-D');
  return at >= 0 && path.basename(argv[0]) === 'postgres' && path.resolve(argv[at + 1] ?? '') === path.resolve(dir);
}

/** Fast shutdown of the postmaster `pid` (SIGINT), waiting until it has exited; SIGQUIT after `graceMs`. */
export async function stopPostmaster(pid: number, graceMs = 30_000): Promise<void> {
  const alive = () => {
    try {
      process.kill(pid, 0);
    } catch {
      return false;
    }
    // An exited child of a dead parent stays a zombie until it is reaped: it is gone all the same.
    try {
      return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return !fs.existsSync('/proc');
    }
  };
  const send = (signal: NodeJS.Signals) => {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  };
  send('SIGINT');
  const until = Date.now() + graceMs;
  while (alive()) {
    if (Date.now() > until) {
      send('SIGQUIT');
      await new Promise((r) => setTimeout(r, 2_000));
      if (alive()) throw new Error(`PostgreSQL (pid ${pid}) left running by an earlier server did not stop`);
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

// The watchdog's whole program. It ends when the postmaster has gone; when the server's pipe
// closes first, it stops the postmaster if the pid file still names it (a clean stop removed it).
const WATCHDOG = `
const fs = require('node:fs');
const [dir, pidText] = process.argv.slice(-2);
const pid = Number(pidText);
const alive = () => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const named = () => { try { return Number(fs.readFileSync(dir + '/postmaster.pid', 'utf8').split('\\n')[0]) === pid; } catch { return false; } };
setInterval(() => { if (!alive()) process.exit(0); }, 1000);
process.stdin.on('close', () => {
  if (alive() && named()) { try { process.kill(pid, 'SIGINT'); } catch {} }
  process.exit(0);
});
process.stdin.resume();
`;

/**
 * Starts the watchdog of `postmasterPid` (serving `dir`) for this process. Returns its stop,
 * for a clean shutdown once the postmaster has exited.
 */
export function watchPostmaster(dir: string, postmasterPid: number): () => void {
  const watchdog = spawn(process.execPath, ['-e', WATCHDOG, '--', 'portal-postgres-watchdog', path.resolve(dir), String(postmasterPid)], {
    // Its own process group: a terminal's Ctrl-C is the server's to handle, not the watchdog's.
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  watchdog.on('error', () => {});
  watchdog.stdin!.on('error', () => {});
  // Neither the watchdog nor its pipe keeps this process alive.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void }).unref?.();
  return () => {
    try {
      watchdog.kill('SIGTERM');
    } catch {
      // already gone
    }
  };
}
