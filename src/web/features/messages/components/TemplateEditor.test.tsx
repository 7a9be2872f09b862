/**
 * The template editor (issue 35 item 7) over a stubbed API: the preview filled with sample values
 * as one types, a placeholder chip inserting {{name}} at the cursor, an unknown placeholder refused
 * before saving in the server's own words, and the server's 400 shown on the field.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MessageTemplateItem } from '#shared/contracts/messages.ts';
import { renderWithApp } from '#web/components/testing/render.tsx';
import { i18n } from '#web/i18n/index.ts';
import { TemplateEditor } from './TemplateEditor.tsx';

const template: MessageTemplateItem = {
  key: 'requestRegistered',
  language: 'en-IN',
  text: '{{business}}: Dear {{customer}}, your service request {{ticket}} is registered.',
  placeholders: ['business', 'customer', 'ticket', 'phone'],
  custom: false,
  updatedAt: null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubApi(save: (body: { text: string | null }) => Response) {
  const calls: { method: string; url: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/config') return json(200, { serviceName: 'Jal Seva Water Care', demo: false });
      if (url === '/api/message-templates/requestRegistered/en-IN' && method === 'PUT') return save(body);
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  return calls;
}

const textbox = () => screen.getByRole('textbox', { name: 'Message text' }) as HTMLTextAreaElement;
const preview = () => screen.getByTestId('template-preview');

beforeAll(async () => {
  await i18n.loadNamespaces('messages');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TemplateEditor', () => {
  it('previews the text with sample values and inserts a placeholder where the cursor is', async () => {
    stubApi(() => json(500, {}));
    const { user } = renderWithApp(<TemplateEditor template={template} />);
    await waitFor(() =>
      expect(preview().textContent).toBe(
        'Jal Seva Water Care: Dear Lakshmi, your service request SR-000123 is registered.',
      ),
    );
    expect(screen.getByText("AquaDesk's standard text.")).toBeTruthy();
    // Save waits for a change.
    expect(screen.getByRole('button', { name: 'Save template' }).hasAttribute('disabled')).toBe(true);

    const box = textbox();
    fireEvent.change(box, { target: { value: 'Call {{phone}} ' } });
    box.setSelectionRange(box.value.length, box.value.length);
    await user.click(screen.getByRole('button', { name: /^Insert \{\{ticket\}\}/ }));
    expect(textbox().value).toBe('Call {{phone}} {{ticket}}');
    expect(preview().textContent).toBe('Call 98400 12345 SR-000123');
    expect(screen.getByRole('button', { name: 'Save template' }).hasAttribute('disabled')).toBe(false);
  });

  it('refuses an unknown placeholder in the server’s words, then saves a good text', async () => {
    const calls = stubApi((body) =>
      json(200, { ...template, text: body.text, custom: true, updatedAt: new Date().toISOString() }),
    );
    const { user } = renderWithApp(<TemplateEditor template={template} />);
    fireEvent.change(textbox(), { target: { value: 'Dear {{name}}, {{ticket}} is registered.' } });
    expect(
      await screen.findByText(
        'This message may not use {{name}}. It may use: {{business}}, {{customer}}, {{ticket}}, {{phone}}.',
      ),
    ).toBeTruthy();
    expect(textbox().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Save template' }).hasAttribute('disabled')).toBe(true);
    // The preview marks the placeholder it cannot fill.
    expect(preview().textContent).toBe('Dear {{name}}, SR-000123 is registered.');
    expect(preview().querySelector('mark')?.textContent).toBe('{{name}}');

    fireEvent.change(textbox(), { target: { value: 'Dear {{customer}}, {{ticket}} is registered.' } });
    expect(preview().textContent).toBe('Dear Lakshmi, SR-000123 is registered.');
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      text: 'Dear {{customer}}, {{ticket}} is registered.',
    });
    expect(await screen.findByText('Template saved')).toBeTruthy();
  });

  it('shows the server’s 400 on the field', async () => {
    stubApi(() =>
      json(400, {
        code: 'VALIDATION_ERROR',
        message: 'The message text must be at most 1000 characters',
        errors: [{ path: 'text', message: 'The message text must be at most 1000 characters' }],
      }),
    );
    const { user } = renderWithApp(<TemplateEditor template={template} />);
    fireEvent.change(textbox(), { target: { value: 'Dear {{customer}}.' } });
    await user.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('The message text must be at most 1000 characters')).toBeTruthy();
    expect(textbox().getAttribute('aria-invalid')).toBe('true');
    // Typing again clears it.
    fireEvent.change(textbox(), { target: { value: 'Dear {{customer}}!' } });
    expect(screen.queryByText('The message text must be at most 1000 characters')).toBeNull();
  });
});
