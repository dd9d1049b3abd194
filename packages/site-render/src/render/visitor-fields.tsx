import { BUILT_IN_FIELD_TITLES, type TSiteLanguage } from '@swipe/contracts/sites';
import type { TFormFieldView } from '@swipe/contracts/visitor-forms';
import type { ReactNode } from 'react';
import type { TAgreement } from './visitor-page';
import type { VISITOR_TEXTS } from './visitor-texts';

// The pieces of a visitor form: a creator's field of any type, the agreement to the terms, the
// email field, messages and the submit button. Every message is tied to its field
// (aria-invalid, aria-describedby), so it is read out with it.

export type TT = (typeof VISITOR_TEXTS)[TSiteLanguage];

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p className="er" id={`e-${id}`}>
      {message}
    </p>
  ) : null;
}

export const described = (id: string, error?: string) =>
  error ? { 'aria-invalid': true as const, 'aria-describedby': `e-${id}` } : {};

export function Label({
  t,
  htmlFor,
  title,
  required,
}: {
  t: TT;
  htmlFor: string;
  title: string;
  required: boolean;
}) {
  return (
    <label htmlFor={htmlFor}>
      {title}
      <span className={required ? 'rq' : 'op'}>{required ? t.required : t.optional}</span>
    </label>
  );
}

const wireName = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** One field of a creator's form, as the visitor fills it. */
export function Field(props: {
  t: TT;
  field: TFormFieldView;
  value: string | string[] | undefined;
  error?: string;
  register: boolean;
}) {
  const { t, field, value, error } = props;
  const id = `f-${field.key}`;
  const name = wireName(field.key);
  const required = field.isRequired || field.builtIn !== null;
  // A built-in field keeps its title in the page's language until the creator renames it.
  const title =
    field.builtIn && field.title === BUILT_IN_FIELD_TITLES[field.builtIn]
      ? t.builtIn[field.builtIn]
      : field.title;
  const text = Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  if (field.typeInput === 'SELECT_OPTIONS') {
    const chosen = new Set(Array.isArray(value) ? value : value ? [value] : []);
    return (
      <fieldset className="fd" {...described(field.key, error)}>
        <legend>
          {title}
          <span className={required ? 'rq' : 'op'}>{required ? t.required : t.optional}</span>
        </legend>
        {field.options.map((o, i) => (
          <label key={o.value} className="ck">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              id={`${id}-${i}`}
              defaultChecked={chosen.has(o.value)}
            />
            <span>{o.value}</span>
          </label>
        ))}
        <FieldError id={field.key} message={error} />
      </fieldset>
    );
  }
  const common = { id, name, required, ...described(field.key, error) };
  let input: ReactNode;
  if (field.typeInput === 'SELECT')
    input = (
      <select {...common} defaultValue={text}>
        <option value="">{field.placeholder || t.choose}</option>
        {field.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.value}
          </option>
        ))}
      </select>
    );
  else if (field.builtIn === 'PASSWORD' || field.builtIn === 'CONFIRM_PASSWORD')
    input = (
      <input
        {...common}
        type="password"
        autoComplete={props.register ? 'new-password' : 'current-password'}
        maxLength={20}
        placeholder={field.placeholder || undefined}
      />
    );
  else
    input = (
      <input
        {...common}
        type={field.builtIn === 'EMAIL' ? 'email' : 'text'}
        inputMode={field.typeInput === 'NUMBER' ? 'decimal' : undefined}
        autoComplete={
          field.builtIn === 'EMAIL' ? 'email' : field.builtIn === 'COMPANY' ? 'organization' : undefined
        }
        maxLength={256}
        placeholder={field.placeholder || undefined}
        defaultValue={text}
      />
    );
  return (
    <div className="fl">
      <Label t={t} htmlFor={id} title={title} required={required} />
      {input}
      {field.builtIn === 'PASSWORD' && props.register && <p className="hn">{t.passwordHint}</p>}
      <FieldError id={field.key} message={error} />
    </div>
  );
}

export function Agreement({
  t,
  agreement,
  agreed,
  error,
}: {
  t: TT;
  agreement: TAgreement;
  agreed: boolean;
  error?: string;
}) {
  if (!agreement.shown || (!agreement.termsOfService && !agreement.privacyPolicy && !agreement.required))
    return null;
  return (
    <div className="ag">
      {agreement.termsOfService && (
        <details>
          <summary>{t.agree.terms}</summary>
          <div className="lg">{agreement.termsOfService}</div>
        </details>
      )}
      {agreement.privacyPolicy && (
        <details>
          <summary>{t.agree.privacy}</summary>
          <div className="lg">{agreement.privacyPolicy}</div>
        </details>
      )}
      {agreement.required && (
        <>
          <label className="ck">
            <input
              type="checkbox"
              name="agree"
              value="true"
              defaultChecked={agreed}
              {...described('agree', error)}
            />
            <span>{t.agree.label}</span>
          </label>
          <FieldError id="agree" message={error} />
        </>
      )}
    </div>
  );
}

export function Submit({ t, label, className = 'pb' }: { t: TT; label: string; className?: string }) {
  return (
    <button type="submit" className={className} data-label={label} data-sending={t.sending}>
      {label}
    </button>
  );
}

export function Alert({ message, kind = 'error' }: { message?: string; kind?: 'error' | 'ok' }) {
  return message ? (
    kind === 'ok' ? (
      <output className="ok">{message}</output>
    ) : (
      <div className="al" role="alert">
        {message}
      </div>
    )
  ) : null;
}

/** The visitor's email address (sign-in, resend, survey), with its message and an optional hint. */
export function EmailField(props: { t: TT; title: string; value: string; error?: string; hint?: string }) {
  return (
    <div className="fl">
      <Label t={props.t} htmlFor="f-email" title={props.title} required />
      <input
        id="f-email"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={256}
        defaultValue={props.value}
        {...described('email', props.error)}
      />
      {props.hint && <p className="hn">{props.hint}</p>}
      <FieldError id="email" message={props.error} />
    </div>
  );
}
