/**
 * The QR page's hand-written form checks (form.ts) say what the contract says
 * (publicRequestBody): the page spares zod's weight, not its rules.
 */
import { describe, expect, it } from 'vitest';
import { publicRequestBody } from '#shared/contracts/public-units.ts';
import { PUBLIC_DESCRIPTION_MAX } from '#shared/domain/public-unit.ts';
import { checkForm, emptyForm, type FormValues, normalisePhone, toBody } from './form.ts';

const form = (over: Partial<FormValues>): FormValues => ({
  ...emptyForm(),
  problem: 'LEAKING',
  phone: '9840012345',
  ...over,
});

const CASES: [string, Partial<FormValues>][] = [
  ['a complete form', {}],
  ['no problem picked', { problem: '' }],
  ['a problem the contract does not know', { problem: 'FIRE' }],
  ['"Other" without words', { problem: 'OTHER', description: '  ' }],
  ['"Other" with two letters', { problem: 'OTHER', description: 'ab' }],
  ['"Other" with words', { problem: 'OTHER', description: 'Tap is loose' }],
  ['a description at the limit', { description: 'x'.repeat(PUBLIC_DESCRIPTION_MAX) }],
  ['a description over the limit', { description: 'x'.repeat(PUBLIC_DESCRIPTION_MAX + 1) }],
  ['the limit with spaces around', { description: `  ${'x'.repeat(PUBLIC_DESCRIPTION_MAX)}  ` }],
  ['a phone with +91 and spaces', { phone: '+91 98400 12345' }],
  ['a phone with a trunk 0', { phone: '098400-12345' }],
  ['a landline-like 10 digits', { phone: '4424567890' }],
  ['nine digits', { phone: '984001234' }],
  ['letters', { phone: '98400abcde' }],
  ['no phone', { phone: '' }],
  ['a preferred time', { preferredTime: 'EVENING' }],
  ['the honeypot filled', { website: 'http://spam.example' }],
  ['WhatsApp updates asked for', { whatsappUpdates: true }],
];

describe('the QR form checks', () => {
  it.each(CASES)('agree with the contract: %s', (_name, over) => {
    const values = form(over);
    const faults = checkForm(values);
    const parsed = publicRequestBody.safeParse({ ...values, preferredTime: values.preferredTime || undefined });
    const contractFields = parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
    expect(Object.keys(faults).sort()).toEqual(contractFields.sort());
    if (parsed.success) {
      // What the page sends is what the server keeps.
      const body = toBody(values);
      expect(body.phone).toBe(parsed.data.phone);
      expect(body.description).toBe(parsed.data.description);
      expect(body.preferredTime).toBe(parsed.data.preferredTime);
      expect(body.whatsappUpdates).toBe(parsed.data.whatsappUpdates);
      expect(body.website).toBe(values.website);
    }
  });

  it('names each fault by its catalogue key', () => {
    expect(checkForm(form({ problem: '', phone: '123' }))).toEqual({ problem: 'problem', phone: 'phone' });
    expect(checkForm(form({ problem: 'OTHER' }))).toEqual({ description: 'descriptionOther' });
    expect(checkForm(form({ description: 'x'.repeat(PUBLIC_DESCRIPTION_MAX + 1) }))).toEqual({
      description: 'descriptionLong',
    });
  });

  it('reads a phone as people write it', () => {
    expect(normalisePhone('+91 98400 12345')).toBe('9840012345');
    expect(normalisePhone('0 98400-12345')).toBe('9840012345');
    expect(normalisePhone('98400 12345')).toBe('9840012345');
  });

  it('sends the WhatsApp box as it stands, unticked until the customer ticks it', () => {
    expect(emptyForm().whatsappUpdates).toBe(false);
    expect(toBody(form({}))).toEqual({
      problem: 'LEAKING',
      description: '',
      phone: '9840012345',
      whatsappUpdates: false,
      website: '',
    });
    const ticked = toBody(form({ phone: '+91 98400 12345', whatsappUpdates: true }));
    expect(ticked).toMatchObject({ phone: '9840012345', whatsappUpdates: true });
    expect(publicRequestBody.parse(ticked).whatsappUpdates).toBe(true);
  });

  it('leaves "any time" out of the body', () => {
    expect(toBody(form({ preferredTime: '' }))).not.toHaveProperty('preferredTime');
    expect(toBody(form({ preferredTime: 'MORNING' })).preferredTime).toBe('MORNING');
  });
});
