/**
 * The technician's own screens (GET /technicians/my-tasks, /task-history, /tasks/{id},
 * /my-stats), and PUT /customers/update-location/{id}, which the technician uses on site.
 */

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { notFound } from '#server/lib/errors.ts';
import { cappedWindow, sendTotal } from '#server/lib/paging.ts';
import * as repo from '#server/modules/service-requests/repository.ts';
import { RequestService } from '#server/modules/service-requests/service.ts';
import { errorBody, idParams } from '#shared/contracts/common.ts';
import { locationBody } from '#shared/contracts/customers.ts';
import { customerLocation, requestDetails, requestSummary } from '#shared/contracts/service-requests.ts';
import { MY_TASK_STATUSES, taskHistoryQuery, technicianStats } from '#shared/contracts/technicians.ts';
import { OPEN_TASK_STATUSES } from '#shared/domain/workflow.ts';
import { updateCustomerLocation } from './location.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['technicians'];
/** My Tasks shows every open task on one screen; a technician never holds more than this. */
const MY_TASKS_LIMIT = 200;

export const technicianRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, tokens, guards } = app.deps;
  const requests = new RequestService(db, tokens);
  const technician = guards.guard('technicianTasks');
  const mine = (id: string): repo.RequestScope => ({ kind: 'assigned', key: id });

  app.get(
    '/technicians/my-tasks',
    { preHandler: technician, schema: { tags, response: { 200: z.array(requestSummary), ...errors } } },
    async (req, reply) => {
      const actor = actorOf(req);
      const items = await repo.listRequests(db, {
        scope: mine(actor.id),
        statuses: MY_TASK_STATUSES,
        limit: MY_TASKS_LIMIT,
        offset: 0,
      });
      const cells = await repo.readCounters(db, { kind: 'assignee', key: actor.id });
      sendTotal(
        reply,
        MY_TASK_STATUSES.reduce((n, s) => n + repo.sumCells(cells, s), 0),
      );
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
      const actor = actorOf(req);
      // Without paging: the newest UNPAGED_CAP (ADR 017).
      const window = cappedWindow(req.query);
      const items = await repo.listRequests(db, { scope: mine(actor.id), limit: window.limit, offset: window.offset });
      sendTotal(reply, repo.sumCells(await repo.readCounters(db, { kind: 'assignee', key: actor.id })), window);
      return items;
    },
  );

  app.get(
    '/technicians/tasks/:id',
    { preHandler: technician, schema: { tags, params: idParams, response: { 200: requestDetails, ...errors } } },
    async (req) => {
      const actor = actorOf(req);
      const found = await repo.findSummary(db, req.params.id, mine(actor.id));
      if (!found) throw notFound('Task');
      return requests.detailsOf(found);
    },
  );

  app.get(
    '/technicians/my-stats',
    { preHandler: technician, schema: { tags, response: { 200: technicianStats, ...errors } } },
    async (req) => {
      const cells = await repo.readCounters(db, { kind: 'assignee', key: actorOf(req).id });
      return {
        total: repo.sumCells(cells),
        assigned: repo.sumCells(cells, 'ASSIGNED'),
        inProgress: repo.sumCells(cells, 'IN_PROGRESS'),
        workCompleted: repo.sumCells(cells, 'WORK_COMPLETED'),
        completed: repo.sumCells(cells, 'COMPLETED'),
        openTasks: OPEN_TASK_STATUSES.reduce((n, s) => n + repo.sumCells(cells, s), 0),
      };
    },
  );

  app.put(
    '/customers/update-location/:id',
    {
      preHandler: guards.authenticate,
      schema: {
        tags,
        params: idParams,
        body: locationBody,
        response: { 200: customerLocation, ...errors },
      },
    },
    async (req) => updateCustomerLocation(db, actorOf(req), req.params.id, req.body, req.ip),
  );
};
