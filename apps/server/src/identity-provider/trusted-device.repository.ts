import { sql } from 'kysely';
import type { Db } from '../db/client';

/**
 * SQL of the browsers trusted to sign in to an account (table trusted_device, migration 0270).
 * Times come from the caller's clock, so every process and the tests decide expiry the same way.
 */
export interface NewTrustedDevice {
  deviceId: string;
  userId: string;
  issuedAt: number;
  expiresAt: number;
}

/** True when the device is on record for this account and has not expired. */
export async function isTrustedDevice(db: Db, deviceId: string, userId: string, nowMs: number): Promise<boolean> {
  const r = await sql<{ one: number }>`
    select 1 as one from trusted_device
    where device_id = ${deviceId} and user_id = ${userId} and expires_at > ${new Date(nowMs)}::timestamptz`.execute(db);
  return r.rows.length > 0;
}

/**
 * Records a device in place of the one the browser showed (if any), and keeps only the account's
 * newest `keep` devices, so an account never trusts an unbounded number of browsers.
 */
export async function replaceTrustedDevice(db: Db, device: NewTrustedDevice, replacing: string | undefined, keep: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (replacing) await sql`delete from trusted_device where device_id = ${replacing} and user_id = ${device.userId}`.execute(trx);
    await sql`
      insert into trusted_device (device_id, user_id, issued_at, expires_at)
      values (${device.deviceId}, ${device.userId}, ${new Date(device.issuedAt)}::timestamptz, ${new Date(device.expiresAt)}::timestamptz)`.execute(
      trx,
    );
    await sql`
      delete from trusted_device where user_id = ${device.userId} and device_id not in (
        select device_id from trusted_device where user_id = ${device.userId} order by issued_at desc, device_id limit ${keep})`.execute(
      trx,
    );
  });
}

/** Forgets every device of the account (its password was reset: no earlier browser stays trusted). */
export async function deleteTrustedDevicesOf(db: Db, userId: string): Promise<void> {
  await sql`delete from trusted_device where user_id = ${userId}`.execute(db);
}

/** Removes devices past their expiry; run by the nightly maintenance job. */
export async function deleteExpiredTrustedDevices(db: Db, nowMs: number): Promise<number> {
  const r = await sql`delete from trusted_device where expires_at < ${new Date(nowMs)}::timestamptz`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
