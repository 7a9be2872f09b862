import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { businessGstState } from '#server/config.ts';
import { actorOf, bearerOf } from '#server/lib/auth.ts';
import { secureCookie } from '#server/lib/transport.ts';
import {
  authResponse,
  authUser,
  changePasswordBody,
  loginBody,
  publicConfig,
  refreshBody,
  refreshResponse,
  registerBody,
  updateMeBody,
} from '#shared/contracts/auth.ts';
import { errorBody, okBody } from '#shared/contracts/common.ts';
import type { SessionResult } from './service.ts';

export const REFRESH_COOKIE = 'aquadesk_refresh';
const COOKIE_PATH = '/api/auth';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, tokens, guards } = app.deps;
  // The refresh cookie is read and set here only (path /api/auth): the cookie plugin's two hooks
  // run on these routes, not on every answer of the app (issue 20, ADR 021 third round).
  await app.register(cookie);
  const service = app.deps.services.auth;
  const client = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });
  const setCookie = (req: FastifyRequest, reply: FastifyReply, result: SessionResult) =>
    reply.setCookie(REFRESH_COOKIE, result.refreshCookie, {
      httpOnly: true,
      sameSite: 'strict',
      // Secure over HTTPS only (or as COOKIE_SECURE says): a Secure cookie set over plain HTTP at
      // a LAN address is never sent back, and every reload would sign the user out.
      secure: secureCookie(req, config),
      path: COOKIE_PATH,
      expires: result.refreshExpires,
    });
  const clearCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });

  app.get('/config', { schema: { tags: ['auth'], response: { 200: publicConfig } } }, async () => ({
    serviceName: config.SERVICE_NAME,
    demo: config.DEMO,
    registration: config.ALLOW_REGISTRATION,
    demoAccounts: config.DEMO
      ? {
          admin: { email: 'admin@demo.test', password: 'demo1234' },
          technician: { email: 'tech@demo.test', password: 'demo1234' },
        }
      : null,
    proofOfCompletion: config.PROOF_OF_COMPLETION,
    // Issue 37: the purchase form's CGST + SGST or IGST.
    gstStateCode: businessGstState(config),
  }));

  app.post(
    '/auth/login',
    {
      config: { rateLimit: { max: config.LOGIN_RATE_PER_IP, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: loginBody, response: { 200: authResponse, 401: errorBody, 429: errorBody } },
    },
    async (req, reply) => {
      const result = await service.login(req.body.email, req.body.password, client(req));
      setCookie(req, reply, result);
      return { accessToken: result.accessToken, user: result.user };
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: refreshBody, response: { 200: refreshResponse, 401: errorBody } },
    },
    async (req, reply) => {
      try {
        const result = await service.refresh(req.cookies[REFRESH_COOKIE], req.body?.userId, client(req));
        setCookie(req, reply, result);
        return { accessToken: result.accessToken, user: result.user };
      } catch (err) {
        clearCookie(reply);
        throw err;
      }
    },
  );

  app.post('/auth/logout', { schema: { tags: ['auth'], response: { 200: okBody } } }, async (req, reply) => {
    const token = bearerOf(req);
    const claims = token ? await tokens.verifyAccess(token) : null;
    await service.logout(req.cookies[REFRESH_COOKIE], claims?.sid, claims?.sub, req.ip);
    clearCookie(reply);
    return { message: 'Logged out' };
  });

  app.post(
    '/auth/register',
    {
      config: { rateLimit: { max: config.LOGIN_RATE_PER_IP, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        body: registerBody,
        response: { 200: authResponse, 400: errorBody, 403: errorBody, 409: errorBody },
      },
    },
    async (req, reply) => {
      const result = await service.register(req.body, config.ALLOW_REGISTRATION, client(req));
      setCookie(req, reply, result);
      return { accessToken: result.accessToken, user: result.user };
    },
  );

  app.get(
    '/auth/me',
    { preHandler: guards.authenticate, schema: { tags: ['auth'], response: { 200: authUser } } },
    async (req) => {
      return service.me(actorOf(req).id);
    },
  );

  // The caller's own settings (ADR 022: the language). Any signed-in user, for themselves only.
  app.patch(
    '/auth/me',
    {
      preHandler: guards.authenticate,
      schema: { tags: ['auth'], body: updateMeBody, response: { 200: authUser, 400: errorBody } },
    },
    async (req) => service.updateMe(actorOf(req).id, req.body, req.ip),
  );

  app.post(
    '/auth/change-password',
    {
      preHandler: guards.authenticate,
      config: { rateLimit: { max: config.LOGIN_RATE_PER_IP, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        body: changePasswordBody,
        response: { 200: okBody, 400: errorBody, 429: errorBody },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      await service.changePassword(actor, actor.sessionId, req.body.currentPassword, req.body.newPassword, req.ip);
      return { message: 'Password changed successfully!' };
    },
  );

  app.post(
    '/auth/sign-out-everywhere',
    {
      preHandler: guards.authenticate,
      schema: { tags: ['auth'], body: z.object({}).optional(), response: { 200: okBody } },
    },
    async (req) => {
      await service.signOutEverywhere(actorOf(req).id);
      return { message: 'Signed out everywhere' };
    },
  );
};
