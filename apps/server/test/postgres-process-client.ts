import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface PostgresProcess {
  url: string;
  stop: () => Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Starts postgres-process.ts (an embedded PostgreSQL in its own process) and waits for its URL. */
export async function startPostgresProcess(dataDir: string): Promise<PostgresProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'postgres-process.ts'), dataDir], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => {
      try {
        resolve((JSON.parse(line) as { url: string }).url);
      } catch {
        reject(new Error(`PostgreSQL helper said: ${line}`));
      }
    });
    child.once('exit', (code) => reject(new Error(`the PostgreSQL helper exited with code ${code} before it was ready`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
