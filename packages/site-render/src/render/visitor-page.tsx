import { seoOf, type TSiteDocument, type TSiteLanguage } from '@swipe/contracts/sites';
import type { TEndUserSurvey } from '@swipe/contracts/surveys';
import type { TFormFieldView } from '@swipe/contracts/visitor-forms';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { languagePath } from './parts';
import { HTML_LANG, LANGUAGE_NAMES } from './texts';
import {
  Agreement,
  Alert,
  described,
  EmailField,
  Field,
  FieldError,
  Label,
  Submit,
  type TT,
} from './visitor-fields';
import { VISITOR_CSS } from './visitor-styles';
import { VISITOR_TEXTS } from './visitor-texts';

// The visitor screens (member registration, temporary-registration-done, visitor login,
// contact form, form-success, survey): whole HTML documents rendered on the server, plain forms
// that post to their own address and work without JavaScript. Everything a visitor
// typed comes back as text (React escapes it); validation messages arrive translated.

export type TAnswerValues = Record<string, string | string[]>;
/** Field key to its (translated) message. */
export type TFieldErrors = Record<string, string>;
export type TAgreement = { shown: boolean; required: boolean; termsOfService: string; privacyPolicy: string };

export type TVisitorView =
  | {
      kind: 'register' | 'contact' | 'forms';
      fields: TFormFieldView[];
      agreement: TAgreement;
      values: TAnswerValues;
      agreed: boolean;
      errors: TFieldErrors;
      formError?: string;
      requestKey?: string;
    }
  | { kind: 'register-success'; email: string; notice?: string; errors: TFieldErrors; formError?: string }
  | { kind: 'register-confirm'; token: string; state: 'ASK' | 'DONE' | 'INVALID'; message?: string }
  | { kind: 'login'; email: string; to?: string; notice?: string; errors: TFieldErrors; formError?: string }
  | { kind: 'contact-success' | 'form-success' }
  | {
      kind: 'survey';
      survey: TEndUserSurvey;
      email: string;
      chosen: Record<string, string[]>;
      errors: TFieldErrors;
      formError?: string;
      requestKey: string;
    }
  | { kind: 'survey-result'; title: string; totalScore: number; maxScore: number; resultText: string }
  | { kind: 'notice'; title: string; body: string };

export type TVisitorPageInput = {
  doc: TSiteDocument;
  lang: TSiteLanguage;
  /** The site's root without a trailing slash (as TRenderInput.basePath). */
  basePath: string;
  logoUrl: string | null;
  /** The signed-in member of this site, if any. */
  member: { email: string } | null;
  /** The page's own path under the language root ('contact'), for the language links. */
  page: string;
  /** Query kept by the language links (the survey id). */
  query?: Record<string, string>;
  /** The forms runtime (a deferred script; the page works without it). */
  scriptUrl?: string;
  view: TVisitorView;
};

/** The root of a language's visitor pages: '/sites/x/en', '/sites/x', '' on a custom domain. */
/** The address of the site's page in a language, as the site links to it. */
export { languagePath };

export const visitorRoot = (input: Pick<TVisitorPageInput, 'basePath' | 'doc'>, lang: TSiteLanguage) =>
  languagePath(input, lang).replace(/\/$/, '');

