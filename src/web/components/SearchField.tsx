/**
 * A list's search box: a magnifier, the text, and a clear button (×, "Clear search") while there
 * is text. Clearing puts the focus back in the box.
 *   <SearchField value={search} onChange={setSearch} placeholder="Search by name" label="Search users" />
 */
import Clear from '@mui/icons-material/Clear';
import Search from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The box's accessible name. */
  label: string;
  sx?: TextFieldProps['sx'];
}

export function SearchField({ value, onChange, placeholder, label, sx }: SearchFieldProps) {
  const { t } = useTranslation('common');
  const input = useRef<HTMLInputElement>(null);
  return (
    <TextField
      placeholder={placeholder}
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && value) {
          e.preventDefault();
          onChange('');
        }
      }}
      inputRef={input}
      sx={sx}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: value ? (
            <InputAdornment position="end">
              <IconButton
                aria-label={t('search.clear')}
                title={t('search.clear')}
                edge="end"
                size="small"
                onClick={() => {
                  onChange('');
                  input.current?.focus();
                }}
              >
                <Clear fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
    />
  );
}
