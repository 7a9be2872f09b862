import { describe, expect, it } from 'vitest';
import { pageTitle } from './document-title.ts';

describe('pageTitle', () => {
  it('names the screen, then the product', () => {
    expect(pageTitle('Service Requests')).toBe('Service Requests · AquaDesk');
    expect(pageTitle('  Service request 9fa0cb64 ')).toBe('Service request 9fa0cb64 · AquaDesk');
  });
  it('is the product alone without a screen name', () => {
    expect(pageTitle(null)).toBe('AquaDesk');
    expect(pageTitle('  ')).toBe('AquaDesk');
  });
});
