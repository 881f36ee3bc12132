import type { FastifyReply } from 'fastify';

/** `attachment; filename="…"` with a name safe in the header whatever it holds (a project code…). */
export const attachment = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`;

/** Answers a CSV file (lib/csv.ts writes it) as a download named `fileName`. */
export const csvDownload = (reply: FastifyReply, fileName: string) =>
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', attachment(fileName));
