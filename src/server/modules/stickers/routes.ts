/**
 * QR stickers (issue 36 item 3, ADR 043): GET /api/units/:id/sticker.svg (anyone who reads the
 * unit) and GET /api/stickers.pdf?customerId= | ?regionId= (&page=), the office's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '#server/lib/auth.ts';
import { idParams } from '#shared/contracts/common.ts';
import { TOTAL_HEADER } from '#shared/domain/constants.ts';

const tags = ['units'];
// Binary answers (no response schema); refusals are the usual error body (lib/error-handler.ts).

const sheetQuery = z.object({
  customerId: z.uuid({ message: 'Invalid id' }).optional(),
  regionId: z.uuid({ message: 'Invalid id' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const stickerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { guards, services } = app.deps;
  const stickers = services.stickers;

  app.get(
    '/units/:id/sticker.svg',
    { preHandler: guards.guard('unitRead'), schema: { tags, params: idParams } },
    async (req, reply) => {
      const { svg, serial } = await stickers.svg(actorOf(req), req.params.id);
      const name = `sticker-${serial.replace(/[^\w.-]+/g, '_')}.svg`;
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(svg);
    },
  );

  app.get(
    '/stickers.pdf',
    { preHandler: guards.guard('stickerManage'), schema: { tags, querystring: sheetQuery } },
    async (req, reply) => {
      const { total, pdf } = await stickers.sheet(actorOf(req), req.query);
      return reply
        .type('application/pdf')
        .header(TOTAL_HEADER, String(total))
        .header('content-disposition', `attachment; filename="stickers-${req.query.page}.pdf"`)
        .send(pdf);
    },
  );
};
