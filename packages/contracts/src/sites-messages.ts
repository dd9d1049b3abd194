import type { TUiLanguage } from './i18n';

// Validation messages of the site editor (keys `sites.*`), merged into the catalogue of messages.ts.
// Plain "required" fields use 'common.required' ('This field is required.'); list items use
// 'sites.itemRequired' ('This item is required.'), both SPEC 5 texts.
export const sitesMessages = {
  'sites.itemRequired': {
    en: 'This item is required.',
    ja: 'この項目は必須です。',
    cn: '此项为必填项。',
    kr: '필수 항목입니다.',
  },
  'sites.invalidColour': {
    en: 'Invalid colour code. Use #fff, #ffffff, rgb(), rgba(), hsl() or hsla().',
    ja: 'カラーコードが正しくありません。#fff、#ffffff、rgb()、rgba()、hsl()、hsla() の形式で入力してください。',
    cn: '颜色代码无效。请使用 #fff、#ffffff、rgb()、rgba()、hsl() 或 hsla() 格式。',
    kr: '색상 코드가 올바르지 않습니다. #fff, #ffffff, rgb(), rgba(), hsl(), hsla() 형식으로 입력해 주세요.',
  },
  'sites.invalidUrl': {
    en: 'Please enter a valid URL.',
    ja: '正しいURLを入力してください。',
    cn: '请输入有效的URL。',
    kr: '올바른 URL을 입력해 주세요.',
  },
  'sites.unsafeLinkScheme': {
    en: 'Links may only start with http://, https://, mailto: or tel:.',
    ja: 'リンクは http://、https://、mailto:、tel: で始まるもののみ使用できます。',
    cn: '链接只能以 http://、https://、mailto: 或 tel: 开头。',
    kr: '링크는 http://, https://, mailto:, tel: 로 시작하는 것만 사용할 수 있습니다.',
  },
  'sites.externalLinkHttp': {
    en: 'External links must start with http:// or https://.',
    ja: '外部リンクは http:// または https:// で始まる必要があります。',
    cn: '外部链接必须以 http:// 或 https:// 开头。',
    kr: '외부 링크는 http:// 또는 https:// 로 시작해야 합니다.',
  },
  'sites.limitDigits': {
    en: 'Please enter a whole number.',
    ja: '整数を入力してください。',
    cn: '请输入整数。',
    kr: '정수를 입력해 주세요.',
  },
  'sites.limitTooLong': {
    en: 'Please enter fewer than 10 characters.',
    ja: '10文字未満で入力してください。',
    cn: '请输入少于10个字符。',
    kr: '10자 미만으로 입력해 주세요.',
  },
  'sites.invalidCoordinate': {
    en: 'Use a page position such as A1 (1 to 3 letters and a row from 1 to 100).',
    ja: 'A1 のようなページ位置を入力してください（英字1〜3文字と1〜100の行番号）。',
    cn: '请输入类似 A1 的页面位置（1至3个字母加1至100的行号）。',
    kr: 'A1과 같은 페이지 위치를 입력해 주세요(영문 1~3자와 1~100의 행 번호).',
  },
  'sites.gridZero': {
    en: 'Rows and columns must be at least 1.',
    ja: '行数と列数は1以上にしてください。',
    cn: '行数和列数必须至少为1。',
    kr: '행과 열은 1 이상이어야 합니다.',
  },
  'sites.gridTooManyRows': {
    en: 'A site can have at most {max} rows.',
    ja: '行数は最大{max}までです。',
    cn: '行数最多为{max}。',
    kr: '행은 최대 {max}개까지입니다.',
  },
  'sites.gridTooLarge': {
    en: 'Rows × columns may not exceed {max} pages on your plan.',
    ja: '行数×列数はご利用中のプランの上限（{max}ページ）を超えられません。',
    cn: '行数×列数不能超过您套餐的上限（{max}页）。',
    kr: '행 × 열은 현재 플랜의 상한({max}페이지)을 초과할 수 없습니다.',
  },
  'sites.menuDuplicate': {
    en: 'This menu item is already used. Each menu item must be unique.',
    ja: 'このメニュー項目は既に使用されています。メニュー項目は重複できません。',
    cn: '该菜单项已存在。菜单项不能重复。',
    kr: '이미 사용 중인 메뉴 항목입니다. 메뉴 항목은 중복될 수 없습니다.',
  },
  'sites.endDateRequired': {
    en: 'Please enter the end date when a start date is set.',
    ja: '開始日を設定した場合は終了日を入力してください。',
    cn: '设置开始日期时，请输入结束日期。',
    kr: '시작일을 설정한 경우 종료일을 입력해 주세요.',
  },
  'sites.endBeforeStart': {
    en: 'The end date must be after the start date.',
    ja: '終了日は開始日より後にしてください。',
    cn: '结束日期必须晚于开始日期。',
    kr: '종료일은 시작일 이후여야 합니다.',
  },
  'sites.endInPast': {
    en: 'The end date must be in the future.',
    ja: '終了日は現在より後にしてください。',
    cn: '结束日期必须晚于当前时间。',
    kr: '종료일은 현재 이후여야 합니다.',
  },
  'sites.seoSurroundingSpace': {
    en: 'Please remove the spaces at the beginning and end.',
    ja: '先頭と末尾の空白を削除してください。',
    cn: '请删除开头和结尾的空格。',
    kr: '앞뒤의 공백을 삭제해 주세요.',
  },
  'sites.seoTitleChars': {
    en: 'Only letters, digits, spaces, hyphens (-), vertical bars (|), colons (:), parentheses and brackets are allowed.',
    ja: '使用できるのは文字、数字、空白、ハイフン（-）、縦線（|）、コロン（:）、括弧のみです。',
    cn: '只能使用文字、数字、空格、连字符（-）、竖线（|）、冒号（:）和括号。',
    kr: '문자, 숫자, 공백, 하이픈(-), 세로선(|), 콜론(:), 괄호만 사용할 수 있습니다.',
  },
  'sites.seoDescriptionChars': {
    en: "Special symbols are not allowed. Use letters, digits, spaces, brackets and sentence punctuation (. , … ! ? - | : ').",
    ja: "特殊記号は使用できません。文字、数字、空白、括弧、句読点（。、. , … ! ? - | : '）を使用してください。",
    cn: "不能使用特殊符号。请使用文字、数字、空格、括号和标点（。、. , … ! ? - | : '）。",
    kr: "특수 기호는 사용할 수 없습니다. 문자, 숫자, 공백, 괄호, 문장 부호(. , … ! ? - | : ')를 사용해 주세요.",
  },
  'sites.seoHeadElement': {
    en: 'Only meta, link, script, style, noscript and title tags are allowed in the head tags.',
    ja: 'headタグに使用できるのは meta、link、script、style、noscript、title タグのみです。',
    cn: 'head 标签中只能使用 meta、link、script、style、noscript 和 title 标签。',
    kr: 'head 태그에는 meta, link, script, style, noscript, title 태그만 사용할 수 있습니다.',
  },
  'sites.seoHeadText': {
    en: 'Titles and meta texts in the head tags may only contain letters, digits, spaces, periods, commas, ellipses, hyphens, vertical bars, colons, parentheses and brackets.',
    ja: 'headタグ内のタイトルやメタテキストに使用できるのは文字、数字、空白、ピリオド、カンマ、三点リーダー、ハイフン、縦線、コロン、括弧のみです。',
    cn: 'head 标签中的标题和 meta 文本只能包含文字、数字、空格、句点、逗号、省略号、连字符、竖线、冒号和括号。',
    kr: 'head 태그의 제목과 메타 텍스트에는 문자, 숫자, 공백, 마침표, 쉼표, 말줄임표, 하이픈, 세로선, 콜론, 괄호만 사용할 수 있습니다.',
  },
  'sites.seoUnclosedTag': {
    en: 'Every tag must be closed, for example <script ...></script>.',
    ja: 'すべてのタグを閉じてください（例: <script ...></script>）。',
    cn: '所有标签都必须闭合，例如 <script ...></script>。',
    kr: '모든 태그를 닫아 주세요(예: <script ...></script>).',
  },
  'sites.seoEventHandler': {
    en: 'Event handler attributes (on...) are not allowed.',
    ja: 'イベントハンドラ属性（on...）は使用できません。',
    cn: '不允许使用事件处理属性（on...）。',
    kr: '이벤트 핸들러 속성(on...)은 사용할 수 없습니다.',
  },
  'sites.seoBodyScriptsOnly': {
    en: 'Only <script> tags are allowed in the body tags.',
    ja: 'bodyタグに使用できるのは <script> タグのみです。',
    cn: 'body 标签中只能使用 <script> 标签。',
    kr: 'body 태그에는 <script> 태그만 사용할 수 있습니다.',
  },
  'sites.seoBodyScriptSrc': {
    en: 'Each script needs a src attribute with an http:// or https:// URL.',
    ja: '各scriptタグには http:// または https:// のURLを指定した src 属性が必要です。',
    cn: '每个 script 标签都需要带有 http:// 或 https:// URL 的 src 属性。',
    kr: '각 script 태그에는 http:// 또는 https:// URL의 src 속성이 필요합니다.',
  },
  'sites.seoBodyScriptDefer': {
    en: 'Each script needs the defer attribute.',
    ja: '各scriptタグには defer 属性が必要です。',
    cn: '每个 script 标签都需要 defer 属性。',
    kr: '각 script 태그에는 defer 속성이 필요합니다.',
  },
  'sites.seoBodyInlineCode': {
    en: 'Scripts in the body tags may not contain inline code.',
    ja: 'bodyタグのscriptにインラインコードは記述できません。',
    cn: 'body 标签中的 script 不能包含内联代码。',
    kr: 'body 태그의 script에는 인라인 코드를 작성할 수 없습니다.',
  },
  'sites.seoForbiddenCall': {
    en: 'eval, setTimeout and setInterval are not allowed.',
    ja: 'eval、setTimeout、setInterval は使用できません。',
    cn: '不允许使用 eval、setTimeout 和 setInterval。',
    kr: 'eval, setTimeout, setInterval은 사용할 수 없습니다.',
  },
  'sites.uploadTooLarge': {
    en: 'The file is too large. Files may be at most 30 MB.',
    ja: 'ファイルサイズが大きすぎます。30MB以下のファイルを選択してください。',
    cn: '文件过大。文件最大为30 MB。',
    kr: '파일이 너무 큽니다. 30MB 이하의 파일만 사용할 수 있습니다.',
  },
  'sites.uploadUnsupported': {
    en: 'Unsupported format. Use PNG, JPEG or HEIC images, or MP4, MPEG or MOV videos.',
    ja: 'サポートされていない形式です。PNG、JPEG、HEIC の画像、または MP4、MPEG、MOV の動画を使用してください。',
    cn: '不支持的格式。请使用 PNG、JPEG、HEIC 图片或 MP4、MPEG、MOV 视频。',
    kr: '지원하지 않는 형식입니다. PNG, JPEG, HEIC 이미지 또는 MP4, MPEG, MOV 동영상을 사용해 주세요.',
  },
  'sites.invalidFileType': {
    en: 'Invalid file type. The file content does not match its name.',
    ja: 'ファイルの種類が正しくありません。ファイルの内容が拡張子と一致しません。',
    cn: '文件类型无效。文件内容与扩展名不符。',
    kr: '파일 형식이 올바르지 않습니다. 파일 내용이 확장자와 일치하지 않습니다.',
  },
} as const satisfies Record<string, Record<TUiLanguage, string>>;
