/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { isSafeUserLink } from '@swipe/contracts/site-rules';
import { DESIGN_FRAME, type TCreative } from '@swipe/contracts/sites';
import { opensMembersOnly } from './model';
import { Button, external, linkAction, linkHref, Picture, type TCtx } from './parts';
import { SNS_ICONS } from './sns-icons';
import { SoundButton } from './sound';

// One page of the grid (a creative): its media, texts, button, hotspots, arrows and bottom bar.

const ARROWS = {
  au: 'M6 15l6-6 6 6',
  ad: 'M6 9l6 6 6-6',
  al: 'M15 6l-6 6 6 6',
  aa: 'M9 6l6 6-6 6',
} as const;

function Arrow(props: { dir: keyof typeof ARROWS; to: string | undefined; colour: string; label: string }) {
  if (!props.to) return null;
  return (
    <a className={`ar ${props.dir}`} href={`#${props.to}`} style={{ color: props.colour }}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d={ARROWS[props.dir]} />
      </svg>
      <span className="vh">{props.label}</span>
    </a>
  );
}

function BottomBar(props: { ctx: TCtx; creative: TCreative }) {
  const { ctx, creative } = props;
  const content = ctx.doc.content[ctx.lang]!;
  const sns = creative.showSns ? content.sns.filter((s) => s.snsUrl) : [];
  if (sns.length === 0 && !creative.showCompany) return null;
  return (
    <div className="bb">
      {sns.map((s) => {
        const href =
          s.snsType === 'phone_number' ? `tel:${s.snsUrl.replace(/^tel:/, '').replace(/\s/g, '')}` : s.snsUrl;
        if (!isSafeUserLink(href)) return null;
        return (
          <a
            key={`${s.snsType}:${s.snsUrl}`}
            className="sn"
            href={href}
            {...(external(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            data-ev="SNS"
            data-id={s.snsType}
          >
            <svg aria-hidden="true">
              <use href={`#i-${s.snsType}`} />
            </svg>
            <span className="vh">{SNS_ICONS[s.snsType].label}</span>
          </a>
        );
      })}
      {creative.showCompany && (
        <a className="ch cb" href="#co" data-ev="COMPANY">
          {ctx.t.company}
        </a>
      )}
    </div>
  );
}

export function Page(props: {
  ctx: TCtx;
  creative: TCreative;
  index: number;
  total: number;
  neighbours: { up?: string; down?: string; left?: string; right?: string };
}) {
  const { ctx, creative, index } = props;
  const { t } = ctx;
  const media = creative.media ? ctx.media[creative.media.assetId] : undefined;
  const locked = creative.membersOnlyLock && !opensMembersOnly(ctx.mode);
  // The live canvas's field names (relative to this page); nothing on a published page.
  const edit = (field: string) => (ctx.editable ? field : undefined);
  const sizes = ctx.doc.viewMode === 'MOBILE' ? '(min-width: 500px) 500px, 100vw' : '100vw';
  const arrows = (
    <>
      <Arrow dir="au" to={props.neighbours.up} colour={creative.hoverArrowColor} label={t.up} />
      <Arrow dir="ad" to={props.neighbours.down} colour={creative.hoverArrowColor} label={t.down} />
      <Arrow dir="al" to={props.neighbours.left} colour={creative.hoverArrowColor} label={t.previous} />
      <Arrow dir="aa" to={props.neighbours.right} colour={creative.hoverArrowColor} label={t.next} />
    </>
  );
  return (
    <article
      className="pg"
      id={creative.coordinate}
      data-i={index}
      data-fade={creative.arrowFadeInterval || undefined}
      aria-label={`${index + 1} / ${props.total}`}
    >
      {ctx.doc.displayPageCount && (
        <div className="pc" aria-hidden="true">
          {index + 1} / {props.total}
        </div>
      )}
      {locked ? (
        <div className="lk">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" />
          </svg>
          <p>{t.locked}</p>
          <div>
            <a className="lb" href={`${ctx.langRoot}/login?to=${creative.coordinate}`}>
              {t.signIn}
            </a>
            <a className="lb" href={`${ctx.langRoot}/register`}>
              {t.register}
            </a>
          </div>
        </div>
      ) : (
        <>
          {media?.kind === 'VIDEO' ? (
            <video
              src={media.url}
              muted
              playsInline
              loop
              autoPlay
              preload="metadata"
              aria-label={creative.imageAlt}
            />
          ) : media ? (
            <Picture media={media} alt={creative.imageAlt} first={index === 0} sizes={sizes} />
          ) : null}
          {media?.kind === 'VIDEO' && <SoundButton ctx={ctx} />}
          {creative.membersOnlyLock && (
            <div className="bd" title={t.membersOnly}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <rect x="5" y="11" width="14" height="10" rx="2" />
                <path d="M8 11V8a4 4 0 0 1 8 0v3" />
              </svg>
              <span className="vh">{t.membersOnly}</span>
            </div>
          )}
          {(creative.mainText || creative.price || creative.linkButtonText) && (
            <div className="tx">
              {creative.mainText && (
                <p className="mt" style={{ color: creative.mainTextColor }} data-edit={edit('mainText')}>
                  {creative.mainText}
                </p>
              )}
              {creative.price && (
                <p className="pr" style={{ color: creative.priceTextColor }} data-edit={edit('price')}>
                  {creative.price}
                </p>
              )}
              <Button
                href={linkHref(creative.link, ctx.langRoot)}
                action={linkAction(creative.link)}
                image={
                  creative.buttonImage?.kind === 'IMAGE' ? ctx.media[creative.buttonImage.assetId] : undefined
                }
                text={creative.linkButtonText}
                about={creative.mainText.replace(/\s+/g, ' ').trim() || creative.imageAlt}
                colour={creative.linkButtonColor}
                textColour={creative.linkTextColor}
                ev="LINK"
                evId={creative.coordinate}
                edit={edit('linkButtonText')}
              />
            </div>
          )}
          {creative.products.map((p, i) => (
            <a
              key={p.id ?? i}
              className="hs"
              href={`#p-${creative.coordinate}-${i + 1}`}
              style={{
                left: `${(p.coordinateX / DESIGN_FRAME.width) * 100}%`,
                top: `${(p.coordinateY / DESIGN_FRAME.height) * 100}%`,
              }}
              aria-label={p.productName}
              data-ev="PRODUCT"
              data-id={`${creative.coordinate}-${i + 1}`}
              data-edit={edit(`products.${i}.productName`)}
            >
              {i + 1}
            </a>
          ))}
        </>
      )}
      {arrows}
      <BottomBar ctx={ctx} creative={creative} />
    </article>
  );
}
