// Entry of the CPU worker thread: the server runs TypeScript through tsx, and a worker thread
// does not inherit the main thread's loader, so it registers tsx itself before loading the tasks.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
