import { describe, expect, it } from 'vitest';
import { REFERENCE_VERIFIES_PER_SECOND, speedFactor } from './machine-speed.ts';

describe('the machine speed factor (issue 29)', () => {
  it('is 1 on a reference host or a faster one', () => {
    expect(speedFactor(REFERENCE_VERIFIES_PER_SECOND)).toBe(1);
    expect(speedFactor(400)).toBe(1);
  });

  it('grows as the host slows: about 2 at half speed, 1.54 at the failing CI host', () => {
    expect(speedFactor(90)).toBe(2);
    expect(speedFactor(117)).toBe(1.54);
  });
});
