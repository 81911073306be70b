// Makes sure the open data API's real clients are there for its integration tests: GDAL's
// ogrinfo/ogr2ogr (Debian gdal-bin, the OGC API - Features driver QGIS uses) and OWSLib (Debian
// python3-owslib, run with Debian's /usr/bin/python3). Installs them when missing and running as
// root, as ensure-chromium.mjs does for the end-to-end tests.
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';

const PYTHON = '/usr/bin/python3';
const OGRINFO = '/usr/bin/ogrinfo';

function present() {
  if (!fs.existsSync(OGRINFO) || !fs.existsSync('/usr/bin/ogr2ogr') || !fs.existsSync(PYTHON)) return false;
  try {
    execFileSync(PYTHON, ['-c', 'import owslib.ogcapi.features'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

if (!present()) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error('GDAL or OWSLib is missing. Install them with: sudo apt-get update && sudo apt-get install -y gdal-bin python3-owslib');
    process.exit(1);
  }
  console.log('Installing Debian gdal-bin and python3-owslib for the open data API tests...');
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gdal-bin python3-owslib', { stdio: 'inherit' });
  } catch {
    console.error('Installing gdal-bin and python3-owslib failed. Run: apt-get update && apt-get install -y gdal-bin python3-owslib');
    process.exit(1);
  }
  if (!present()) {
    console.error('gdal-bin and python3-owslib were installed but ogrinfo or owslib is still missing.');
    process.exit(1);
  }
}
