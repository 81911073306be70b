/** A log position ("16/B374D848") as a number that compares like the position. */
export function parseLsn(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

export interface PrimarySample {
  /** When the primary was asked (ms since the epoch). */
  at: number;
  lsn: bigint;
}

/**
 * How many seconds a standby is behind: the age of the newest primary position it has replayed
 * (it holds everything the primary had then, maybe not what came after). 0 when it has replayed
 * the newest sample; the age of the oldest sample (or more) when it has not even reached that.
 * `samples` are in the order taken, oldest first.
 */
export function replicaLagSeconds(samples: readonly PrimarySample[], replayed: bigint, now: number): number {
  if (samples.length === 0) return 0;
  const newest = samples[samples.length - 1];
  if (replayed >= newest.lsn) return 0;
  for (let i = samples.length - 2; i >= 0; i--) {
    if (replayed >= samples[i].lsn) return (now - samples[i].at) / 1000;
  }
  return (now - samples[0].at) / 1000;
}
