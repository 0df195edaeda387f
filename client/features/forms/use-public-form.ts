import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors, type Resolver, type UseFormReturn } from 'react-hook-form';
import { useNavigation, useSubmit } from 'react-router';
import { PHOTO_FIELD } from '../../../shared/forms/photos';
import type { PublicFormResult } from '../../../shared/page-data';
import { useHydrated } from '../../runtime/use-hydrated';
import { createDebouncedChecks } from './debounced-checks';
import { newSubmissionId } from './submission-id';
import { GUARD_FIELDS } from '../../../shared/forms/guard';
import { useLayout } from '../../layout/use-layout';
import { honeypotValue } from './FormParts';
import { createSpamGuard } from './spam-guard';
import { fromPosted, toEntries, toFormData, type FieldKinds, type FormValues } from './values';

export interface FieldState {
  isTouched: boolean;
  isDirty: boolean;
  invalid: boolean;
}

/**
 * When a field is checked as the visitor works: while typing once it has been left (or is already
 * wrong, or was checked by Next or Send), and when left only if something was entered. An empty
 * required field the visitor merely tabbed through is pointed out by Next or Send, not on the way.
 */
export function checkOnChange(state: FieldState, wasChecked: boolean): boolean {
  return state.isTouched || state.invalid || wasChecked;
}

export function checkOnBlur(state: FieldState): boolean {
  return state.isDirty || state.invalid;
}

/** Server errors (message keys by field) in react-hook-form's shape; the form-wide one is shown apart. */
function toFieldErrors(errors: Record<string, string> | undefined): FieldErrors<FormValues> | undefined {
  if (!errors) return undefined;
  const fields = Object.entries(errors).filter(([name]) => name !== 'form');
  return fields.length ? Object.fromEntries(fields.map(([name, message]) => [name, { type: 'server', message }])) : undefined;
}

/** Debounced checks of single fields, and whether none is waiting or running; all dropped when the form goes away. */
function useDebouncedTrigger(trigger: (name: string) => Promise<boolean>) {
  const [settled, setSettled] = useState(true);
  const [checks] = useState(() => createDebouncedChecks(trigger, setSettled));
  useEffect(() => () => checks.cancel(), [checks]);
  return { schedule: checks.schedule, settled };
}

/** A new id once the form is in the browser, and again after each success (the next filling-in). */
function useSubmissionId(sent: boolean): string {
  const [id, setId] = useState('');
  useEffect(() => setId(newSubmissionId()), [sent]);
  return id;
}

/**
 * Focus leaves a field for its form's submit button (pressed with a mouse): the submit checks every
 * field at once. A check of this field alone would show its error 20 ms into the press, above the
 * button, moving the button from under the pointer before the release: the click, and the post, lost.
 */
function leavesForSubmit(event: FocusEvent): boolean {
  const next = event.relatedTarget;
  return next instanceof HTMLButtonElement && next.type === 'submit' && next.form !== null && next.form === (event.target as HTMLInputElement | null)?.form;
}

