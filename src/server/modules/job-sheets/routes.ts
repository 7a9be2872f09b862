/**
 * A request's job sheet (issue 35 item 3): GET /api/service-requests/:id/job-sheet.pdf, for
 * anyone who may read the request (its scope: 404 otherwise).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '#server/lib/auth.ts';
import { idParams } from '#shared/contracts/common.ts';

export const jobSheetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards, services } = app.deps;

  app.get(
    '/service-requests/:id/job-sheet.pdf',
    // A binary answer (no response schema); refusals are the usual error body.
    { preHandler: guards.guard('requestRead'), schema: { tags: ['service-requests'], params: idParams } },
    async (req, reply) => {
      const { ticketNumber, pdf } = await services.jobSheets.pdf(actorOf(req), req.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="job-sheet-${ticketNumber}.pdf"`)
        .send(pdf);
    },
  );
};
