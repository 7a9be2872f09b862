/**
 * A request's job sheet behind its signed public link (issue 35 item 3, ADR 048): no account, the
 * token is the permission. Each route is limited per client address before anything else runs
 * (PUBLIC_READS_PER_IP_HOUR, as a unit's public page, on counters of its own) and answers only
 * what the service lets out; never indexed. The page itself (/j/<token>) is job-sheet.html,
 * served by app.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '#server/lib/errors.ts';
import { errorBody } from '#shared/contracts/common.ts';
import { jobSheetTokenParams, publicJobSheet } from '#shared/contracts/job-sheets.ts';
import { ERR } from '#shared/i18n/server-messages.ts';

/** The public page's own entry in dist/web (vite.config.ts), served for GET /j/<token> (app.ts). */
export const JOB_SHEET_PAGE_HTML = 'job-sheet.html';

const tags = ['public'];
const errors = { 404: errorBody, 429: errorBody };
const HOUR = 3_600_000;
const NO_INDEX = 'noindex, nofollow';

/** The address limit's refusal: the page's own words, and when to try again. */
function limited(_req: unknown, context: { ttl: number }) {
  return Object.assign(new AppError('RATE_LIMITED', ERR.publicIpLimit), {
    retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)),
  });
}

export const publicJobSheetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, services } = app.deps;
  const service = services.jobSheets;
  const limit = (name: string) => ({
    rateLimit: {
      max: config.PUBLIC_READS_PER_IP_HOUR,
      timeWindow: HOUR,
      keyGenerator: (req: { ip: string }) => `${name}:${req.ip}`,
      errorResponseBuilder: limited,
    },
  });

  app.get(
    '/public/job-sheets/:token',
    {
      config: limit('job-sheet'),
      schema: { tags, params: jobSheetTokenParams, response: { 200: publicJobSheet, ...errors } },
    },
    async (req, reply) => {
      reply.header('x-robots-tag', NO_INDEX);
      return service.publicView(req.params.token);
    },
  );

  app.get(
    '/public/job-sheets/:token/pdf',
    // A binary answer (no response schema); refusals are the usual error body.
    { config: limit('job-sheet-pdf'), schema: { tags, params: jobSheetTokenParams } },
    async (req, reply) => {
      reply.header('x-robots-tag', NO_INDEX);
      const { ticketNumber, pdf } = await service.publicPdf(req.params.token);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="job-sheet-${ticketNumber}.pdf"`)
        .send(pdf);
    },
  );
};
