import type { TSiteLanguage } from '@swipe/contracts/sites';

// What the visitor pages (register, sign in, contact, forms, survey and their success pages)
// say to visitors, in the site's four content languages. Validation messages come from the
// contracts' catalogue, translated by the server.

type TVisitorTexts = {
  backToSite: string;
  required: string;
  optional: string;
  choose: string;
  send: string;
  sending: string;
  register: { title: string; intro: string; submit: string; haveAccount: string; signIn: string };
  registerSuccess: { title: string; body: string; resendIntro: string; resend: string };
  confirm: { title: string; intro: string; submit: string; done: string; signIn: string };
  login: {
    title: string;
    intro: string;
    email: string;
    password: string;
    submit: string;
    noAccount: string;
    register: string;
    noMail: string;
  };
  signedInAs: string;
  signOut: string;
  contact: { title: string; intro: string };
  forms: { title: string; intro: string };
  success: { title: string; body: string };
  agree: { label: string; terms: string; privacy: string };
  survey: {
    email: string;
    emailHint: string;
    submit: string;
    several: string;
    result: string;
    score: string;
    closed: string;
  };
  errorSummary: string;
  /** Built-in fields the creator has not renamed. */
  builtIn: Record<'EMAIL' | 'COMPANY' | 'PASSWORD' | 'CONFIRM_PASSWORD', string>;
  passwordHint: string;
};