/** Moves focus to the first of these fields that is on screen in the form (an error the visitor must see). */
export function focusFirst(form: HTMLFormElement | null, names: readonly string[]): void {
  for (const name of names) {
    const control = form?.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`);
    if (control) {
      control.focus();
      return;
    }
  }
}

/**
 * When the server refuses a post the browser made (a 400 with errors), focus goes to the first
 * wrong field, in the order the form shows them. A page that arrives with errors (a plain post
 * without JavaScript) keeps its focus at the top, where the list of errors is.
 */
export function useFocusOnRefusal(result: PublicFormResult | undefined, form: React.RefObject<HTMLFormElement | null>, order: readonly string[]): void {
  // Mounted in the browser with an answer (the footer's signup lands on the newsletter page): focus too.
  const seen = useRef(useHydrated() ? undefined : result);
  useEffect(() => {
    if (result === seen.current) return;
    seen.current = result;
    const errors = result?.errors;
    if (errors)
      focusFirst(
        form.current,
        order.filter((name) => name in errors),
      );
  }, [result, form, order]);
}

/**
 * Whether the thank-you takes focus: when it replaces a form this page showed, or the page was
 * reached in the browser (the footer's signup lands on the newsletter page), so a screen reader
 * reads it and the keyboard goes on from it. Not on a fresh page load, which starts at the top.
 */
export function useThankYouFocus(sent: boolean): boolean {
  const mountedInBrowser = useRef(useHydrated()).current;
  const showedForm = useRef(!sent);
  useEffect(() => {
    if (!sent) showedForm.current = true;
  });
  return mountedInBrowser || showedForm.current;
}

export interface PublicFormOptions {
  kinds: FieldKinds;
  /** A blank form, with a signed-in visitor's details filled in. */
  defaults: FormValues;
  resolver: Resolver<FormValues>;
  /** This form's own answer from its action (400: errors and the values posted). */
  result: PublicFormResult | undefined;
  /** The page shows the thank-you: the post succeeded. */
  sent: boolean;
  /** The path the form posts to. */
  action: string;
}

export interface PublicForm {
  form: UseFormReturn<FormValues>;
  /** Registers a field with the debounced checking; spread on the input. */
  field: (name: string) => ReturnType<UseFormReturn<FormValues>['register']>;
  /** Tells the form a controlled field changed (the multi-select), for the same checking. */
  changed: (name: string) => void;
  /** Checks fields now (Next, Send) and makes later changes to them checked as typed. */
  check: (names?: string[]) => Promise<boolean>;
  submissionId: string;
  /** This form is being posted. */
  busy: boolean;
  /** No check is waiting (debounced) or running: the errors shown are those of the values shown. */
  settled: boolean;
  /**
   * Posts fields through the router, to the same action a plain form posts to; with files (photos),
   * as multipart/form-data, each under `PHOTO_FIELD`, with its upload's progress published.
   */
  send: (entries: [string, string][], website: string, files?: readonly File[]) => void;
  /** A problem with the whole form (the service is unavailable, too many posts), as a message key, and its parameters. */
  formError: string | undefined;
  formErrorParams: { count: number } | undefined;
  /** For the form's `onFocus`: the visitor starts filling it in (spam-guard.ts). */
  startGuard: () => void;
  /** A form of steps tells whether its last one is on screen (a form of one step is always on it). */
  onLastStep: (last: boolean) => void;
}

/**
 * The state of a public form: react-hook-form over the shared schema (values, errors, touched and
 * dirty fields, settled, submitting), fed with what the server answered (the values posted and its errors,
 * so a 400 shows like a failed check in the browser), checked as the visitor types, and reset after
 * a success. Values of fields that leave the screen are kept (`shouldUnregister: false`).
 */
export function usePublicForm({ kinds, defaults, resolver, result, sent, action }: PublicFormOptions): PublicForm {
  const [initial] = useState(() => fromPosted(kinds, result?.values, defaults));
  const serverErrors = useMemo(() => toFieldErrors(result?.errors), [result]);
  const form = useForm<FormValues>({
    defaultValues: initial,
    resolver,
    // Checking is driven below (debounced); the library's own on-change checks would not wait.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldUnregister: false,
    // Focus goes to the first wrong field on screen (see focusFirst), never to a step that is not shown.
    shouldFocusError: false,
    errors: serverErrors,
  });
  // Read during render: react-hook-form tracks touched and dirty fields (for getFieldState) only then.
  void form.formState.touchedFields;
  void form.formState.dirtyFields;
  /** Fields Next or Send has checked (all of them after Send): from then on they are checked as typed. */
  const checked = useRef<Set<string> | 'all'>(new Set());
  const { schedule, settled } = useDebouncedTrigger(form.trigger);
  const { getFieldState, register } = form;

  const changed = useCallback(
    (name: string) => {
      const done = checked.current;
      if (checkOnChange(getFieldState(name), done === 'all' || done.has(name))) schedule(name);
    },
    [getFieldState, schedule],
  );

  const field = useCallback(
    (name: string) =>
      register(name, {
        onChange: () => changed(name),
        onBlur: (event: FocusEvent) => {
          if (checkOnBlur(getFieldState(name)) && !leavesForSubmit(event)) schedule(name);
        },
      }),
    [register, getFieldState, schedule, changed],
  );

  const check = useCallback(
    (names?: string[]) => {
      if (!names) checked.current = 'all';
      else if (checked.current !== 'all') for (const name of names) checked.current.add(name);
      return form.trigger(names);
    },
    [form],
  );

  const submissionId = useSubmissionId(sent);

  // After a success the form starts over: blank (signed-in details again), unchecked, a new id.
  const wasSent = useRef(sent);
  useEffect(() => {
    if (sent && !wasSent.current) {
      form.reset(defaults);
      checked.current = new Set();
    }
    wasSent.current = sent;
  }, [sent, form, defaults]);

  const { guard, startGuard, onLastStep, pageToken } = useSpamGuard(result);
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formAction === action;
  const send = useCallback(
    (entries: [string, string][], website: string, files: readonly File[] = []) => {
      void guard.fields(pageToken).then((guardFields) => {
        const body = toFormData([...entries, ['submissionId', submissionId], [GUARD_FIELDS.honeypot, website], ...guardFields]);
        for (const file of files) body.append(PHOTO_FIELD, file, file.name);
        void submit(body, { method: 'post', action, encType: files.length ? 'multipart/form-data' : 'application/x-www-form-urlencoded' });
      });
    },
    [submit, submissionId, action, guard, pageToken],
  );

  return {
    form,
    field,
    changed,
    check,
    submissionId,
    busy,
    settled: settled && !form.formState.isValidating,
    send,
    formError: result?.errors?.form,
    formErrorParams: result?.retryAfterMinutes === undefined ? undefined : { count: result.retryAfterMinutes },
    startGuard,
    onLastStep,
  };
}

/**
 * The form's spam guard: started when the visitor first focuses the form, solving its proof of work
 * once the last step is open and the visitor has started; a token the server handed back is adopted.
 */
function useSpamGuard(result: PublicFormResult | undefined) {
  const [guard] = useState(createSpamGuard);
  const started = useRef(false);
  const last = useRef(true);
  const { formToken } = useLayout();
  const pageToken = result?.formToken ?? formToken;
  useEffect(() => {
    if (result?.formToken) guard.adopt(result.formToken);
  }, [guard, result]);
  const solveIfDue = useCallback(() => {
    if (started.current && last.current) guard.solve();
  }, [guard]);
  const startGuard = useCallback(() => {
    started.current = true;
    guard.start();
    solveIfDue();
  }, [guard, solveIfDue]);
  const onLastStep = useCallback(
    (isLast: boolean) => {
      last.current = isLast;
      solveIfDue();
    },
    [solveIfDue],
  );
  return { guard, startGuard, onLastStep, pageToken };
}

/**
 * The submit handler of a one-step form: everything is checked, focus goes to the first wrong field,
 * else the fields of `order` are posted, with the form's `files` when it takes photos.
 */
export function submitWhole(
  { form, check, busy, send }: PublicForm,
  formRef: React.RefObject<HTMLFormElement | null>,
  order: readonly string[],
  files?: () => File[],
) {
  return (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    void check().then((ok) => {
      if (!ok)
        focusFirst(
          formRef.current,
          order.filter((name) => form.getFieldState(name).invalid),
        );
      else send(toEntries(form.getValues(), order), honeypotValue(formRef.current), files?.());
    });
  };
}
