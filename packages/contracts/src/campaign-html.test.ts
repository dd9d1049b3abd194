import { describe, expect, it } from 'vitest';
import { sanitizeButtonHtml, sanitizeStyle } from './campaign-html';

describe('sanitizeButtonHtml', () => {
  it('keeps the allowed elements with allowed style properties', () => {
    expect(
      sanitizeButtonHtml(
        '<b>Book</b> <span style="color: #fff; font-size: 12px">now</span><br><small>x</small>',
      ),
    ).toBe('<b>Book</b> <span style="color:#fff;font-size:12px">now</span><br><small>x</small>');
    expect(sanitizeButtonHtml('<strong><em>a</em></strong><i>b</i><u>c</u>')).toBe(
      '<strong><em>a</em></strong><i>b</i><u>c</u>',
    );
  });

  it('drops other attributes, event handlers and unsafe style values', () => {
    expect(sanitizeButtonHtml('<b onclick="alert(1)" class="x" id="y">t</b>')).toBe('<b>t</b>');
    expect(
      sanitizeButtonHtml(
        '<span style="background-image:url(javascript:alert(1));color:red;position:fixed">t</span>',
      ),
    ).toBe('<span style="color:red">t</span>');
    expect(sanitizeButtonHtml('<span style="color:expression(alert(1))">t</span>')).toBe('<span>t</span>');
    expect(sanitizeButtonHtml('<span style="color:\\72 ed">t</span>')).toBe('<span>t</span>');
  });

  it('unwraps unknown elements but removes scripts, styles and their content', () => {
    expect(sanitizeButtonHtml('<a href="javascript:alert(1)">go</a>')).toBe('go');
    expect(sanitizeButtonHtml('<div><p>Hi</p></div>')).toBe('Hi');
    expect(sanitizeButtonHtml('<script>alert(1)</script>ok')).toBe('ok');
    expect(sanitizeButtonHtml('<style>*{}</style><img src=x onerror=alert(1)>ok')).toBe('ok');
    expect(sanitizeButtonHtml('<svg><script>alert(1)</script></svg>ok')).toBe('ok');
    expect(sanitizeButtonHtml('<iframe src="//evil"></iframe><!-- c -->ok')).toBe('ok');
  });

  it('escapes text and tolerates broken markup', () => {
    expect(sanitizeButtonHtml('1 &lt; 2 &amp; <b>3 > 2')).toBe('1 &lt; 2 &amp; <b>3 &gt; 2</b>');
    expect(sanitizeButtonHtml('"quotes" & \'apostrophes\'')).toBe('"quotes" &amp; \'apostrophes\'');
    expect(sanitizeButtonHtml('<b><i>x</b>')).toBe('<b><i>x</i></b>');
    expect(sanitizeButtonHtml('   ')).toBe('');
  });

  it('writes style values without quotes or escapes', () => {
    expect(sanitizeStyle('font-family: "Evil"; font-weight: 700')).toBe('font-weight:700');
    expect(sanitizeStyle('COLOR: Red ;; font-size:  2em')).toBe('color:Red;font-size:2em');
  });
});