export const VISITOR_TEXTS: Record<TSiteLanguage, TVisitorTexts> = {
  JP: {
    backToSite: 'サイトに戻る',
    required: '必須',
    optional: '任意',
    choose: '選択してください',
    send: '送信する',
    sending: '送信中…',
    register: {
      title: '会員登録',
      intro:
        '会員限定ページをご覧いただくには会員登録が必要です。確認メールのリンクを開くと登録が完了します。',
      submit: '登録する',
      haveAccount: 'すでに会員の方は',
      signIn: 'ログイン',
    },
    registerSuccess: {
      title: '仮登録が完了しました',
      body: 'ご入力のメールアドレスに確認メールを送信しました。メールに記載のリンクを開いて登録を完了してください。',
      resendIntro: 'メールが届かない場合は、メールアドレスを入力して再送してください。',
      resend: '確認メールを再送する',
    },
    confirm: {
      title: '会員登録の確認',
      intro: '下のボタンを押すと会員登録が完了します。',
      submit: '登録を完了する',
      done: '会員登録が完了しました',
      signIn: 'ログインする',
    },
    login: {
      title: 'ログイン',
      intro: '会員登録したメールアドレスとパスワードでログインしてください。',
      email: 'メールアドレス',
      password: 'パスワード',
      submit: 'ログイン',
      noAccount: '会員でない方は',
      register: '会員登録',
      noMail: '確認メールが届いていない方',
    },
    signedInAs: 'ログイン中',
    signOut: 'ログアウト',
    contact: { title: 'お問い合わせ', intro: '以下の項目をご入力のうえ、送信してください。' },
    forms: { title: '資料請求・お申し込み', intro: '以下の項目をご入力のうえ、送信してください。' },
    success: {
      title: '送信が完了しました',
      body: 'お問い合わせいただきありがとうございます。24時間以内に担当者よりご連絡いたします。',
    },
    agree: {
      label: '利用規約とプライバシーポリシーに同意する',
      terms: '利用規約',
      privacy: 'プライバシーポリシー',
    },
    survey: {
      email: 'メールアドレス',
      emailHint: '結果をこのアドレスにもお送りします。',
      submit: '回答する',
      several: '複数選択できます',
      result: 'アンケートの結果',
      score: 'あなたのスコア',
      closed: 'このアンケートは現在回答を受け付けていません。',
    },
    errorSummary: '入力内容をご確認ください。',
    builtIn: {
      EMAIL: 'メールアドレス',
      COMPANY: '会社名',
      PASSWORD: 'パスワード',
      CONFIRM_PASSWORD: 'パスワード（確認）',
    },
    passwordHint:
      '8〜20文字。英小文字・英大文字・数字・記号（@ # $ % など）をそれぞれ1文字以上含めてください。',
  },
  EN: {
    backToSite: 'Back to the site',
    required: 'Required',
    optional: 'Optional',
    choose: 'Please choose',
    send: 'Send',
    sending: 'Sending…',
    register: {
      title: 'Register',
      intro:
        'Register to see the members-only pages. Your registration is complete once you open the link in the confirmation mail.',
      submit: 'Register',
      haveAccount: 'Already a member?',
      signIn: 'Sign in',
    },
    registerSuccess: {
      title: 'Almost done',
      body: 'We have sent a confirmation mail to the address you entered. Open the link in it to complete your registration.',
      resendIntro: 'No mail? Enter your email address to have it sent again.',
      resend: 'Send the confirmation mail again',
    },
    confirm: {
      title: 'Confirm your registration',
      intro: 'Press the button to complete your registration.',
      submit: 'Complete my registration',
      done: 'Your registration is complete',
      signIn: 'Sign in',
    },
    login: {
      title: 'Sign in',
      intro: 'Sign in with the email address and password you registered with.',
      email: 'Email address',
      password: 'Password',
      submit: 'Sign in',
      noAccount: 'Not a member yet?',
      register: 'Register',
      noMail: 'Did not get the confirmation mail?',
    },
    signedInAs: 'Signed in as',
    signOut: 'Sign out',
    contact: { title: 'Contact us', intro: 'Fill in the form below and send it.' },
    forms: { title: 'Request information', intro: 'Fill in the form below and send it.' },
    success: {
      title: 'Thank you',
      body: 'We have received your message and will contact you within 24 hours.',
    },
    agree: {
      label: 'I agree to the terms of use and the privacy policy',
      terms: 'Terms of use',
      privacy: 'Privacy policy',
    },
    survey: {
      email: 'Email address',
      emailHint: 'We will also send your result to this address.',
      submit: 'Send my answers',
      several: 'You may choose several',
      result: 'Your result',
      score: 'Your score',
      closed: 'This survey is not taking answers at the moment.',
    },
    errorSummary: 'Please check the highlighted fields.',
    builtIn: {
      EMAIL: 'Email',
      COMPANY: 'Company name',
      PASSWORD: 'Password',
      CONFIRM_PASSWORD: 'Confirm password',
    },
    passwordHint:
      '8 to 20 characters with a lowercase and an uppercase letter, a digit and a symbol (@ # $ % ...).',
  },
  KR: {
    backToSite: '사이트로 돌아가기',
    required: '필수',
    optional: '선택',
    choose: '선택해 주세요',
    send: '보내기',
    sending: '보내는 중…',
    register: {
      title: '회원가입',
      intro: '회원 전용 페이지를 보려면 회원가입이 필요합니다. 확인 메일의 링크를 열면 가입이 완료됩니다.',
      submit: '가입하기',
      haveAccount: '이미 회원이신가요?',
      signIn: '로그인',
    },
    registerSuccess: {
      title: '임시 가입이 완료되었습니다',
      body: '입력하신 이메일 주소로 확인 메일을 보냈습니다. 메일의 링크를 열어 가입을 완료해 주세요.',
      resendIntro: '메일이 오지 않았다면 이메일 주소를 입력해 다시 받으세요.',
      resend: '확인 메일 다시 보내기',
    },
    confirm: {
      title: '회원가입 확인',
      intro: '아래 버튼을 누르면 회원가입이 완료됩니다.',
      submit: '가입 완료하기',
      done: '회원가입이 완료되었습니다',
      signIn: '로그인하기',
    },
    login: {
      title: '로그인',
      intro: '가입한 이메일 주소와 비밀번호로 로그인해 주세요.',
      email: '이메일 주소',
      password: '비밀번호',
      submit: '로그인',
      noAccount: '아직 회원이 아니신가요?',
      register: '회원가입',
      noMail: '확인 메일을 받지 못하셨나요?',
    },
    signedInAs: '로그인 중',
    signOut: '로그아웃',
    contact: { title: '문의하기', intro: '아래 항목을 입력한 후 보내 주세요.' },
    forms: { title: '자료 요청·신청', intro: '아래 항목을 입력한 후 보내 주세요.' },
    success: {
      title: '전송이 완료되었습니다',
      body: '문의해 주셔서 감사합니다. 24시간 이내에 담당자가 연락드리겠습니다.',
    },
    agree: {
      label: '이용약관과 개인정보처리방침에 동의합니다',
      terms: '이용약관',
      privacy: '개인정보처리방침',
    },
    survey: {
      email: '이메일 주소',
      emailHint: '결과를 이 주소로도 보내 드립니다.',
      submit: '응답하기',
      several: '여러 개를 선택할 수 있습니다',
      result: '설문 결과',
      score: '나의 점수',
      closed: '이 설문은 현재 응답을 받지 않습니다.',
    },
    errorSummary: '입력 내용을 확인해 주세요.',
    builtIn: {
      EMAIL: '이메일 주소',
      COMPANY: '회사명',
      PASSWORD: '비밀번호',
      CONFIRM_PASSWORD: '비밀번호 확인',
    },
    passwordHint: '8~20자. 영문 소문자, 대문자, 숫자, 특수문자(@ # $ % 등)를 각각 1자 이상 포함해 주세요.',
  },
  CN: {
    backToSite: '返回网站',
    required: '必填',
    optional: '选填',
    choose: '请选择',
    send: '提交',
    sending: '提交中…',
    register: {
      title: '注册会员',
      intro: '注册会员后即可浏览会员专属页面。打开确认邮件中的链接即可完成注册。',
      submit: '注册',
      haveAccount: '已经是会员？',
      signIn: '登录',
    },
    registerSuccess: {
      title: '临时注册已完成',
      body: '我们已向您填写的邮箱发送确认邮件。请打开邮件中的链接完成注册。',
      resendIntro: '没有收到邮件？请输入邮箱地址重新发送。',
      resend: '重新发送确认邮件',
    },
    confirm: {
      title: '确认注册',
      intro: '点击下方按钮即可完成注册。',
      submit: '完成注册',
      done: '注册已完成',
      signIn: '登录',
    },
    login: {
      title: '登录',
      intro: '请使用注册时的邮箱地址和密码登录。',
      email: '邮箱地址',
      password: '密码',
      submit: '登录',
      noAccount: '还不是会员？',
      register: '注册会员',
      noMail: '没有收到确认邮件？',
    },
    signedInAs: '已登录',
    signOut: '退出登录',
    contact: { title: '联系我们', intro: '请填写以下内容后提交。' },
    forms: { title: '资料索取・申请', intro: '请填写以下内容后提交。' },
    success: { title: '提交成功', body: '感谢您的咨询。我们将在24小时内与您联系。' },
    agree: { label: '我同意使用条款和隐私政策', terms: '使用条款', privacy: '隐私政策' },
    survey: {
      email: '邮箱地址',
      emailHint: '我们也会将结果发送到此邮箱。',
      submit: '提交回答',
      several: '可多选',
      result: '问卷结果',
      score: '您的得分',
      closed: '此问卷目前不接受回答。',
    },
    errorSummary: '请检查标出的项目。',
    builtIn: { EMAIL: '邮箱地址', COMPANY: '公司名称', PASSWORD: '密码', CONFIRM_PASSWORD: '确认密码' },
    passwordHint: '8～20个字符，需包含小写字母、大写字母、数字和符号（@ # $ % 等）各至少一个。',
  },
};
