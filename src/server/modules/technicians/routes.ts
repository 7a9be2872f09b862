/**
 * The technician's own screens (GET /technicians/my-tasks, /task-history, /tasks/{id},
 * /my-stats), and PUT /customers/update-location/{id}, which the technician uses on site.
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { queuedRefusalLimit } from '#server/lib/client-time.ts';
import { cappedWindow, sendTotal } from '#server/lib/paging.ts';
import { errorBody, idParams } from '#shared/contracts/common.ts';
import { locationBody } from '#shared/contracts/customers.ts';
import { customerLocation, requestDetails, requestSummary } from '#shared/contracts/service-requests.ts';
import { taskHistoryQuery, technicianStats } from '#shared/contracts/technicians.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['technicians'];

export const technicianRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards, services } = app.deps;
  const technicians = services.technicians;
  const technician = guards.guard('technicianTasks');

  app.get(
    '/technicians/my-tasks',
    { preHandler: technician, schema: { tags, response: { 200: z.array(requestSummary), ...errors } } },
    async (req, reply) => {
      const { items, total } = await technicians.myTasks(actorOf(req));
      sendTotal(reply, total);
      return items;
    },
  );

  app.get(
    '/technicians/task-history',
    {
      preHandler: technician,
      schema: { tags, querystring: taskHistoryQuery, response: { 200: z.array(requestSummary), ...errors } },
    },
    async (req, reply) => {
      // Without paging: the newest UNPAGED_CAP (ADR 017).
      const window = cappedWindow(req.query);
      const { items, total } = await technicians.taskHistory(actorOf(req), window);
      sendTotal(reply, total, window);
      return items;
    },
  );

  app.get(
    '/technicians/tasks/:id',
    { preHandler: technician, schema: { tags, params: idParams, response: { 200: requestDetails, ...errors } } },
    async (req) => technicians.task(actorOf(req), req.params.id),
  );

  app.get(
    '/technicians/my-stats',
    { preHandler: technician, schema: { tags, response: { 200: technicianStats, ...errors } } },
    async (req) => technicians.stats(actorOf(req)),
  );

  // A save the offline queue sends names its task (requestId) and carries clientTime: the user's
  // refusals are limited (429), as on start and stop.
  const queuedSave = queuedRefusalLimit(
    (req) => {
      const body = req.body as { clientTime?: string; requestId?: string } | undefined;
      return body?.clientTime !== undefined && body.requestId !== undefined;
    },
    (req) => technicians.reserveQueuedRefusal(actorOf(req), req.ip),
  );

  app.put(
    '/customers/update-location/:id',
    {
      preHandler: [guards.authenticate, queuedSave.preHandler],
      onSend: queuedSave.onSend,
      schema: {
        tags,
        params: idParams,
        body: locationBody,
        response: { 200: customerLocation, 409: errorBody, 429: errorBody, ...errors },
      },
    },
    async (req) => technicians.updateLocation(actorOf(req), req.params.id, req.body, req.ip),
  );
};
