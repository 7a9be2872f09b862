/**
 * The job sheet as a PDF (issue 35 item 3): one A4 page or more, in English (pdfkit's Helvetica,
 * ADR 043), drawn top to bottom. The facts come from service.ts; this only lays them out.
 */
import PDFDocument from 'pdfkit';
import { latin } from '#server/lib/pdf.ts';
import { rejectionPercent } from '#shared/contracts/readings.ts';
import type { RequestDetails } from '#shared/contracts/service-requests.ts';
import { statusLabel, typeLabel } from '#shared/domain/format.ts';
import type { SheetUnit } from './repository.ts';

/**
 * Who the sheet is for: the office (whoever reads the request) or the customer (its public link,
 * ADR 048), whose sheet leaves off what a forwarded link must not carry: the customer's address
 * and phone, the request's description (the office's words), the technicians' surnames.
 */
export type Audience = 'office' | 'customer';

export interface SheetFacts {
  audience: Audience;
  serviceName: string;
  supportPhone: string | null;
  request: RequestDetails;
  unit: SheetUnit | null;
  parts: { name: string; quantity: number; scheduled: boolean }[];
  readings: { tdsIn: number; tdsOut: number; ph: number | null; hardness: number | null; takenAt: Date }[];
  photos: { kind: 'BEFORE' | 'AFTER'; jpeg: Buffer }[];
  /** The customer's signature (a PNG from the photo storage), when the request's proof is one. */
  signature?: Buffer | null;
  /** "28 Nov 2026, 10:20 am" in the business's time zone. */
  when: (d: Date | string) => string;
}

const MARGIN = 40;
const GREY = '#555555';
const THUMB = 110;
const SIGNATURE_BOX: [number, number] = [220, 80];

export function jobSheet(f: SheetFacts): PDFKit.PDFDocument {
  const r = f.request;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Job sheet ${r.ticketNumber}`, Creator: 'AquaDesk' },
  });
  const width = doc.page.width - 2 * MARGIN;
  const text = (s: string, o: PDFKit.Mixins.TextOptions = {}) => doc.text(latin(s), o);
  const heading = (s: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor('#000000');
    text(s);
    doc.moveDown(0.2).font('Helvetica').fontSize(10);
  };
  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fillColor(GREY);
    text(`${label}: `, { continued: true });
    doc.font('Helvetica').fillColor('#000000');
    text(value);
  };

  doc.font('Helvetica-Bold').fontSize(16);
  text(f.serviceName);
  doc.font('Helvetica').fontSize(10).fillColor(GREY);
  if (f.supportPhone) text(`Support: ${f.supportPhone}`);
  doc.moveDown(0.5).fillColor('#000000').font('Helvetica-Bold').fontSize(14);
  text(`Job sheet ${r.ticketNumber}`);
  doc.font('Helvetica').fontSize(10);
  line('Type', typeLabel(r.type));
  line('Status', statusLabel(r.status));
  line('Raised', f.when(r.createdAt));
  if (r.completedAt) line('Completed', f.when(r.completedAt));

  heading('Customer');
  const office = f.audience === 'office';
  text(r.customer.name);
  if (office) {
    text(r.customer.address);
    text(r.customer.primaryPhone);
  }

  if (f.unit) {
    heading('Purifier');
    text(`${f.unit.brand} ${f.unit.product}`);
    line('Serial', f.unit.serial);
    line('Installed on', f.when(`${f.unit.installedOn}T12:00:00+05:30`).replace(/,.*$/, ''));
  }

  heading('Work done');
  if (office) text(r.description, { width });
  let seconds = 0;
  for (const log of r.workLogs) {
    const end = log.endTime ? new Date(log.endTime) : null;
    if (end) seconds += Math.max(0, (end.getTime() - new Date(log.startTime).getTime()) / 1000);
    doc.moveDown(0.3);
    const who = office ? log.technician.name : (log.technician.name.trim().split(/\s+/)[0] ?? '');
    line(who, `${f.when(log.startTime)} to ${end ? f.when(end) : 'still on site'}`);
    if (log.notes) text(log.notes, { width });
  }
  if (r.workLogs.length === 0) text('No work recorded yet.');
  else line('Time on site', `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`);

  heading('Parts');
  const replaced = f.parts.filter((p) => p.scheduled);
  const spare = f.parts.filter((p) => !p.scheduled);
  if (replaced.length) line('Replaced', replaced.map((p) => p.name).join(', '));
  if (spare.length) line('Spare parts', spare.map((p) => `${p.name} x ${p.quantity}`).join(', '));
  if (f.parts.length === 0) text('None recorded.');

  heading('Water readings');
  for (const w of f.readings) {
    const flags = [
      w.tdsOut > 500 ? 'TDS out over 500' : '',
      w.ph !== null && (w.ph < 6.5 || w.ph > 8.5) ? 'pH out of 6.5-8.5' : '',
    ]
      .filter(Boolean)
      .join(', ');
    text(
      `${f.when(w.takenAt)}: TDS in ${w.tdsIn} mg/L, out ${w.tdsOut} mg/L, rejection ${rejectionPercent(w.tdsIn, w.tdsOut) ?? 'n/a'}%` +
        (w.ph !== null ? `, pH ${w.ph}` : '') +
        (w.hardness !== null ? `, hardness ${w.hardness} mg/L` : '') +
        (flags ? ` (${flags}; IS 10500)` : ''),
      { width },
    );
  }
  if (f.readings.length === 0) text('None taken.');

  if (f.photos.length) {
    heading('Before and after');
    for (const kind of ['BEFORE', 'AFTER'] as const) {
      const shots = f.photos.filter((p) => p.kind === kind);
      if (!shots.length) continue;
      if (doc.y + THUMB + 30 > doc.page.height - MARGIN) doc.addPage();
      doc.font('Helvetica-Bold').fillColor(GREY);
      text(kind === 'BEFORE' ? 'Before' : 'After');
      const top = doc.y + 4;
      shots.forEach((p, i) => {
        doc.image(p.jpeg, MARGIN + i * (THUMB + 10), top, { fit: [THUMB, THUMB] });
      });
      doc.x = MARGIN;
      doc.y = top + THUMB + 8;
      doc.font('Helvetica').fillColor('#000000');
    }
  }

  // Proof of completion (ADR 047): who signed, or the masked phone the one-time code went to.
  heading('Proof of completion');
  const proof = r.proof;
  if (!proof) text('No signature or one-time code was recorded for this job.');
  else if (proof.kind === 'SIGNATURE') {
    line('Signed by', `${proof.signedBy ?? ''}, ${f.when(proof.confirmedAt)}`);
    if (f.signature) {
      if (doc.y + SIGNATURE_BOX[1] + 10 > doc.page.height - MARGIN) doc.addPage();
      const top = doc.y + 4;
      doc.image(f.signature, MARGIN, top, { fit: SIGNATURE_BOX });
      doc.x = MARGIN;
      doc.y = top + SIGNATURE_BOX[1] + 4;
    }
  } else text(`Confirmed by a one-time code sent to ${proof.phone ?? ''} on ${f.when(proof.confirmedAt)}.`);

  doc.end();
  return doc;
}
