/**
 * Reports (issue 38, ADR 050): `GET /api/reports/<name>` for each of the seven reports, in the
 * issue's order, behind the `reports` capability. One route per report (each with its own answer
 * contract); a name that is not a report is no route: 404. `?format=csv|xlsx` answers the same
 * table as a download (ADR 037).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '#server/lib/auth.ts';
import { sendExport } from '#server/lib/export/send.ts';
import { errorBody } from '#shared/contracts/common.ts';
import { REPORT_NAMES, REPORT_SCHEMAS, reportQuery } from '#shared/contracts/reports.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['reports'];

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards } = app.deps;
  const service = app.deps.services.reports;

  for (const name of REPORT_NAMES) {
    app.get(
      `/reports/${name}`,
      {
        preHandler: guards.guard('reports'),
        schema: { tags, querystring: reportQuery, response: { 200: REPORT_SCHEMAS[name], ...errors } },
      },
      async (req, reply) => {
        const { format, ...q } = req.query;
        if (format) return sendExport(req, reply, format, await service.exportReport(actorOf(req), name, q));
        return service.report(actorOf(req), name, q);
      },
    );
  }
};
