/**
 * Service requests (spec section 7): list, read, create, edit, the approval and assignment
 * transitions, the assign dialog's candidates, and the technician's start/stop workflow.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { queuedRefusalLimit } from '#server/lib/client-time.ts';
import { sendExport } from '#server/lib/export/send.ts';
import { sendTotal } from '#server/lib/paging.ts';
import { errorBody, idParams } from '#shared/contracts/common.ts';
import { withExport } from '#shared/contracts/exports.ts';
import {
  commentsBody,
  createRequestBody,
  listRequestsQuery,
  manualAssignBody,
  rejectBody,
  requestDetails,
  requestSummary,
  technicianCandidate,
  updateRequestBody,
  workflowStartBody,
  workflowStopBody,
} from '#shared/contracts/service-requests.ts';

const errors = { 400: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['service-requests'];

export const serviceRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards, services } = app.deps;
  const service = services.requests;
  const read = guards.guard('requestRead');

  app.get(
    '/service-requests',
    {
      // The whole list is for managers and leads; one's own requests (`mine=true`, the
      // dashboard's "View all") for anyone who may raise one (ADR 020); those completed without
      // proof (`proof=none`, ADR 047) for the managers.
      preHandler: guards.guardBy((req) => {
        const q = req.query as { mine?: boolean; proof?: string };
        return q.proof === 'none' ? 'requestsWithoutProof' : q.mine ? 'requestCreate' : 'requestList';
      }),
      schema: {
        tags,
        querystring: withExport(listRequestsQuery),
        response: { 200: z.array(requestSummary), ...errors },
      },
    },
    async (req, reply) => {
      // `format=csv|xlsx`: every row the list would page through, as a download (ADR 037).
      if (req.query.format)
        return sendExport(req, reply, req.query.format, service.exportList(actorOf(req), req.query));
      const { items, total, window } = await service.list(actorOf(req), req.query);
      sendTotal(reply, total, window);
      return items;
    },
  );

  app.post(
    '/service-requests',
    {
      preHandler: guards.guard('requestCreate'),
      schema: { tags, body: createRequestBody, response: { 201: requestDetails, ...errors } },
    },
    async (req, reply) => {
      const created = await service.create(actorOf(req), req.body, req.ip);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/service-requests/:id',
    { preHandler: read, schema: { tags, params: idParams, response: { 200: requestDetails, ...errors } } },
    async (req) => service.details(actorOf(req), req.params.id),
  );

  app.patch(
    '/service-requests/:id',
    {
      preHandler: read,
      schema: { tags, params: idParams, body: updateRequestBody, response: { 200: requestDetails, ...errors } },
    },
    async (req) => service.update(actorOf(req), req.params.id, req.body, req.ip),
  );

  app.get(
    '/service-requests/:id/technicians',
    {
      preHandler: read,
      schema: { tags, params: idParams, response: { 200: z.array(technicianCandidate), ...errors } },
    },
    async (req) => service.candidates(actorOf(req), req.params.id),
  );

  const withComments = { tags, params: idParams, body: commentsBody, response: { 200: requestDetails, ...errors } };

  app.post('/service-requests/:id/sales-approve', { preHandler: read, schema: withComments }, async (req) =>
    service.salesApprove(actorOf(req), req.params.id, req.body?.comments ?? null, req.ip),
  );

  app.post('/service-requests/:id/service-approve', { preHandler: read, schema: withComments }, async (req) =>
    service.serviceApprove(actorOf(req), req.params.id, req.body?.comments ?? null, req.ip),
  );

  app.post(
    '/service-requests/:id/reject',
    {
      preHandler: read,
      schema: { tags, params: idParams, body: rejectBody, response: { 200: requestDetails, ...errors } },
    },
    async (req) => service.reject(actorOf(req), req.params.id, req.body.comments, req.ip),
  );

  app.post(
    '/service-requests/:id/auto-assign',
    {
      preHandler: read,
      schema: { tags, params: idParams, body: z.unknown().optional(), response: { 200: requestDetails, ...errors } },
    },
    async (req) => service.assign(actorOf(req), req.params.id, null, req.ip),
  );

  app.post(
    '/service-requests/:id/manual-assign',
    {
      preHandler: read,
      schema: { tags, params: idParams, body: manualAssignBody, response: { 200: requestDetails, ...errors } },
    },
    async (req) => service.assign(actorOf(req), req.params.id, req.body.technicianId, req.ip),
  );

  app.patch('/service-requests/:id/acknowledge', { preHandler: read, schema: withComments }, async (req) =>
    service.acknowledge(actorOf(req), req.params.id, req.body?.comments ?? null, req.ip),
  );

  // The offline queue's writes (they carry clientTime): a user's refusals are limited (429).
  const queuedWrite = queuedRefusalLimit(
    (req) => (req.body as { clientTime?: string } | undefined)?.clientTime !== undefined,
    (req) => service.reserveQueuedRefusal(actorOf(req), req.ip),
  );
  const technicianWrite = { preHandler: [...read, queuedWrite.preHandler], onSend: queuedWrite.onSend };
  const technicianErrors = { ...errors, 429: errorBody };

  app.post(
    '/technician-workflow/start',
    {
      ...technicianWrite,
      schema: { tags, body: workflowStartBody, response: { 200: requestDetails, ...technicianErrors } },
    },
    async (req) => service.start(actorOf(req), req.body.requestId, req.ip, req.body.clientTime),
  );

  app.post(
    '/technician-workflow/stop',
    {
      ...technicianWrite,
      schema: { tags, body: workflowStopBody, response: { 200: requestDetails, ...technicianErrors } },
    },
    async (req) => {
      // The rest of the body: the parts of the features acting at a visit (contracts/visit.ts).
      const { requestId, notes, clientTime, ...visit } = req.body;
      return service.complete(actorOf(req), requestId, notes ?? null, req.ip, visit, clientTime);
    },
  );
};
