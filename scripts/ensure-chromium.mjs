// Makes sure Debian's Chromium is there for the end-to-end tests: installs it when run as root,
// otherwise fails with the exact command to run.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (fs.existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`);
  process.exit(1);
}
console.log('Installing Debian chromium for the end-to-end tests (apt-get install -y chromium)...');
try {
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
} catch {
  console.error('Installing chromium failed. Run: apt-get update && apt-get install -y chromium');
  process.exit(1);
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`chromium was installed but ${CHROMIUM} does not exist; set CHROMIUM_PATH.`);
  process.exit(1);
}
