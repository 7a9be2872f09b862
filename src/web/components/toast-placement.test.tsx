/**
 * A toast never covers a dialog's actions (issue 33): bottom right on a wide screen, at the top
 * while a dialog is open (dialogs keep their buttons at their foot), and always at the top on a
 * phone, where taps go through it to the page (only its close button takes them).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from './testing/render.tsx';
import { useToast } from './toast.tsx';

function Screen() {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => toast.success('Saved on this phone')}>Start Work</Button>
      <Button onClick={() => setOpen(true)}>Complete Work</Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Confirm</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * Where the toast stands: MUI's anchor class on the Snackbar around the alert (found even while a
 * dialog hides the rest of the page from assistive technology).
 */
const anchorOf = async () => {
  const alert = await screen.findByRole('alert', { hidden: true });
  return (alert.closest('.MuiSnackbar-root')?.className.match(/MuiSnackbar-anchorOrigin(\w+)/) ?? [])[1];
};

afterEach(() => vi.unstubAllGlobals());

describe('toast placement', () => {
  it('bottom right on a wide screen; at the top while a dialog is open, back when it closes', async () => {
    const { user } = renderWithApp(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Start Work' }));
    expect(await anchorOf()).toBe('BottomRight');
    await user.click(screen.getByRole('button', { name: 'Complete Work' }));
    await screen.findByRole('dialog');
    await waitFor(async () => expect(await anchorOf()).toBe('TopCenter'));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(async () => expect(await anchorOf()).toBe('BottomRight'));
  });

  it('on a phone: at the top, and only its close button takes a tap', async () => {
    // Below md: the phone layout (the query MUI's useMediaQuery asks).
    vi.stubGlobal(
      'matchMedia',
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const { user } = renderWithApp(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Start Work' }));
    expect(await anchorOf()).toBe('TopCenter');
    const alert = screen.getByRole('alert');
    expect(getComputedStyle(alert).pointerEvents).toBe('none');
    expect(getComputedStyle(screen.getByRole('button', { name: 'Close' })).pointerEvents).toBe('auto');
  });
});