function Body({ input, t, root }: { input: TVisitorPageInput; t: TT; root: string }): ReactNode {
  const { view } = input;
  const siteHref = languagePath(input, input.lang);
  switch (view.kind) {
    case 'register':
    case 'contact':
    case 'forms': {
      const texts = view.kind === 'register' ? t.register : t[view.kind];
      const showSummary =
        view.formError ?? (Object.keys(view.errors).length > 0 ? t.errorSummary : undefined);
      return (
        <>
          <h1>{texts.title}</h1>
          <p className="in">{texts.intro}</p>
          <Alert message={showSummary} />
          <form method="post" action={`${root}/${view.kind}`} noValidate data-vf="">
            {view.requestKey && <input type="hidden" name="request_key" value={view.requestKey} />}
            {view.fields.map((f) => (
              <Field
                key={f.key}
                t={t}
                field={f}
                value={view.values[f.key]}
                error={view.errors[f.key]}
                register={view.kind === 'register'}
              />
            ))}
            <Agreement t={t} agreement={view.agreement} agreed={view.agreed} error={view.errors.agree} />
            <Submit t={t} label={view.kind === 'register' ? t.register.submit : t.send} />
          </form>
          {view.kind === 'register' && (
            <p className="lk">
              {t.register.haveAccount} <a href={`${root}/login`}>{t.register.signIn}</a>
            </p>
          )}
        </>
      );
    }
    case 'register-success':
      return (
        <>
          <div className="ic" aria-hidden="true">
            ✉
          </div>
          <h1>{t.registerSuccess.title}</h1>
          <p className="in">{t.registerSuccess.body}</p>
          <Alert message={view.notice} kind="ok" />
          <Alert message={view.formError} />
          <form method="post" action={`${root}/register-success`} noValidate className="rs">
            <p className="hn">{t.registerSuccess.resendIntro}</p>
            <EmailField t={t} title={t.login.email} value={view.email} error={view.errors.email} />
            <Submit t={t} label={t.registerSuccess.resend} className="sb" />
          </form>
        </>
      );
    case 'register-confirm':
      return view.state === 'ASK' ? (
        <>
          <h1>{t.confirm.title}</h1>
          <p className="in">{t.confirm.intro}</p>
          <form method="post" action={`${root}/register-confirm`}>
            <input type="hidden" name="token" value={view.token} />
            <Submit t={t} label={t.confirm.submit} />
          </form>
        </>
      ) : view.state === 'DONE' ? (
        <>
          <div className="ic ok" aria-hidden="true">
            ✓
          </div>
          <h1>{t.confirm.done}</h1>
          <Alert message={view.message} kind="ok" />
          <a className="pb" href={`${root}/login`}>
            {t.confirm.signIn}
          </a>
        </>
      ) : (
        <>
          <h1>{t.confirm.title}</h1>
          <Alert message={view.message} />
          <a className="sb" href={`${root}/register-success`}>
            {t.registerSuccess.resend}
          </a>
        </>
      );
    case 'login':
      return (
        <>
          <h1>{t.login.title}</h1>
          <p className="in">{t.login.intro}</p>
          <Alert message={view.notice} kind="ok" />
          <Alert message={view.formError} />
          <form
            method="post"
            action={`${root}/login${view.to ? `?to=${encodeURIComponent(view.to)}` : ''}`}
            noValidate
          >
            <EmailField t={t} title={t.login.email} value={view.email} error={view.errors.email} />
            <div className="fl">
              <Label t={t} htmlFor="f-password" title={t.login.password} required />
              <input
                id="f-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                maxLength={50}
                {...described('password', view.errors.password)}
              />
              <FieldError id="password" message={view.errors.password} />
            </div>
            <Submit t={t} label={t.login.submit} />
          </form>
          <p className="lk">
            {t.login.noAccount} <a href={`${root}/register`}>{t.login.register}</a>
          </p>
          <p className="lk">
            <a href={`${root}/register-success`}>{t.login.noMail}</a>
          </p>
        </>
      );
    case 'contact-success':
    case 'form-success':
      return (
        <>
          <div className="ic ok" aria-hidden="true">
            ✓
          </div>
          <h1>{t.success.title}</h1>
          <p className="in">{t.success.body}</p>
          <a className="pb" href={siteHref}>
            {t.backToSite}
          </a>
        </>
      );
    case 'survey': {
      const s = view.survey;
      const showSummary =
        view.formError ?? (Object.keys(view.errors).length > 0 ? t.errorSummary : undefined);
      return (
        <>
          <h1>{s.title}</h1>
          {s.description && <p className="in lg">{s.description}</p>}
          <Alert message={showSummary} />
          <form method="post" action={`${root}/survey?id=${encodeURIComponent(s.id)}`} noValidate data-vf="">
            <input type="hidden" name="request_key" value={view.requestKey} />
            {s.questions.map((q, n) => {
              const key = `q_${q.id}`;
              const chosen = new Set(view.chosen[q.id] ?? []);
              return (
                <fieldset key={q.id} className="fd qs" {...described(key, view.errors[key])}>
                  <legend>
                    <span className="qn">Q{n + 1}.</span> {q.text}
                    <span className={q.isRequired ? 'rq' : 'op'}>
                      {q.isRequired ? t.required : t.optional}
                    </span>
                  </legend>
                  {q.multiple && <p className="hn">{t.survey.several}</p>}
                  {q.options.map((o) => (
                    <label key={o.id} className="ck op2">
                      <input
                        type={q.multiple ? 'checkbox' : 'radio'}
                        name={key}
                        value={o.id}
                        defaultChecked={chosen.has(o.id)}
                      />
                      <span>{o.label}</span>
                    </label>
                  ))}
                  <FieldError id={key} message={view.errors[key]} />
                </fieldset>
              );
            })}
            <EmailField
              t={t}
              title={t.survey.email}
              value={view.email}
              error={view.errors.email}
              hint={t.survey.emailHint}
            />
            <Submit t={t} label={t.survey.submit} />
          </form>
        </>
      );
    }
    case 'survey-result':
      return (
        <>
          <p className="ey">{t.survey.result}</p>
          <h1>{view.title}</h1>
          <output className="sc">
            <span>{t.survey.score}</span>
            <b data-score={view.totalScore}>{view.totalScore}</b>
            <small>/ {view.maxScore}</small>
          </output>
          {view.resultText && <p className="in lg">{view.resultText}</p>}
          <a className="pb" href={siteHref}>
            {t.backToSite}
          </a>
        </>
      );
    case 'notice':
      return (
        <>
          <h1>{view.title}</h1>
          <p className="in">{view.body}</p>
          <a className="pb" href={siteHref}>
            {t.backToSite}
          </a>
        </>
      );
  }
}

