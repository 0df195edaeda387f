import { Fragment, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabelKey, type ShownField } from '../../../shared/forms/field-spec';
import { PHOTO_FIELD } from '../../../shared/forms/photos';
import { sectionFields } from '../../../shared/forms/form-schema';
import { SERVICE_FIELDS, SERVICE_SECTIONS } from '../../../shared/forms/service';
import { serviceForm } from '../../../shared/forms/service-form';
import type { PublicFormResult, ScreenData } from '../../../shared/page-data';
import { pathTo } from '../../../shared/routes';
import { useLayout } from '../../layout/use-layout';
import { ErrorSummary, FormError, HiddenFields, RequiredNote, ThankYou } from './FormParts';
import { PhotoField } from './photos/PhotoField';
import { UploadProgress } from './photos/UploadProgress';
import { withPhotoField, withPhotoParams } from './photos/photo-messages';
import { usePhotos } from './photos/use-photos';
import { schemaResolver } from './resolvers';
import { messageParamsOf } from './message-params';
import { MessageParamsProvider } from './messages';
import { SpecFields } from './SpecFields';
import { submitWhole, useFocusOnRefusal, usePublicForm, useThankYouFocus } from './use-public-form';
import { emptyValues, fieldKinds } from './values';

/** Error messages name the bounds of this form's own fields (and, per answer, the file of a refused photo). */
const SERVICE_MESSAGE_PARAMS = messageParamsOf(SERVICE_FIELDS);

const FORM = 'service';

const SERVICE_KINDS = fieldKinds(SERVICE_FIELDS);
/** The photos follow the description of the fault, which they show. */
const PHOTOS_AFTER = 'content';
/** The fields in the order the form shows them (focus goes to the first wrong one). */
const ORDER = withPhotoField(Object.keys(SERVICE_FIELDS), PHOTOS_AFTER);

/**
 * The service request: a plain form posted to its page (the server answers 400 with the errors and
 * the values, or 303 to the thank-you), checked as the visitor types with the shared schema once
 * the page runs, and then posted through the router to the same action.
 */
export function ServiceForm({ data, result, action }: { data: ScreenData<'service'>; result: PublicFormResult | undefined; action: string }) {
  const { t } = useTranslation();
  const { locale } = useLayout();
  // A signed-in visitor's details: contact, and their address as the installation's (most often it is).
  const defaults = useMemo(() => ({ ...emptyValues(SERVICE_KINDS), ...data.prefill }), [data.prefill]);
  const resolver = useMemo(() => schemaResolver(serviceForm), []);
  const publicForm = usePublicForm({ kinds: SERVICE_KINDS, defaults, resolver, result, sent: data.sent, action });
  const { form, busy, settled, submissionId, formError, formErrorParams } = publicForm;
  const formRef = useRef<HTMLFormElement>(null);
  const photos = usePhotos(data.sent);
  const messageParams = useMemo(() => withPhotoParams(SERVICE_MESSAGE_PARAMS, result?.photoRefused), [result]);
  const focusThanks = useThankYouFocus(data.sent);
  useFocusOnRefusal(result, formRef, ORDER);

  if (data.sent) {
    return (
      <ThankYou
        title={t('service.done.title')}
        text={t('service.done.text')}
        again={{ label: t('service.done.again'), to: pathTo('service', locale) }}
        focus={focusThanks}
      />
    );
  }

  const values = form.getValues();
  const errorOf = (name: string) => form.formState.errors[name]?.message as string | undefined;
  const labelOf = (name: string) => {
    const spec = SERVICE_FIELDS[name as keyof typeof SERVICE_FIELDS];
    return spec ? t(fieldLabelKey('service', name, spec, undefined)) : t('form.photos.label');
  };
  const summary = result?.errors ? ORDER.flatMap((name): [string, string][] => (errorOf(name) && name in result.errors! ? [[name, errorOf(name)!]] : [])) : [];
  const specFields = (fields: ShownField[]) => <SpecFields form={FORM} ns="service" fields={fields} values={values} publicForm={publicForm} locale={locale} />;
  const fieldsOf = (section: string) => {
    const fields = sectionFields(SERVICE_FIELDS, section, values);
    const at = fields.findIndex((field) => field.name === PHOTOS_AFTER) + 1;
    return (
      <div className="form-grid">
        {at > 0 ? (
          <>
            {specFields(fields.slice(0, at))}
            <PhotoField
              form={FORM}
              hint="form.photos.hints.service"
              photos={photos}
              error={errorOf(PHOTO_FIELD)}
              returned={Boolean(result?.errors)}
              onChange={() => form.clearErrors(PHOTO_FIELD)}
            />
            {specFields(fields.slice(at))}
          </>
        ) : (
          specFields(fields)
        )}
      </div>
    );
  };

  return (
    <MessageParamsProvider value={messageParams}>
      <form
        ref={formRef}
        method="post"
        action={action}
        // A plain post carries the chosen photos only as multipart/form-data.
        encType="multipart/form-data"
        noValidate
        className="public-form"
        aria-label={t('service.title')}
        onFocus={publicForm.startGuard}
        aria-busy={busy || undefined}
        data-settled={settled}
        onSubmit={submitWhole(publicForm, formRef, ORDER, photos.files)}
      >
        <FormError message={formError} params={formErrorParams} />
        <ErrorSummary form={FORM} errors={summary} label={labelOf} />
        <RequiredNote />
        {SERVICE_SECTIONS.map((section) =>
          section === 'message' ? (
            <Fragment key={section}>{fieldsOf(section)}</Fragment>
          ) : (
            <fieldset key={section} className="form-group">
              <legend>{t(`service.groups.${section}`)}</legend>
              {fieldsOf(section)}
            </fieldset>
          ),
        )}
        <HiddenFields submissionId={submissionId} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('form.sending') : t('service.submit')}
          </button>
          <UploadProgress form={FORM} />
        </div>
      </form>
    </MessageParamsProvider>
  );
}
