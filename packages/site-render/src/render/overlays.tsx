/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { isSafeUserLink } from '@swipe/contracts/site-rules';
import { type POPUP_KINDS, popupText, type TPopupCta, type TProduct } from '@swipe/contracts/sites';
import { Button, linkAction, linkHref, type TCtx, yen } from './parts';

// What opens over the pages: product panels, the company information, the popup CTAs.

/** A product's panel: opened by its hotspot (:target), closed back to its page. */
export function ProductPanel(props: { ctx: TCtx; page: string; product: TProduct; n: number }) {
  const { ctx, product } = props;
  const image = product.image ? ctx.media[product.image.assetId] : undefined;
  const id = `p-${props.page}-${props.n}`;
  return (
    <div className="ov" id={id} role="dialog" aria-modal="true" aria-labelledby={`${id}-t`}>
      <div className="sh">
        <a className="x" href={`#${props.page}`} aria-label={ctx.t.close}>
          ×
        </a>
        {image && <img className="pi" src={image.variants[1]?.url ?? image.url} alt="" loading="lazy" />}
        <h2 id={`${id}-t`}>{product.productName}</h2>
        {product.price !== null && (
          <p className="pp">
            {yen(product.price)} <small>({ctx.t.taxIncluded})</small>
          </p>
        )}
        {product.description && <p className="pd">{product.description}</p>}
        <Button
          href={linkHref(product.link, ctx.langRoot)}
          action={linkAction(product.link)}
          text={product.linkButtonText}
          about={product.productName}
          colour={product.linkButtonColor}
          textColour={product.linkTextColor}
          ev="LINK"
          evId={id}
        />
      </div>
    </div>
  );
}

/** The company-info modal, its four tabs as an exclusive accordion (no script needed). */
export function CompanyModal({ ctx }: { ctx: TCtx }) {
  const company = ctx.doc.content[ctx.lang]!.company;
  const sections = [
    company.companyProfile,
    company.companyClause,
    company.termsOfService,
    company.privacyPolicy,
  ];
  const keys = ['COMPANY_PROFILE', 'SPECIFIC_COMMERCIAL', 'TERMS_OF_USE', 'PRIVACY_POLICY'];
  return (
    <div className="ov" id="co" role="dialog" aria-modal="true" aria-labelledby="co-t">
      <div className="sh">
        {/* biome-ignore lint/a11y/useValidAnchor: without script, '#' closes the modal and leaves the swiped position as it was */}
        <a className="x" href="#" data-close="" aria-label={ctx.t.close}>
          ×
        </a>
        <h2 id="co-t">{ctx.t.company}</h2>
        {sections.map((text, i) => (
          <details key={keys[i]} className="ct" name="co" open={i === 0} data-tab={keys[i]}>
            <summary>{ctx.t.companyTabs[i]}</summary>
            <div>
              {text}
              {i === 0 && company.companyWebsite && isSafeUserLink(company.companyWebsite) && (
                <>
                  {text ? '\n' : ''}
                  <a href={company.companyWebsite} target="_blank" rel="noopener noreferrer">
                    {company.companyWebsite}
                  </a>
                </>
              )}
            </div>
          </details>
        ))}
      </div>
    </div>
  );
}

/**
 * A popup CTA: hidden in the HTML (which is cached), shown by the runtime within its dates, on
 * its pages or when a button opens it (POPUP_CTA_TRANSITION, on any page). Its
 * image and button text are the page language's (else the default language's).
 */
export function Popup(props: { ctx: TCtx; kind: (typeof POPUP_KINDS)[number]; cta: TPopupCta }) {
  const { ctx, cta, kind } = props;
  const text = popupText(cta, ctx.lang, ctx.doc.defaultLanguage);
  const image = text.image ? ctx.media[text.image.assetId] : undefined;
  const href = linkHref(cta.link, ctx.langRoot);
  const action = linkAction(cta.link);
  return (
    <div
      className={cta.position === 'TOP' ? 'pu tp' : 'pu'}
      hidden
      data-kind={kind}
      data-start={cta.startDate ?? undefined}
      data-end={cta.endDate ?? undefined}
      data-pages={cta.effectivePages.join(',')}
      data-limit={kind === 'applicantLimit' ? cta.limit : undefined}
      data-remaining-time={cta.showRemainingTime ? '' : undefined}
    >
      {image && <img src={image.variants[0]?.url ?? image.url} alt="" loading="lazy" />}
      <div className="pb">
        <Button
          href={href}
          action={action}
          text={text.linkButtonText || (href || action ? '▶' : '')}
          colour={cta.linkButtonColor}
          textColour={cta.linkTextColor}
          ev="CTA"
          evId={kind}
          edit={ctx.editable ? `texts.${ctx.lang}.linkButtonText` : undefined}
        />
        <span className="cd" />
      </div>
      <button type="button" className="x" aria-label={ctx.t.close}>
        ×
      </button>
    </div>
  );
}
