import express, { type Response } from 'express';
import { leadFilterSchema, type StaffLocale } from '../../../shared/api/staff';
import { leadAssigneeForm, leadNoteForm, leadReplyForm, leadStatusForm } from '../../../shared/forms/staff';
import type { StaffService } from '../staff/service';
import { actorOf, staffGuard, staffOf, withBody } from '../staff/routes';
import { CSV_LINE_END, csvHeader, csvRow, type CsvColumn } from './csv';
import type { LeadChange, LeadService } from './service';

/** The leads' endpoints of shared/api/staff.ts, for owners and sales. */

const NOT_FOUND = { error: 'not_found' } as const;
/** Lead ids are UUIDs; anything else is no lead, without a query. */
const LEAD_ID = /^[0-9a-f-]{36}$/;

/** How a CSV names its columns and values, in the exporting member's language. */
export type CsvWords = {
  heading(column: CsvColumn): string;
  value(column: 'kind' | 'status' | 'offerType', value: string): string;
};

function answer(res: Response, result: LeadChange): void {
  if (result === 'not_found') res.status(404).json(NOT_FOUND);
  else if (result === 'bad_assignee') res.status(400).json({ error: 'bad_request', fields: { memberId: 'form.errors.choice' } });
  else res.json(result);
}

export function leadRoutes({
  service,
  staff,
  csvWords,
}: {
  service: LeadService;
  staff: StaffService;
  csvWords: (lang: StaffLocale) => CsvWords;
}): express.Router {
  const router = express.Router();
  router.use('/staff/leads', staffGuard(staff, 'leads'));

  router.get('/staff/leads', (req, res) => {
    const filter = leadFilterSchema.safeParse(req.query);
    if (!filter.success) return void res.status(400).json({ error: 'bad_request' });
    res.json(service.page(filter.data, actorOf(res)));
  });

  // A download, not a page: the member's browser saves it; nothing of it is cached anywhere.
  router.get('/staff/leads.csv', staffGuard(staff, 'leads'), (req, res) => {
    const filter = leadFilterSchema.safeParse(req.query);
    if (!filter.success) return void res.status(400).json({ error: 'bad_request' });
    const words = csvWords(staffOf(res).member.locale);
    const rows = service.exportRows(filter.data, actorOf(res));
    res.type('text/csv; charset=utf-8').attachment(`leads-${new Date().toISOString().slice(0, 10)}.csv`);
    res.send([csvHeader(words.heading), ...rows.map((row) => csvRow(row.summary, row.data, words.value))].join(CSV_LINE_END) + CSV_LINE_END);
  });

  router.get('/staff/leads/:id', (req, res) => {
    const lead = LEAD_ID.test(req.params.id) ? service.detail(req.params.id, actorOf(res)) : undefined;
    if (lead) res.json(lead);
    else res.status(404).json(NOT_FOUND);
  });

  router.get('/staff/leads/:id/photos/:n', (req, res) => {
    const index = /^\d{1,2}$/.test(req.params.n) ? Number(req.params.n) : -1;
    const photo = LEAD_ID.test(req.params.id) && index >= 0 ? service.photo(req.params.id, index) : undefined;
    if (!photo) return void res.status(404).json(NOT_FOUND);
    res.type(photo.type).set('Content-Disposition', 'inline').send(photo.bytes);
  });

  const onLead = (req: express.Request, res: Response, work: (id: string) => LeadChange) => {
    const id = String(req.params.id);
    return LEAD_ID.test(id) ? answer(res, work(id)) : void res.status(404).json(NOT_FOUND);
  };

  router.post(
    '/staff/leads/:id/status',
    withBody(leadStatusForm, (input, req, res) => onLead(req, res, (id) => service.setStatus(id, actorOf(res), input))),
  );
  router.post(
    '/staff/leads/:id/assignee',
    withBody(leadAssigneeForm, (input, req, res) => onLead(req, res, (id) => service.assign(id, actorOf(res), input.memberId))),
  );
  router.post(
    '/staff/leads/:id/notes',
    withBody(leadNoteForm, (input, req, res) => onLead(req, res, (id) => service.addNote(id, actorOf(res), input.text))),
  );
  router.post(
    '/staff/leads/:id/replies',
    withBody(leadReplyForm, (input, req, res) =>
      onLead(req, res, (id) => service.reply(id, { ...actorOf(res), email: staffOf(res).member.email }, input.text)),
    ),
  );

  return router;
}
