// The CSS of the visitor pages (forms and their success pages): one column, phone first, large
// touch targets, inlined (the page's CSP allows no other style source but the site's own).

export const VISITOR_CSS = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:#f3f4f6;color:#1f2328;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans JP","Noto Sans KR","Noto Sans SC",sans-serif;font-size:16px;line-height:1.6}
a{color:#1c64d8}
.vh2{display:flex;align-items:center;gap:12px;padding:12px max(16px,calc(50% - 264px));padding-top:max(12px,env(safe-area-inset-top));background:#16181b;color:#fff;margin:0}
@media(min-width:600px){.vh2{margin-bottom:24px}}
.bk{display:flex;align-items:center;margin-right:auto;color:#fff;text-decoration:none;font-weight:700;font-size:17px;min-height:36px}
.bk img{height:36px;width:auto;display:block}
.ln{display:flex;gap:4px;flex-wrap:wrap}
.ln a{padding:4px 10px;border-radius:14px;font-size:13px;text-decoration:none;color:#ced4da;border:1px solid rgba(255,255,255,.2)}
.ln a[aria-current]{background:#fff;color:#16181b;border-color:#fff}
.mb{display:flex;align-items:center;justify-content:space-between;gap:8px;max-width:560px;margin:0 auto 8px;padding:8px 16px;font-size:13px;color:#495057}
.mb b{color:#1f2328;word-break:break-all}
.mb button{border:1px solid #ced4da;background:#fff;border-radius:8px;padding:6px 12px;font:inherit;cursor:pointer}
.cd{max-width:560px;margin:0 auto;background:#fff;padding:28px 20px 32px;border-radius:0}
@media(min-width:600px){.cd{border-radius:18px;padding:36px 40px 40px;box-shadow:0 12px 40px rgba(0,0,0,.07)}}
h1{font-size:24px;line-height:1.35;margin:0 0 10px}
.in{color:#495057;margin:0 0 22px}
.lg{white-space:pre-wrap;overflow-wrap:anywhere}
.ey{margin:0 0 4px;font-size:13px;font-weight:700;letter-spacing:.04em;color:#868e96;text-transform:uppercase}
.fl,.fd{margin:0 0 18px}
.fd{border:0;padding:0;min-width:0}
label,legend{display:flex;align-items:center;flex-wrap:wrap;gap:8px;font-weight:600;font-size:15px;margin:0 0 6px;padding:0}
.rq,.op{font-size:11px;font-weight:700;padding:1px 7px;border-radius:9px;line-height:18px}
.rq{background:#fff0f0;color:#c92a2a}.op{background:#f1f3f5;color:#868e96}
input[type=text],input[type=email],input[type=password],select{display:block;width:100%;height:48px;padding:0 14px;border:1px solid #ced4da;border-radius:10px;background:#fff;font:inherit;color:inherit;appearance:none}
select{background-image:linear-gradient(45deg,transparent 50%,#868e96 50%),linear-gradient(135deg,#868e96 50%,transparent 50%);background-position:calc(100% - 20px) 21px,calc(100% - 15px) 21px;background-size:5px 5px;background-repeat:no-repeat;padding-right:36px}
input:focus,select:focus{outline:3px solid rgba(28,100,216,.25);border-color:#1c64d8}
[aria-invalid=true]{border-color:#e03131!important}
fieldset[aria-invalid=true]{border:0}
.ck{display:flex;align-items:flex-start;gap:10px;font-weight:400;margin:0 0 8px;cursor:pointer;min-height:28px}
.ck input{width:20px;height:20px;margin:2px 0 0;flex:none;accent-color:#1f2328}
.op2{padding:12px 14px;border:1px solid #dee2e6;border-radius:10px;margin:0 0 8px}
.op2:has(input:checked){border-color:#1f2328;background:#f8f9fa}
.qn{color:#868e96}
.qs legend{font-size:16px}
.er{margin:6px 0 0;color:#e03131;font-size:14px}
.hn{margin:6px 0 0;color:#868e96;font-size:13px}
.al,.ok{display:block;border-radius:10px;padding:12px 14px;margin:0 0 18px;font-size:14px}
.al{background:#fff5f5;color:#c92a2a;border:1px solid #ffc9c9}
.ok{background:#ebfbee;color:#2b8a3e;border:1px solid #b2f2bb}
.ag{margin:4px 0 20px;padding:14px;border-radius:10px;background:#f8f9fa}
.ag details{margin:0 0 10px}
.ag summary{cursor:pointer;font-weight:600;font-size:14px;color:#1c64d8}
.ag .lg{max-height:180px;overflow:auto;margin:8px 0 0;padding:10px 12px;background:#fff;border:1px solid #e9ecef;border-radius:8px;font-size:13px;color:#495057}
.pb,.sb{display:flex;align-items:center;justify-content:center;width:100%;min-height:52px;border-radius:12px;font:inherit;font-weight:700;text-decoration:none;cursor:pointer}
.pb{border:0;background:#1f2328;color:#fff;margin-top:8px}
.pb:hover{background:#343a40}
.sb{border:1px solid #ced4da;background:#fff;color:#1f2328;margin-top:4px}
.rs{margin-top:22px;padding-top:20px;border-top:1px solid #e9ecef}
.lk{text-align:center;font-size:14px;color:#495057;margin:18px 0 0}
.ic{width:56px;height:56px;border-radius:28px;display:grid;place-items:center;font-size:26px;background:#e7f5ff;color:#1c64d8;margin:0 0 16px}
.ic.ok{background:#ebfbee;color:#2b8a3e;border:0;padding:0}
.sc{display:flex;align-items:baseline;gap:10px;margin:18px 0;padding:18px 20px;border-radius:14px;background:#f8f9fa}
.sc span{font-weight:600;color:#495057;margin-right:auto}
.sc b{font-size:44px;line-height:1}
.sc small{font-size:18px;color:#868e96}
.ft{max-width:560px;margin:0 auto;padding:18px 16px 32px;font-size:14px}
.ft a{color:#495057}
`;
