import express, { type RequestHandler } from 'express';
import * as z from 'zod/mini';
import { SUBMISSION_PHOTO_TOKEN } from '../../../shared/api/bff';
import { FORM_KINDS, IDEMPOTENCY_KEY, localeSchema, type FormKind } from '../../../shared/api/contract';
import { fieldErrors, type FieldErrors } from '../../../shared/forms/fields';
import { inquiryForm } from '../../../shared/forms/inquiry-form';
import { newsletterForm } from '../../../shared/forms/newsletter';
import { serviceSubmission } from '../../../shared/forms/service-form';
import { DEFAULT_LOCALE, type Locale } from '../../../shared/locales';
import { signedInOf } from '../accounts/routes';
import { asJpegName } from '../mail/attachment-names';
import { isMultipart, readMultipartSubmission } from './multipart';
import type { Ack, FormService } from './service';
import type { StoredPhoto } from './store';

/**
 * The form endpoints of shared/api/contract.ts:
 *   POST forms/{inquiry|service|newsletter}?lang=  Idempotency-Key  -> 201 {id} | 200 {id} | 400
 *   POST forms/{inquiry|service}?lang=  multipart: body + photos       -> the same, with the photos stored
 *   GET  account/submissions  (bearer)                              -> AccountSubmission[]
 *   GET  account/submissions/:id/photos/:n/thumbnail (bearer)       -> image/jpeg | 404
 *   GET  submission-photos/:token  (the company's mail's link)      -> image/jpeg | 404
 * Bodies are validated with the same schemas the site's forms use (they accept their own output).
 * A 400 is permanent for the sender (its outbox gives the submission up), so it is only ever the
 * sender's mistake: a missing or malformed key, a bad `lang`, a body the schema refuses.
 */

/** An inquiry's longest texts (5,000 + 1,000 characters) fit many times over, even \u-escaped. */
const BODY_LIMIT = '64kb';
const langQuery = z.object({ lang: localeSchema.default(DEFAULT_LOCALE) });
const BAD_REQUEST = { error: 'bad_request' } as const;

const isFormKind = (value: string): value is FormKind => (FORM_KINDS as readonly string[]).includes(value);

type Outcome = { ok: true; ack: Ack } | { ok: false; fields: FieldErrors };

/** Validates a body with its form's schema and, when it passes, stores what the schema made of it. */
function accept<S extends z.ZodMiniType>(schema: S, body: unknown, store: (form: z.output<S>) => Ack): Outcome {
  const parsed = schema.safeParse(body);
  return parsed.success ? { ok: true, ack: store(parsed.data) } : { ok: false, fields: fieldErrors(parsed.error) };
}

/** The shape of a submission grant (`accountGrant`); anything else is as good as none. */
const GRANT = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * What the site sends beside the form's fields (see the contract): `accountGrant`, when a signed-in
 * visitor posted it, and `spam`, the site's judgement. A malformed grant is ignored rather than
 * refused (a 400 would lose the submission for good); any `spam` at all marks the post as spam.
 */
function splitExtras(body: unknown): { grant: string | undefined; spam: boolean; form: unknown } {
  if (!body || typeof body !== 'object') return { grant: undefined, spam: false, form: body };
  const { accountGrant, spam, ...form } = body as Record<string, unknown>;
  return { grant: typeof accountGrant === 'string' && GRANT.test(accountGrant) ? accountGrant : undefined, spam: spam !== undefined, form };
}

const SUBMIT: { [K in FormKind]: (service: FormService, lang: Locale, key: string, body: unknown, photos: StoredPhoto[]) => Outcome } = {
  inquiry: (service, lang, key, body, photos) => {
    const { grant, spam, form } = splitExtras(body);
    return accept(inquiryForm, form, (data) => service.inquiry(lang, key, data, photos, { grant, spam }));
  },
  // Also a request queued in an outbox before the address was required: it must still be delivered.
  service: (service, lang, key, body, photos) => {
    const { grant, spam, form } = splitExtras(body);
    return accept(serviceSubmission, form, (data) => service.service(lang, key, data, photos, { grant, spam }));
  },
  newsletter: (service, lang, key, body, photos) => {
    const { spam, form } = splitExtras(body);
    return photos.length
      ? { ok: false, fields: { photos: 'form.errors.invalid' } }
      : accept(newsletterForm, form, (data) => service.subscribe(lang, key, data, { spam }));
  },
};

export function formRoutes({ service, requireSession }: { service: FormService; requireSession: RequestHandler }): express.Router {
  const router = express.Router();
  const json = express.json({ limit: BODY_LIMIT });

  router.post('/forms/:kind', json, async (req, res, next) => {
    const kind = String(req.params.kind);
    if (!isFormKind(kind)) return next();
    const key = req.get('idempotency-key') ?? '';
    const query = langQuery.safeParse(req.query);
    if (!IDEMPOTENCY_KEY.test(key) || !query.success) return void res.status(400).json(BAD_REQUEST);
    const lang = query.data.lang;

    // A retry is answered from the key before the body is read again: what was stored once must not
    // turn into a permanent failure because a later build validates more strictly.
    const known = service.knownKey(kind, key);
    if (known !== undefined) return void res.status(200).json({ id: known });

    let body: unknown = req.body ?? {};
    let photos: StoredPhoto[] = [];
    if (isMultipart(req)) {
      const read = await readMultipartSubmission(req);
      if (!read.ok) return void res.status(read.status).json({ ...BAD_REQUEST, ...(read.fields ? { fields: read.fields } : {}) });
      ({ body, photos } = read);
    }
    const outcome = SUBMIT[kind](service, lang, key, body, photos);
    if (!outcome.ok) return void res.status(400).json({ ...BAD_REQUEST, fields: outcome.fields });
    res.status(outcome.ack.created ? 201 : 200).json({ id: outcome.ack.id });
  });

  // The link is the authority (a 256-bit token only the company's mail holds): no session, and the same 404 for anything else.
  router.get('/submission-photos/:token', (req, res) => {
    const token = String(req.params.token);
    const photo = SUBMISSION_PHOTO_TOKEN.test(token) ? service.linkedPhoto(token) : undefined;
    if (!photo) return void res.status(404).json({ error: 'not_found' });
    res.attachment(asJpegName(photo.name)).type(photo.type).send(photo.bytes);
  });

  router.get('/account/submissions', requireSession, (_req, res) => {
    const { user } = signedInOf(res);
    // Sessions exist only for verified accounts; checked again because the listing matches by address
    // (only submissions whose address was confirmed for them: forms/service.ts).
    res.json(user.verified_at === null ? [] : service.submissionsOf(user.email));
  });

  router.get('/account/submissions/:id/photos/:n/thumbnail', requireSession, (req, res) => {
    const { user } = signedInOf(res);
    const n = Number(req.params.n);
    const thumbnail = user.verified_at === null || !Number.isInteger(n) || n < 0 ? undefined : service.thumbnailOf(user.email, String(req.params.id), n);
    if (!thumbnail) return void res.status(404).json({ error: 'not_found' });
    res.status(200).setHeader('Cache-Control', 'private, no-store').type('image/jpeg').send(thumbnail);
  });

  return router;
}