/** The title a visitor page shows in the browser tab. */
function pageTitle(input: TVisitorPageInput, t: TT): string {
  const v = input.view;
  const own =
    v.kind === 'register' || v.kind === 'register-confirm'
      ? t.register.title
      : v.kind === 'register-success'
        ? t.registerSuccess.title
        : v.kind === 'login'
          ? t.login.title
          : v.kind === 'contact' || v.kind === 'forms'
            ? t[v.kind].title
            : v.kind === 'survey' || v.kind === 'survey-result'
              ? v.kind === 'survey'
                ? v.survey.title
                : v.title
              : v.kind === 'notice'
                ? v.title
                : t.success.title;
  const site = seoOf(input.doc, input.lang).title || input.doc.name;
  return `${own} | ${site}`;
}

/** A visitor page of a site as a whole HTML document. */
export function renderVisitorPage(input: TVisitorPageInput): string {
  const { doc, lang } = input;
  const t = VISITOR_TEXTS[lang];
  const root = visitorRoot(input, lang);
  const qs = input.query ? `?${new URLSearchParams(input.query).toString()}` : '';
  const html = renderToStaticMarkup(
    <html lang={HTML_LANG[lang]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover" />
        <meta name="robots" content="noindex" />
        <title>{pageTitle(input, t)}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant CSS */}
        <style dangerouslySetInnerHTML={{ __html: VISITOR_CSS }} />
        {input.scriptUrl && <script src={input.scriptUrl} defer />}
      </head>
      <body>
        <header className="vh2">
          <a className="bk" href={languagePath(input, lang)}>
            {input.logoUrl ? <img src={input.logoUrl} alt={doc.name} height={32} /> : <span>{doc.name}</span>}
          </a>
          {doc.languages.length > 1 && (
            <nav className="ln" aria-label="Language">
              {doc.languages.map((l) => (
                <a
                  key={l}
                  href={`${visitorRoot(input, l)}/${input.page}${qs}`}
                  hrefLang={HTML_LANG[l]}
                  lang={HTML_LANG[l]}
                  aria-current={l === lang ? 'true' : undefined}
                >
                  {LANGUAGE_NAMES[l]}
                </a>
              ))}
            </nav>
          )}
        </header>
        {input.member && (
          <form className="mb" method="post" action={`${root}/logout`}>
            <span>
              {t.signedInAs} <b>{input.member.email}</b>
            </span>
            <button type="submit">{t.signOut}</button>
          </form>
        )}
        <main className="cd">
          <Body input={input} t={t} root={root} />
        </main>
        <p className="ft">
          <a href={languagePath(input, lang)}>← {t.backToSite}</a>
        </p>
      </body>
    </html>,
  );
  return `<!doctype html>${html}`;
}
