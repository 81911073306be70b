import { describe, expect, it } from 'vitest';
import { parseLsn, replicaLagSeconds } from './replica-lag';

describe('parseLsn', () => {
  it('orders log positions as PostgreSQL does (the high word counts first)', () => {
    expect(parseLsn('0/3000060')).toBe(0x3000060n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
  });
});

describe('replicaLagSeconds', () => {
  const samples = [
    { at: 10_000, lsn: 100n },
    { at: 11_000, lsn: 200n },
    { at: 12_000, lsn: 300n },
  ];

  it('is 0 for a standby that has replayed the newest position the primary reported', () => {
    expect(replicaLagSeconds(samples, 300n, 12_500)).toBe(0);
    expect(replicaLagSeconds(samples, 350n, 12_500)).toBe(0);
    expect(replicaLagSeconds([], 0n, 12_500)).toBe(0);
  });

  it('is the age of the newest primary position the standby has fully replayed', () => {
    expect(replicaLagSeconds(samples, 250n, 12_500)).toBe(1.5);
    expect(replicaLagSeconds(samples, 100n, 12_500)).toBe(2.5);
  });

  it('is at least the age of the oldest sample when the standby has not reached even that', () => {
    expect(replicaLagSeconds(samples, 50n, 12_500)).toBe(2.5);
  });
});
