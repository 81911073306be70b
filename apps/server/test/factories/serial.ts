let serial = 0;

/** A number new within this test process, for names and ids that must not repeat. */
export const nextSerial = (): number => ++serial + 1_000_000;
