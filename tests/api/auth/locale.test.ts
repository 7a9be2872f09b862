/**
 * ADR 022: the reader's language. A user's choice (PATCH /api/auth/me), else Accept-Language when
 * it names one of the six, else English, byte for byte what the API always sent. Errors,
 * validation messages and notifications (written once, rendered per reader) follow it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema/activity.ts';
import { users } from '#server/db/schema/people.ts';
import { INVALID_CREDENTIALS } from '#server/modules/auth/service.ts';
import { messageFor, notifyWorkflowEvent } from '#server/modules/notifications/events.service.ts';
import hi from '#shared/i18n/locales/hi/server.json' with { type: 'json' };
import ml from '#shared/i18n/locales/ml/server.json' with { type: 'json' };
import ta from '#shared/i18n/locales/ta/server.json' with { type: 'json' };
import {
  createTestApp,
  login,
  makeCustomer,
  makeRegion,
  makeRequest,
  makeUser,
  ROLE,
  signedIn,
  type TestContext,
} from '#tests/harness/app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const badLogin = (headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: { email: 'nobody@test.local', password: 'wrong-password' },
  });

describe('the language of a response', () => {
  it('is English, exactly as before, when the caller asks for nothing or for a language not among the six', async () => {
    const variants: Record<string, string>[] = [
      {},
      { 'accept-language': 'en-US,en;q=0.9' },
      { 'accept-language': 'fr, de;q=0.5' },
    ];
    for (const headers of variants) {
      const res = await badLogin(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(INVALID_CREDENTIALS);
    }
  });

  it('follows Accept-Language when it names one of the six, best quality first', async () => {
    expect((await badLogin({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).json().message).toBe(
      hi.error.invalidCredentials,
    );
    expect((await badLogin({ 'accept-language': 'fr, ta;q=0.5, hi;q=0.4' })).json().message).toBe(
      ta.error.invalidCredentials,
    );
  });

  it('translates validation messages and their parameters per field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'ml' },
      payload: { email: 'a@b.in', password: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    const expected = ml.error.passwordTooShort.replace('{{min}}', '6');
    expect(res.json().message).toBe(expected);
    expect(res.json().errors).toEqual([{ path: 'password', message: expected }]);
  });
});

describe('PATCH /api/auth/me', () => {
  it("stores the caller's language, answers it in /auth/me and the sign-in answer, and then speaks it", async () => {
    const me = await signedIn(ctx, ROLE.TECHNICIAN);
    expect(me.user).toHaveProperty('locale', null);
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: me.headers,
      payload: { locale: 'ta' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: me.made.id, email: me.made.email, locale: 'ta' });
    const read = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: me.headers });
    expect(read.json().locale).toBe('ta');
    expect((await login(ctx.app, me.made.email)).user).toHaveProperty('locale', 'ta');

    // The choice wins over the browser's Accept-Language.
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000000',
      headers: { ...me.headers, 'accept-language': 'hi' },
    });
    expect(missing.json().message).toBe(ta.error.forbidden);

    // null: follow the browser again.
    const reset = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: me.headers,
      payload: { locale: null },
    });
    expect(reset.json().locale).toBeNull();
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000000',
      headers: { ...me.headers, 'accept-language': 'hi' },
    });
    expect(again.json().message).toBe(hi.error.forbidden);
  });

  it('refuses a language not among the six with a 400; any other field is dropped (R2)', async () => {
    const me = await signedIn(ctx, ROLE.SALESMAN);
    for (const payload of [{ locale: 'fr' }, { locale: 'EN-in' }, { locale: 7 }, {}]) {
      const res = await ctx.app.inject({ method: 'PATCH', url: '/api/auth/me', headers: me.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: me.headers,
      payload: { locale: 'fr' },
    });
    expect(bad.json().message).toBe('Choose one of the languages offered');
    const [row] = await ctx.db.select({ locale: users.locale }).from(users).where(eq(users.id, me.made.id));
    expect(row?.locale).toBeNull();
    // An injected field changes nothing (the body's other fields are dropped, as everywhere).
    const [before] = await ctx.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, me.made.id));
    const injected = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: me.headers,
      payload: { locale: 'hi', roleId: crypto.randomUUID(), status: 'INACTIVE' },
    });
    expect(injected.statusCode).toBe(200);
    const [after] = await ctx.db
      .select({ roleId: users.roleId, status: users.status, locale: users.locale })
      .from(users)
      .where(eq(users.id, me.made.id));
    expect(after).toEqual({ roleId: before?.roleId, status: 'ACTIVE', locale: 'hi' });
  });

  it('is refused without a session', async () => {
    const res = await ctx.app.inject({ method: 'PATCH', url: '/api/auth/me', payload: { locale: 'hi' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('a notification written once', () => {
  it("is shown in each recipient's language; the stored text and English readers get the English", async () => {
    const region = await makeRegion(ctx.db);
    const hindi = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: region.id });
    const english = await makeUser(ctx.db, ROLE.SERVICE_MANAGER, { regionId: region.id });
    const raiser = await makeUser(ctx.db, ROLE.SALESMAN, { regionId: region.id });
    await ctx.db.update(users).set({ locale: 'hi' }).where(eq(users.id, hindi.id));
    const customer = await makeCustomer(ctx.db, region.id, { name: 'Lakshmi & Co' });
    const request = await makeRequest(ctx.db, {
      customerId: customer.id,
      regionId: region.id,
      requestedById: raiser.id,
      type: 'INSTALLATION',
    });
    const input = {
      event: 'created' as const,
      actorId: raiser.id,
      request: { ...request, status: 'PENDING_APPROVAL' },
      customerName: customer.name,
    };
    await ctx.db.transaction((tx) => notifyWorkflowEvent(tx, input));
    const english_text = messageFor(input, 'actor-next');
    expect(english_text).toBe('New Installation request for Lakshmi & Co is waiting for your approval');

    const [stored] = await ctx.db.select().from(notifications).where(eq(notifications.toUserId, hindi.id));
    expect(stored).toMatchObject({
      message: english_text,
      messageKey: 'notification.created',
      messageParams: { type: 'INSTALLATION', customer: 'Lakshmi & Co' },
    });

    const list = async (email: string, headers: Record<string, string> = {}) => {
      const s = await login(ctx.app, email);
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/notifications?page=1&pageSize=10',
        headers: { ...s.headers, ...headers },
      });
      return res.json() as { message: string }[];
    };
    const hindiText = hi.notification.created
      .replace('{{customer}}', 'Lakshmi & Co')
      .replace('{{type}}', hi.requestType.INSTALLATION);
    expect((await list(hindi.email)).map((n) => n.message)).toEqual([hindiText]);
    expect((await list(english.email)).map((n) => n.message)).toEqual([english_text]);
    // No choice stored: the browser's language.
    const tamilText = ta.notification.created
      .replace('{{customer}}', 'Lakshmi & Co')
      .replace('{{type}}', ta.requestType.INSTALLATION);
    expect((await list(english.email, { 'accept-language': 'ta-IN' })).map((n) => n.message)).toEqual([tamilText]);
  });
});
