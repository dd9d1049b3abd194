import { describe, expect, it } from 'vitest';
import { parseMail } from './mail-catcher';

describe('parseMail', () => {
  it('decodes a base64 text part and an encoded subject', () => {
    const raw = [
      'To: a@example.com',
      'Subject: =?UTF-8?B?44OR44K5?=',
      ' =?UTF-8?B?44Ov44O844OJ?=',
      'Content-Type: multipart/alternative; boundary="--b1"',
      '',
      '----b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('リンク http://x/reset-password?token=abc').toString('base64'),
      '----b1--',
    ].join('\r\n');
    expect(parseMail(raw)).toEqual({
      subject: 'パスワード',
      text: 'リンク http://x/reset-password?token=abc',
    });
  });
  it('decodes quoted-printable soft breaks', () => {
    const raw =
      'Subject: Hi\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\nhttp://x/?token=3D=\r\nabc';
    expect(parseMail(raw).text).toBe('http://x/?token=abc');
  });
});
