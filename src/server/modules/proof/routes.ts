/**
 * Proof of completion (issue 35 item 1, ADR 047): the assigned technician of a job in progress has
 * a one-time code sent to the customer's primary phone, which the customer reads out and the
 * technician sends with the completion (the stop body's `otp`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { errorBody, idParams } from '#shared/contracts/common.ts';
import { completionOtpSent } from '#shared/contracts/proof.ts';

const tags = ['proof'];
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

export const proofRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards, services } = app.deps;

  app.post(
    '/service-requests/:id/completion-otp',
    {
      // Who may send it is the workflow table's `complete` on this request (ProofService.sendOtp).
      preHandler: guards.guard('requestRead'),
      schema: {
        tags,
        params: idParams,
        body: z.unknown().optional(),
        response: { 200: completionOtpSent, ...errors },
      },
    },
    async (req) => services.proof.sendOtp(actorOf(req), req.params.id, req.ip),
  );
};
