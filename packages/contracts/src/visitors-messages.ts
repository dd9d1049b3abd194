import type { TUiLanguage } from './i18n';

// Messages of visitor accounts, forms and surveys (keys `visitors.*`, `surveys.*`), merged into
// the catalogue of messages.ts. Form submitters are told they will be contacted within
// 24 hours. Registration, resend and sign-in say the same whether or not an email is known.
export const visitorsMessages = {
  'visitors.registered': {
    en: 'We have sent a confirmation mail. Open the link in it to complete your registration.',
    ja: '確認メールを送信しました。メールに記載のリンクを開いて登録を完了してください。',
    cn: '我们已发送确认邮件。请打开邮件中的链接完成注册。',
    kr: '확인 메일을 보냈습니다. 메일의 링크를 열어 가입을 완료해 주세요.',
  },
  'visitors.resent': {
    en: 'If this address is waiting for confirmation, we have sent the confirmation mail again.',
    ja: 'このメールアドレスが確認待ちの場合は、確認メールを再送しました。',
    cn: '如果该邮箱正在等待确认，我们已重新发送确认邮件。',
    kr: '이 이메일 주소가 확인 대기 중이라면 확인 메일을 다시 보냈습니다.',
  },
  'visitors.confirmed': {
    en: 'Your registration is complete. You can now sign in.',
    ja: '会員登録が完了しました。ログインできます。',
    cn: '注册已完成。现在可以登录了。',
    kr: '회원가입이 완료되었습니다. 이제 로그인할 수 있습니다.',
  },
  'visitors.confirmInvalid': {
    en: 'This confirmation link is invalid or has expired. Please ask for a new confirmation mail.',
    ja: 'この確認リンクは無効か、有効期限が切れています。確認メールを再送してください。',
    cn: '此确认链接无效或已过期。请重新发送确认邮件。',
    kr: '이 확인 링크는 유효하지 않거나 만료되었습니다. 확인 메일을 다시 요청해 주세요.',
  },
  'visitors.signedIn': {
    en: 'You are signed in.',
    ja: 'ログインしました。',
    cn: '已登录。',
    kr: '로그인했습니다.',
  },
  'visitors.signedOut': {
    en: 'You have signed out.',
    ja: 'ログアウトしました。',
    cn: '已退出登录。',
    kr: '로그아웃했습니다.',
  },
  'visitors.sent': {
    en: 'Thank you. We have received your message and will contact you within 24 hours.',
    ja: '送信が完了しました。24時間以内に担当者よりご連絡いたします。',
    cn: '提交成功。我们将在24小时内与您联系。',
    kr: '전송이 완료되었습니다. 24시간 이내에 담당자가 연락드리겠습니다.',
  },
  'visitors.agreeRequired': {
    en: 'Please agree to the terms of use and the privacy policy.',
    ja: '利用規約とプライバシーポリシーに同意してください。',
    cn: '请同意使用条款和隐私政策。',
    kr: '이용약관과 개인정보처리방침에 동의해 주세요.',
  },
  'visitors.invalidNumber': {
    en: 'Please enter a number.',
    ja: '数値を入力してください。',
    cn: '请输入数字。',
    kr: '숫자를 입력해 주세요.',
  },
  'visitors.invalidOption': {
    en: 'Please choose one of the options.',
    ja: '選択肢から選んでください。',
    cn: '请从选项中选择。',
    kr: '선택지 중에서 골라 주세요.',
  },
  'visitors.memberDeleted': {
    en: 'The member has been deleted.',
    ja: '会員を削除しました。',
    cn: '已删除会员。',
    kr: '회원을 삭제했습니다.',
  },
  'visitors.contactResetUnconfirmed': {
    en: 'Changing the contact form deletes the contact submissions received so far. Confirm the warning to save.',
    ja: 'お問い合わせフォームを変更すると、これまでのお問い合わせデータは削除されます。警告を確認してから保存してください。',
    cn: '更改联系表单将删除以往的联系数据。请确认警告后再保存。',
    kr: '문의 양식을 변경하면 지금까지의 문의 데이터가 삭제됩니다. 경고를 확인한 후 저장해 주세요.',
  },
  'surveys.saved': {
    en: 'The survey has been saved.',
    ja: 'アンケートを保存しました。',
    cn: '已保存问卷。',
    kr: '설문을 저장했습니다.',
  },
  'surveys.deleted': {
    en: 'The survey has been deleted.',
    ja: 'アンケートを削除しました。',
    cn: '已删除问卷。',
    kr: '설문을 삭제했습니다.',
  },
  'surveys.alreadyAnswered': {
    en: 'This email address has already answered this survey.',
    ja: 'このメールアドレスはすでにこのアンケートに回答しています。',
    cn: '该邮箱已回答过此问卷。',
    kr: '이 이메일 주소로 이미 이 설문에 응답했습니다.',
  },
  'surveys.questionsRequired': {
    en: 'Add at least one question.',
    ja: '質問を1つ以上追加してください。',
    cn: '请至少添加一个问题。',
    kr: '질문을 하나 이상 추가해 주세요.',
  },
  'surveys.optionsRequired': {
    en: 'Add at least one answer option.',
    ja: '回答の選択肢を1つ以上追加してください。',
    cn: '请至少添加一个答案选项。',
    kr: '답변 선택지를 하나 이상 추가해 주세요.',
  },
  'surveys.inUse': {
    en: 'A link button of the site leads to this survey. Change the button first.',
    ja: 'サイトのリンクボタンがこのアンケートにリンクしています。先にボタンを変更してください。',
    cn: '网站的链接按钮指向此问卷。请先修改按钮。',
    kr: '사이트의 링크 버튼이 이 설문으로 연결되어 있습니다. 먼저 버튼을 변경해 주세요.',
  },
  'surveys.languageNotOnSite': {
    en: 'The site has no such language. Add the language to the site first.',
    ja: 'サイトにこの言語はありません。先にサイトに言語を追加してください。',
    cn: '网站没有此语言。请先为网站添加该语言。',
    kr: '사이트에 이 언어가 없습니다. 먼저 사이트에 언어를 추가해 주세요.',
  },
  'surveys.defaultTitleRequired': {
    en: "Enter the title in the site's default language.",
    ja: 'サイトの既定言語でタイトルを入力してください。',
    cn: '请输入网站默认语言的标题。',
    kr: '사이트 기본 언어로 제목을 입력해 주세요.',
  },
  'surveys.csv.date': {
    en: 'Date (JST)',
    ja: '回答日時（日本時間）',
    cn: '回答时间（日本时间）',
    kr: '응답 일시(일본 시간)',
  },
  'surveys.csv.email': { en: 'Email', ja: 'メールアドレス', cn: '邮箱', kr: '이메일' },
  'surveys.csv.language': { en: 'Language', ja: '言語', cn: '语言', kr: '언어' },
  'surveys.csv.score': { en: 'Score', ja: 'スコア', cn: '得分', kr: '점수' },
} as const satisfies Record<string, Record<TUiLanguage, string>>;
