import type { UseFormReturnType } from '@mantine/form';
import { type FormErrors, useForm } from '@mantine/form';
import type { TUiLanguage } from '@swipe/contracts/i18n';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { i18n } from '../i18n/i18n';
import { ApiError } from './api-client';
import { isCatalogueLoaded, loadCatalogue, subscribeCatalogue, translateMessage } from './catalogue';
import { notifyError } from './notify';

// Forms validate with the contracts' own Zod schemas, whose issue messages are catalogue keys
// (with {min}/{max} params), so the console and the server word every rule identically.

type TIssue = z.core.$ZodIssue & { params?: Record<string, string | number> };

/** The same reading of an issue as the server's edge: a key, else a generic key by issue code. */
export function issueText(issue: TIssue, lang: TUiLanguage): string {
  const raw = issue as TIssue & { minimum?: unknown; maximum?: unknown };
  const isKey = issue.message.includes('.') && !issue.message.includes(' ');
  const key = isKey
    ? issue.message
    : issue.code === 'too_big'
      ? 'common.tooLong'
      : issue.code === 'invalid_type'
        ? 'common.required'
        : 'common.invalid';
  const params: Record<string, string | number> = { ...raw.params };
  if (typeof raw.maximum === 'number' || typeof raw.maximum === 'bigint') params.max ??= Number(raw.maximum);
  if (typeof raw.minimum === 'number' || typeof raw.minimum === 'bigint') params.min ??= Number(raw.minimum);
  return translateMessage(key, lang, params);
}

export function zodErrors(schema: z.ZodType, values: unknown, lang: TUiLanguage): FormErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issueText(issue as TIssue, lang);
  }
  return errors;
}

/**
 * A Mantine form validated by a contracts schema: errors show on submit and when leaving an
 * edited field, clear as the user types, and are re-worded when the UI language changes (or the
 * message catalogue arrives).
 */
export function useZodForm<T extends Record<string, unknown>>(schema: z.ZodType, initialValues: T) {
  const { i18n } = useTranslation();
  const langRef = useRef(i18n.language as TUiLanguage);
  langRef.current = i18n.language as TUiLanguage;
  const form = useForm<T>({
    mode: 'controlled',
    initialValues,
    validate: (values) => zodErrors(schema, values, langRef.current),
    // Validate on leaving a field only once something was typed in it: tabbing through an
    // empty form must not paint it red before the user has done anything.
    enhanceGetInputProps: ({ field, form: f }) => ({
      onBlur: () => {
        if (f.isDirty(field)) f.validateField(field);
      },
    }),
  });
  const { errors, validateField } = form;
  const language = i18n.language;
  const catalogueLoaded = useSyncExternalStore(subscribeCatalogue, isCatalogueLoaded, isCatalogueLoaded);
  // The first key or pointer press is the moment to fetch the messages an error would need.
  useEffect(() => {
    if (isCatalogueLoaded()) return;
    const load = () => void loadCatalogue();
    const options = { once: true, capture: true, passive: true } as const;
    window.addEventListener('keydown', load, options);
    window.addEventListener('pointerdown', load, options);
    return () => {
      window.removeEventListener('keydown', load, options);
      window.removeEventListener('pointerdown', load, options);
    };
  }, []);
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run only when the wording can change
  useEffect(() => {
    for (const path of Object.keys(errorsRef.current)) validateField(path);
  }, [language, catalogueLoaded]);
  return form;
}

/**
 * Handles a failed submit of a form that asked for { toast: false }: server field errors go
 * next to their fields; anything that names no field of this form becomes the one toast.
 * Returns the error's message (for forms that also show it inline).
 */
export function reportFormError<T>(form: UseFormReturnType<T>, error: unknown): string | null {
  if (!(error instanceof ApiError)) {
    notifyError(i18n.t('apiError.request'));
    return null;
  }
  if (error.kind === 'aborted') return null;
  const values = form.getValues() as Record<string, unknown>;
  const mapped = Object.entries(error.fieldErrors).filter(([field]) => field in values);
  if (mapped.length > 0) form.setErrors(Object.fromEntries(mapped));
  else notifyError(error.message);
  return error.message;
}
