/**
 * The language list (ADR 022): each language named in its own script. Used on the login screen
 * (this device) and the profile (the account's choice).
 */
import Translate from '@mui/icons-material/Translate';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '#shared/i18n/locales.ts';

export interface LanguagePickerProps {
  value: Locale;
  onChange: (locale: Locale) => void;
  disabled?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

export function LanguagePicker({ value, onChange, disabled, size = 'small', fullWidth }: LanguagePickerProps) {
  const { t } = useTranslation('common');
  return (
    <TextField
      select
      size={size}
      fullWidth={fullWidth}
      label={t('language')}
      value={value}
      disabled={disabled}
      onChange={(e) => {
        if (isLocale(e.target.value)) onChange(e.target.value);
      }}
      slotProps={{
        htmlInput: { 'data-testid': 'language-picker' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Translate fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 180 }}
    >
      {LOCALES.map((l) => (
        <MenuItem key={l} value={l} lang={l}>
          {LOCALE_NAMES[l]}
        </MenuItem>
      ))}
    </TextField>
  );
}
