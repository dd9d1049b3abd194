import type { TUiLanguage } from './i18n';

// Server and form-validation messages of the user-import domain (keys `userImport.*`), merged into the
// catalogue of messages.ts.
export const userImportMessages = {
  'userImport.tooLarge': {
    en: 'The file is too large. A CSV file can be at most 5 MB.',
    ja: 'ファイルサイズが大きすぎます。CSVファイルは5MBまでです。',
    cn: '文件过大。CSV文件最大为5MB。',
    kr: '파일 크기가 너무 큽니다. CSV 파일은 최대 5MB까지 가능합니다.',
  },
  'userImport.notCsv': {
    en: 'Unsupported file format. Please upload a CSV file (.csv) with a header row.',
    ja: 'サポートされていないファイル形式です。ヘッダー行のあるCSVファイル（.csv）をアップロードしてください。',
    cn: '不支持的文件格式。请上传带有标题行的CSV文件（.csv）。',
    kr: '지원하지 않는 파일 형식입니다. 헤더 행이 있는 CSV 파일(.csv)을 업로드해 주세요.',
  },
  'userImport.missingColumns': {
    en: 'The header row lacks required columns: {columns}.',
    ja: 'ヘッダー行に必須の列がありません：{columns}',
    cn: '标题行缺少必需的列：{columns}',
    kr: '헤더 행에 필수 열이 없습니다: {columns}',
  },
  'userImport.duplicateColumn': {
    en: 'The column "{column}" appears more than once in the header row.',
    ja: '列「{column}」がヘッダー行に複数あります。',
    cn: '列“{column}”在标题行中出现了多次。',
    kr: '"{column}" 열이 헤더 행에 여러 번 있습니다.',
  },
  'userImport.empty': {
    en: 'The file contains no user rows below the header.',
    ja: 'ヘッダー行の下にユーザーの行がありません。',
    cn: '标题行下方没有用户数据行。',
    kr: '헤더 행 아래에 사용자 행이 없습니다.',
  },
  'userImport.tooManyRows': {
    en: 'A file can hold at most {max} users. Please split it into several files.',
    ja: '1つのファイルで登録できるユーザーは{max}件までです。ファイルを分割してください。',
    cn: '一个文件最多可包含{max}个用户。请拆分为多个文件。',
    kr: '한 파일에 최대 {max}명의 사용자만 등록할 수 있습니다. 파일을 나눠 주세요.',
  },
  'userImport.tooManyColumns': {
    en: 'Line {line} has more than {max} columns. Please use the template.',
    ja: '{line}行目の列が{max}列を超えています。テンプレートを使用してください。',
    cn: '第{line}行的列数超过{max}列。请使用模板。',
    kr: '{line}행의 열이 {max}개를 초과합니다. 템플릿을 사용해 주세요.',
  },
  'userImport.valueTooLong': {
    en: 'A value on line {line} is longer than {max} characters.',
    ja: '{line}行目に{max}文字を超える値があります。',
    cn: '第{line}行有超过{max}个字符的值。',
    kr: '{line}행에 {max}자를 초과하는 값이 있습니다.',
  },
  'userImport.unterminatedQuote': {
    en: 'A quoted value starting on line {line} is never closed.',
    ja: '{line}行目で始まる引用符（"）が閉じられていません。',
    cn: '第{line}行开始的引号（"）未闭合。',
    kr: '{line}행에서 시작된 따옴표(")가 닫히지 않았습니다.',
  },
  'userImport.invalidKind': {
    en: 'Use one of: oem_master, oem_admin, user, direct_user.',
    ja: 'oem_master、oem_admin、user、direct_user のいずれかを入力してください。',
    cn: '请输入 oem_master、oem_admin、user、direct_user 之一。',
    kr: 'oem_master, oem_admin, user, direct_user 중 하나를 입력해 주세요.',
  },
  'userImport.invalidAuthority': {
    en: 'Use edit or view.',
    ja: 'edit または view を入力してください。',
    cn: '请输入 edit 或 view。',
    kr: 'edit 또는 view를 입력해 주세요.',
  },
  'userImport.invalidBoolean': {
    en: 'Use yes or no (1/0 and true/false also work).',
    ja: 'yes または no を入力してください（1/0、true/false も使用できます）。',
    cn: '请输入 yes 或 no（也可使用 1/0、true/false）。',
    kr: 'yes 또는 no를 입력해 주세요(1/0, true/false도 사용 가능).',
  },
  'userImport.invalidLanguage': {
    en: 'Use one of: ja, en, cn, kr.',
    ja: 'ja、en、cn、kr のいずれかを入力してください。',
    cn: '请输入 ja、en、cn、kr 之一。',
    kr: 'ja, en, cn, kr 중 하나를 입력해 주세요.',
  },
  'userImport.invalidDate': {
    en: 'Enter the date as YYYY-MM-DD (or YYYY/MM/DD).',
    ja: '日付は YYYY-MM-DD（または YYYY/MM/DD）の形式で入力してください。',
    cn: '请按 YYYY-MM-DD（或 YYYY/MM/DD）格式输入日期。',
    kr: '날짜는 YYYY-MM-DD(또는 YYYY/MM/DD) 형식으로 입력해 주세요.',
  },
  'userImport.unknownPlan': {
    en: 'There is no available plan with the code "{code}".',
    ja: 'プランコード「{code}」の利用可能なプランはありません。',
    cn: '没有代码为“{code}”的可用套餐。',
    kr: '플랜 코드 "{code}"에 해당하는 이용 가능한 플랜이 없습니다.',
  },
  'userImport.noCreatableKind': {
    en: 'No users can be created under this account.',
    ja: 'このアカウントの下にはユーザーを作成できません。',
    cn: '无法在此账户下创建用户。',
    kr: '이 계정 아래에는 사용자를 만들 수 없습니다.',
  },
  'userImport.hasErrors': {
    en: '{count} rows have errors. Nothing was imported; please correct the file and try again.',
    ja: '{count}行にエラーがあります。インポートは行われていません。ファイルを修正して再度お試しください。',
    cn: '有{count}行存在错误。未导入任何数据，请修改文件后重试。',
    kr: '{count}개 행에 오류가 있습니다. 아무것도 가져오지 않았습니다. 파일을 수정한 후 다시 시도해 주세요.',
  },
  'userImport.imported': {
    en: '{count} users have been created. Each receives a first password by mail.',
    ja: '{count}件のユーザーを作成しました。各ユーザーに初回パスワードをメールで送信します。',
    cn: '已创建{count}个用户。每个用户都会通过邮件收到初始密码。',
    kr: '사용자 {count}명을 만들었습니다. 각 사용자에게 초기 비밀번호가 메일로 발송됩니다.',
  },
} as const satisfies Record<string, Record<TUiLanguage, string>>;
