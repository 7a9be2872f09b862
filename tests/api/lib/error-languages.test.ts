/**
 * The error handler renders an AppError from its catalogue key and parameters (ADR 022): in the
 * reader's language when they chose or asked for one, and otherwise the exact English the API
 * always sent (the body's bytes, no key or parameter leaking into it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_DEEP } from '#server/lib/json-limits.ts';
import { NUL_IN_TEXT } from '#server/lib/nul-guard.ts';
import hi from '#shared/i18n/locales/hi/server.json' with { type: 'json' };
import { createTestApp, ROLE, type Session, signedIn, type TestContext } from '#tests/harness/app.ts';

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signedIn(ctx, ROLE.SUPER_ADMIN);
});
afterAll(() => ctx.close());

const HINDI = { 'accept-language': 'hi-IN,hi;q=0.9' };

describe('an AppError in the reader’s language', () => {
  it('with a parameter (the nesting limit) in Hindi, its value kept; the exact English without the header', async () => {
    const deep = `${'['.repeat(40)}${']'.repeat(40)}`;
    const send = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: deep,
        headers: { 'content-type': 'application/json', ...headers },
      });
    const hindi = await send(HINDI);
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json()).toEqual({ message: hi.error.bodyTooDeep.replace('{{max}}', '32'), code: 'VALIDATION' });
    const english = await send({});
    expect(english.body).toBe(JSON.stringify({ message: TOO_DEEP, code: 'VALIDATION' }));
    expect(TOO_DEEP).toBe('The request body is nested too deeply: at most 32 levels of objects and arrays');
  });

  it('a field error in Hindi keeps its path; in English the body is byte for byte the old one', async () => {
    const send = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/regions',
        payload: { name: 'North\u0000' },
        headers: { ...admin.headers, ...headers },
      });
    const hindi = await send(HINDI);
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json()).toEqual({
      message: hi.error.textHasNul,
      code: 'VALIDATION',
      errors: [{ path: 'name', message: hi.error.textHasNul }],
    });
    const english = await send({});
    expect(english.body).toBe(
      JSON.stringify({ message: NUL_IN_TEXT, code: 'VALIDATION', errors: [{ path: 'name', message: NUL_IN_TEXT }] }),
    );
  });

  it('a text that had no catalogue entry before (Product not found) in Hindi; English otherwise', async () => {
    const url = `/api/products/${crypto.randomUUID()}`;
    const hindi = await ctx.app.inject({ method: 'GET', url, headers: { ...admin.headers, ...HINDI } });
    expect(hindi.statusCode).toBe(404);
    expect(hindi.json()).toEqual({ message: hi.maintenance.error.productNotFound, code: 'NOT_FOUND' });
    const english = await ctx.app.inject({ method: 'GET', url, headers: admin.headers });
    expect(english.body).toBe(JSON.stringify({ message: 'Product not found', code: 'NOT_FOUND' }));
  });
});
