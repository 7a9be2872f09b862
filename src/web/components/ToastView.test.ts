/** A toast keeps the font of the script it is written in (ADR 022: no boxes after a language switch). */
import { describe, expect, it } from 'vitest';
import { toastFont } from './ToastView.tsx';

describe('toastFont', () => {
  it("puts the script's Noto face first for a message in an Indian script", () => {
    expect(toastFont('भाषा सहेजी गई')).toMatch(/^"Noto Sans Devanagari"/);
    expect(toastFont('மொழி சேமிக்கப்பட்டது')).toMatch(/^"Noto Sans Tamil"/);
    expect(toastFont('భాష సేవ్ అయింది')).toMatch(/^"Noto Sans Telugu"/);
    expect(toastFont('ಭಾಷೆ ಉಳಿಸಲಾಗಿದೆ')).toMatch(/^"Noto Sans Kannada"/);
    expect(toastFont('ഭാഷ സേവ് ചെയ്തു')).toMatch(/^"Noto Sans Malayalam"/);
    // Latin around the script (a ticket number, 'RO') does not change the choice.
    expect(toastFont('SR-000123: RO मेम्ब्रेन बदली')).toMatch(/^"Noto Sans Devanagari"/);
  });
  it("leaves English (and scripts without a language of ours) to the theme's font", () => {
    expect(toastFont('Language saved')).toBeUndefined();
    expect(toastFont('ভাষা')).toBeUndefined(); // Bengali
  });
});
