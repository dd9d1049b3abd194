// The critical CSS of every published page, inlined once in <head> (budget: HTML plus critical
// CSS at most 14 KB before images). Swiping is CSS scroll-snap: a vertical scroller of rows, each
// row a horizontal scroller of its pages, so it works with JavaScript off. Overlays (menu,
// language list, product panels, company information) open with <details> or :target, no script.
// Class names are short on purpose: they repeat once per page.

export const CSS = `
*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;height:100%;background:#111;color:#fff;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans JP","Noto Sans KR","Noto Sans SC",sans-serif;-webkit-text-size-adjust:100%}
body{overflow:hidden}
a{color:inherit}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.fr{position:relative;height:100%;margin:0 auto;overflow:hidden;background:#000}
.m .fr{max-width:500px;box-shadow:0 0 60px rgba(0,0,0,.6)}
.gr{height:100%;overflow-y:auto;overflow-x:hidden;scroll-snap-type:y mandatory;overscroll-behavior:contain;scrollbar-width:none}
.rw{height:100%;display:flex;overflow-x:auto;overflow-y:hidden;overscroll-behavior-x:none;scroll-snap-type:x mandatory;scroll-snap-align:start;scroll-snap-stop:always;scrollbar-width:none}
.gr::-webkit-scrollbar,.rw::-webkit-scrollbar{display:none}
.pg{position:relative;flex:0 0 100%;height:100%;scroll-snap-align:start;scroll-snap-stop:always;overflow:hidden;background:#1c1c1e}
.pg:lang(ja){word-break:auto-phrase}
.pg>picture img,.pg>video,.pg>img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.hd{position:absolute;z-index:5;top:0;left:0;right:0;display:flex;align-items:center;gap:8px;padding:10px 12px;padding-top:max(10px,env(safe-area-inset-top));background:linear-gradient(rgba(0,0,0,.45),transparent);pointer-events:none}
.hd>*{pointer-events:auto}
.lo{display:block;height:36px;margin-right:auto}
.lo img{height:36px;width:auto;display:block}
.sp{margin-right:auto}
details>summary{list-style:none;cursor:pointer}
details>summary::-webkit-details-marker{display:none}
.ch{display:inline-flex;align-items:center;gap:4px;height:34px;padding:0 12px;border-radius:17px;background:rgba(0,0,0,.45);backdrop-filter:blur(8px);font-size:13px;font-weight:600;color:#fff;border:1px solid rgba(255,255,255,.25)}
.dd{position:relative}
.dl{position:absolute;right:0;top:40px;min-width:150px;padding:6px;border-radius:12px;background:rgba(20,20,22,.96);box-shadow:0 10px 30px rgba(0,0,0,.4)}
.dl a{display:block;padding:10px 12px;border-radius:8px;text-decoration:none;font-size:14px}
.dl a:hover,.dl a:focus-visible,.dl a[aria-current]{background:rgba(255,255,255,.12)}
.mn .dl{min-width:200px;max-height:calc(100vh - 80px);overflow-y:auto}
.mh{margin:10px 12px 2px;font-size:11px;font-weight:700;opacity:.6}
.mk{display:block;margin-top:2px;font-size:11px;font-weight:400;opacity:.7}
.pc{position:absolute;z-index:3;top:58px;right:12px;padding:3px 9px;border-radius:10px;background:rgba(0,0,0,.4);font-size:12px;font-variant-numeric:tabular-nums}
.tx{position:absolute;z-index:2;left:0;right:0;bottom:0;padding:90px 20px 116px;background:linear-gradient(transparent,rgba(0,0,0,.55));text-align:center}
.mt{margin:0 0 8px;font-size:clamp(20px,6vw,28px);font-weight:700;line-height:1.35;white-space:pre-line;text-shadow:0 1px 8px rgba(0,0,0,.45)}
.pr{margin:0 0 14px;font-size:20px;font-weight:700;text-shadow:0 1px 6px rgba(0,0,0,.45)}
.bt{display:inline-block;min-width:200px;max-width:100%;padding:14px 26px;border-radius:999px;font-weight:700;font-size:16px;text-decoration:none;box-shadow:0 6px 20px rgba(0,0,0,.3);transition:transform .15s}
.bt:active{transform:scale(.97)}
button.bt{border:0;font-family:inherit;line-height:inherit;cursor:pointer}
.bi{min-width:0;padding:0;border-radius:0;background:none;box-shadow:none}.bi img{display:block;width:auto;max-width:100%;height:auto;max-height:30vh;margin:0 auto}
.ar{position:absolute;z-index:3;display:grid;place-items:center;width:40px;height:40px;border-radius:50%;background:rgba(0,0,0,.25);text-decoration:none;transition:opacity .6s}
.ar svg{width:22px;height:22px;fill:none;stroke:currentColor;stroke-width:2.5;stroke-linecap:round;stroke-linejoin:round}
.au{top:96px;left:50%;margin-left:-20px}.ad{bottom:62px;left:50%;margin-left:-20px}.al{left:8px;top:50%;margin-top:-20px}.aa{right:8px;top:50%;margin-top:-20px}
.fd .ar{opacity:0;pointer-events:none}
.hs{position:absolute;z-index:3;display:grid;place-items:center;width:30px;height:30px;margin:-15px 0 0 -15px;border-radius:50%;background:#fff;color:#111;font-weight:700;font-size:14px;text-decoration:none;box-shadow:0 0 0 6px rgba(255,255,255,.35);animation:hp 2s infinite}
@keyframes hp{50%{box-shadow:0 0 0 11px rgba(255,255,255,.12)}}
.bb{position:absolute;z-index:4;left:0;right:0;bottom:0;display:flex;align-items:center;gap:6px;padding:10px 12px;padding-bottom:max(10px,env(safe-area-inset-bottom))}
.sn{display:grid;place-items:center;width:34px;height:34px;border-radius:50%;background:rgba(0,0,0,.45);color:#fff}
.sn svg{width:18px;height:18px;fill:currentColor}
.cb{margin-left:auto;text-decoration:none}
.lk{position:absolute;inset:0;z-index:2;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:14px;padding:24px;background:linear-gradient(160deg,#2b2d42,#111);text-align:center}
.lk svg{width:48px;height:48px;fill:none;stroke:#fff;stroke-width:1.8}
.lk p{margin:0;font-size:18px;font-weight:700}
.lk div{display:flex;gap:10px;flex-wrap:wrap;justify-content:center}
.lb{display:inline-block;padding:12px 22px;border-radius:999px;background:#fff;color:#111;font-weight:700;text-decoration:none}
.lb+.lb{background:transparent;color:#fff;border:1px solid #fff}
.bd{position:absolute;z-index:6;top:58px;left:12px;display:grid;place-items:center;width:26px;height:26px;border-radius:13px;background:#f59f00;color:#111}.bd svg{width:15px;height:15px;fill:none;stroke:currentColor;stroke-width:2.4}
.ov{position:fixed;z-index:20;inset:0;display:none;align-items:flex-end;justify-content:center;background:rgba(0,0,0,.55)}
.ov:target{display:flex}
.sh{position:relative;width:100%;max-width:500px;max-height:88%;overflow:auto;padding:22px 20px 28px;border-radius:20px 20px 0 0;background:#fff;color:#111}
.sh h2{margin:0 40px 12px 0;font-size:19px}
.x{position:absolute;top:12px;right:12px;display:grid;place-items:center;width:36px;height:36px;border-radius:50%;background:#f1f3f5;color:#111;text-decoration:none;font-size:22px;line-height:1}
.pi{width:100%;max-height:260px;object-fit:contain;border-radius:12px;background:#f8f9fa;margin-bottom:12px}
.pp{margin:0 0 10px;font-size:20px;font-weight:700}
.pd{margin:0 0 16px;white-space:pre-line;line-height:1.6;color:#444}
.sh .bt{display:block;text-align:center}
.ct{border-top:1px solid #e9ecef}
.ct summary{padding:14px 2px;font-weight:700;display:flex;justify-content:space-between}
.ct summary::after{content:"+";font-weight:400}
.ct[open] summary::after{content:"−"}
.ct div{padding:0 2px 16px;white-space:pre-line;line-height:1.7;color:#333;font-size:14px}
.ct a{color:#1c7ed6;word-break:break-all}
.pu{position:absolute;z-index:8;left:12px;right:12px;bottom:64px;display:flex;align-items:center;gap:12px;padding:10px;border-radius:16px;background:rgba(255,255,255,.97);color:#111;box-shadow:0 12px 40px rgba(0,0,0,.35)}
.pu[hidden]{display:none}
.pb .tx{padding-bottom:196px}.pb .ad{bottom:142px}
.pu.tp{top:100px;bottom:auto}
.pu img{width:64px;height:64px;border-radius:10px;object-fit:cover;flex:none}
.pu .pb{flex:1;min-width:0}
.pu .bt{min-width:0;display:block;padding:11px 14px;font-size:15px;text-align:center;box-shadow:none}
.pu .cd{display:block;margin-top:5px;font-size:12px;font-weight:700;color:#e03131;text-align:center}
.pu .cd:empty{display:none}
.pu .x{position:static;flex:none;width:30px;height:30px;font-size:18px}
@media (prefers-reduced-motion:reduce){.hs{animation:none}.gr,.rw{scroll-behavior:auto}}
@media (min-width:1024px){.m .hd,.m .bb{max-width:500px}}
`
  .replace(/\n/g, '')
  .trim();

/** The not-found page's own few rules. */
export const NOT_FOUND_CSS =
  'body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f8f9fa;color:#212529;font-family:system-ui,-apple-system,"Hiragino Sans",sans-serif;text-align:center;padding:24px}h1{font-size:22px;margin:0 0 8px}p{margin:0;color:#6c757d;line-height:1.6}b{display:block;font-size:64px;color:#ced4da;margin-bottom:12px}';
