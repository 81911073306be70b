import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { DEMO_CAMERA_SLUGS, isDemoCameraSlug, renderDemoCameraJpeg } from './demo-camera-image';

describe('demo camera snapshots', () => {
  it('are 640x360 JPEGs, the same for the same slug and time, different between cameras', () => {
    const at = new Date('2026-07-01T19:00:00Z');
    const a = renderDemoCameraJpeg('western', at);
    expect(a.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const decoded = jpeg.decode(a);
    expect([decoded.width, decoded.height]).toEqual([640, 360]);
    expect(renderDemoCameraJpeg('western', at).equals(a)).toBe(true);
    expect(renderDemoCameraJpeg('empire', at).equals(a)).toBe(false);
  });

  it('are darker at night than at midday (local time)', () => {
    const mean = (buf: Buffer) => {
      const { data } = jpeg.decode(buf);
      let sum = 0;
      for (let i = 0; i < data.length; i += 4) sum += data[i] + data[i + 1] + data[i + 2];
      return sum / (data.length / 4);
    };
    expect(mean(renderDemoCameraJpeg('empire', new Date('2026-07-01T07:00:00Z')))).toBeLessThan(
      mean(renderDemoCameraJpeg('empire', new Date('2026-07-01T19:00:00Z'))),
    );
  });

  it('know only the demo slugs', () => {
    expect(DEMO_CAMERA_SLUGS.every(isDemoCameraSlug)).toBe(true);
    expect(isDemoCameraSlug('../etc/passwd')).toBe(false);
  });
});
