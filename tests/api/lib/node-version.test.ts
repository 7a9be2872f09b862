import { describe, expect, it } from 'vitest';
import { nodeVersionWarning } from '#server/lib/node-version.ts';

describe('the Node.js line the server starts on (ADR 032)', () => {
  it('says nothing on 22.12 and later 22s, and on 24', () => {
    expect(nodeVersionWarning('v22.12.0')).toBeNull();
    expect(nodeVersionWarning('v22.23.3')).toBeNull();
    expect(nodeVersionWarning('v24.21.0')).toBeNull();
  });
  it('warns on Node 20 and on 22 before 22.12, naming the versions to install', () => {
    expect(nodeVersionWarning('v20.20.2')).toBe(
      'Node.js v20.20.2 is not supported (end of life): AquaDesk runs on Node.js 22.12 or later (22 or 24 LTS). ' +
        'Install Node.js 24 LTS (README, "Running in your shop").',
    );
    expect(nodeVersionWarning('v22.11.0')).toMatch(/^Node.js v22.11.0 is not supported/);
  });
  it('warns on an odd (not LTS) line after 24', () => {
    expect(nodeVersionWarning('v25.2.1')).toBe(
      'Node.js v25.2.1 is not an LTS line: AquaDesk is tested on Node.js 22 and 24.',
    );
    expect(nodeVersionWarning('v26.1.0')).toBeNull();
  });
});
