/**
 * Issue 37 item 6: the business's GST state, from BUSINESS_GSTIN (checked like a supplier's) or
 * GST_STATE_CODE; a wrong value stops the start with a message naming the variable.
 */
import { describe, expect, it } from 'vitest';
import { businessGstState, loadConfig } from '#server/config.ts';
import { GSTIN } from './helpers.ts';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/aquadesk-config-test', ...env });

describe('BUSINESS_GSTIN and GST_STATE_CODE', () => {
  it('the state is the GSTIN’s first two digits, else the code, else unknown (intra-state)', () => {
    expect(businessGstState(load({ BUSINESS_GSTIN: ` ${GSTIN.karnataka.toLowerCase()} ` }))).toBe('29');
    expect(businessGstState(load({ GST_STATE_CODE: '27' }))).toBe('27');
    expect(businessGstState(load({ BUSINESS_GSTIN: GSTIN.delhi, GST_STATE_CODE: '07' }))).toBe('07');
    expect(businessGstState(load({}))).toBeNull();
    expect(businessGstState(load({ BUSINESS_GSTIN: '', GST_STATE_CODE: '' }))).toBeNull();
  });

  it('a wrong GSTIN, a code that is not two digits, or the two disagreeing: refused at start', () => {
    expect(() => load({ BUSINESS_GSTIN: '29AAGCB7383J1Z5' })).toThrow(/BUSINESS_GSTIN must be a GSTIN/);
    expect(() => load({ GST_STATE_CODE: '9' })).toThrow(/GST_STATE_CODE must be 2 digits/);
    expect(() => load({ BUSINESS_GSTIN: GSTIN.karnataka, GST_STATE_CODE: '27' })).toThrow(
      /GST_STATE_CODE \(27\) is not BUSINESS_GSTIN's state \(29\)/,
    );
  });
});
