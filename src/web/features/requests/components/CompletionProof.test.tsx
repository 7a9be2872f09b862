/**
 * Proof in the Complete Work dialog (issue 35 item 1): the business's mode is said first, only the
 * methods it accepts are offered, and the dialog may complete only with a whole proof when one is
 * needed; the code field takes digits only; "Send code" shows where the code went.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '#web/components/testing/render.tsx';
import { CompletionProof, type ProofState } from './CompletionProof.tsx';

afterEach(() => vi.unstubAllGlobals());

const last = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.at(-1)?.[0] as ProofState;

describe('CompletionProof', () => {
  it('signature required: says so, offers only the signature box, and is not ready without it', () => {
    const onChange = vi.fn();
    renderWithApp(<CompletionProof requestId="r-1" mode="signature" onChange={onChange} />);
    expect(screen.getByTestId('proof-mode').textContent).toBe(
      "The customer's signature is needed to complete this job.",
    );
    expect(screen.queryByRole('group', { name: 'How the customer confirms' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Signature box: the customer signs here with a finger' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy();
    expect(last(onChange)).toEqual({ proof: undefined, ready: false });
  });

  it('optional: nothing chosen is ready; a code of 6 digits (digits only) is sent as otp', async () => {
    const onChange = vi.fn();
    renderWithApp(<CompletionProof requestId="r-1" mode="optional" onChange={onChange} />);
    expect(last(onChange)).toEqual({ proof: undefined, ready: true });
    fireEvent.click(screen.getByRole('button', { name: 'One-time code' }));
    const field = screen.getByRole('textbox', { name: 'Code the customer reads out' });
    expect(field.getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(field, { target: { value: '12a3' } });
    expect((field as HTMLInputElement).value).toBe('123');
    // A half-typed code is not sent as no proof.
    expect(last(onChange)).toEqual({ proof: undefined, ready: false });
    fireEvent.change(field, { target: { value: '123456' } });
    expect(last(onChange)).toEqual({ proof: { otp: '123456' }, ready: true });
  });

  it('Send code: where it went and how many are left', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ phone: '98xxxxxx21', expiresAt: '2026-11-28T09:10:00.000Z', sendsLeft: 2 }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    renderWithApp(<CompletionProof requestId="r-1" mode="otp" onChange={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Code sent to 98xxxxxx21'));
    expect(screen.getByRole('status').textContent).toContain('2 more codes can be sent this hour.');
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeTruthy();
  });
});
