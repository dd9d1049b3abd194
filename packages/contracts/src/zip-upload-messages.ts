import type { TUiLanguage } from './i18n';

// Messages of the bulk upload of creatives as one ZIP (keys `zipUpload.*`; ZIP only, at most
// 1 GB, within entry count and size limits), merged into the catalogue of messages.ts.
export const zipUploadMessages = {
  'zipUpload.notZip': {
    en: 'Unsupported format. Please select a ZIP file.',
    ja: 'サポートされていない形式です。ZIPファイルを選択してください。',
    cn: '不支持的格式。请选择 ZIP 文件。',
    kr: '지원하지 않는 형식입니다. ZIP 파일을 선택해 주세요.',
  },
  'zipUpload.tooLarge': {
    en: 'The file is too large. ZIP files may be at most 1 GB.',
    ja: 'ファイルサイズが大きすぎます。1GB以下のZIPファイルを選択してください。',
    cn: '文件过大。ZIP 文件最大为 1 GB。',
    kr: '파일이 너무 큽니다. 1GB 이하의 ZIP 파일만 사용할 수 있습니다.',
  },
  'zipUpload.largerThanAnnounced': {
    en: 'The ZIP file is larger than announced. Please select it again.',
    ja: 'ZIPファイルのサイズが通知されたサイズを超えています。もう一度ファイルを選択してください。',
    cn: 'ZIP 文件大于申报的大小。请重新选择文件。',
    kr: 'ZIP 파일이 알려진 크기보다 큽니다. 파일을 다시 선택해 주세요.',
  },
  'zipUpload.unreadable': {
    en: 'The ZIP file could not be read. It may be damaged.',
    ja: 'ZIPファイルを読み込めませんでした。ファイルが破損している可能性があります。',
    cn: '无法读取 ZIP 文件。文件可能已损坏。',
    kr: 'ZIP 파일을 읽을 수 없습니다. 파일이 손상되었을 수 있습니다.',
  },
  'zipUpload.empty': {
    en: 'The ZIP file contains no files.',
    ja: 'ZIPファイルにファイルが含まれていません。',
    cn: 'ZIP 文件中没有任何文件。',
    kr: 'ZIP 파일에 파일이 없습니다.',
  },
  'zipUpload.tooManyEntries': {
    en: 'The ZIP file contains too many files. It may contain at most {max}.',
    ja: 'ZIPファイル内のファイル数が多すぎます。{max}個以下にしてください。',
    cn: 'ZIP 文件中的文件过多。最多可包含 {max} 个。',
    kr: 'ZIP 파일에 포함된 파일이 너무 많습니다. 최대 {max}개까지 포함할 수 있습니다.',
  },
  'zipUpload.tooLargeUnpacked': {
    en: 'The contents of the ZIP file are too large. Unpacked, they may be at most 2 GB.',
    ja: 'ZIPファイルの中身が大きすぎます。展開後の合計は2GB以下にしてください。',
    cn: 'ZIP 文件的内容过大。解压后合计最多 2 GB。',
    kr: 'ZIP 파일의 내용이 너무 큽니다. 압축 해제 후 합계는 2GB 이하여야 합니다.',
  },
  'zipUpload.suspiciousRatio': {
    en: 'The ZIP file cannot be unpacked safely: "{name}" is compressed too strongly.',
    ja: 'ZIPファイルを安全に展開できません。「{name}」の圧縮率が高すぎます。',
    cn: '无法安全解压 ZIP 文件：“{name}”的压缩率过高。',
    kr: 'ZIP 파일을 안전하게 압축 해제할 수 없습니다. "{name}"의 압축률이 너무 높습니다.',
  },
  'zipUpload.unsafePath': {
    en: 'The ZIP file cannot be unpacked safely: "{name}" points outside the archive.',
    ja: 'ZIPファイルを安全に展開できません。「{name}」がアーカイブの外を指しています。',
    cn: '无法安全解压 ZIP 文件：“{name}”指向压缩包之外的位置。',
    kr: 'ZIP 파일을 안전하게 압축 해제할 수 없습니다. "{name}"이(가) 압축 파일 밖을 가리킵니다.',
  },
  'zipUpload.overlapping': {
    en: 'The ZIP file cannot be unpacked safely: its files overlap.',
    ja: 'ZIPファイルを安全に展開できません。ファイルのデータが重なっています。',
    cn: '无法安全解压 ZIP 文件：其中的文件数据相互重叠。',
    kr: 'ZIP 파일을 안전하게 압축 해제할 수 없습니다. 파일 데이터가 서로 겹칩니다.',
  },
  'zipUpload.unsupported': {
    en: 'Unsupported format. A ZIP file may contain PNG, JPEG or HEIC images.',
    ja: 'サポートされていない形式です。ZIPファイルにはPNG、JPEG、HEICの画像を入れてください。',
    cn: '不支持的格式。ZIP 文件中只能包含 PNG、JPEG 或 HEIC 图片。',
    kr: '지원하지 않는 형식입니다. ZIP 파일에는 PNG, JPEG, HEIC 이미지만 넣을 수 있습니다.',
  },
  'zipUpload.entryUnreadable': {
    en: 'This file could not be read from the ZIP file (it may be encrypted or damaged).',
    ja: 'ZIPファイルからこのファイルを読み込めませんでした（暗号化または破損している可能性があります）。',
    cn: '无法从 ZIP 文件中读取此文件（可能已加密或损坏）。',
    kr: 'ZIP 파일에서 이 파일을 읽을 수 없습니다(암호화되었거나 손상되었을 수 있습니다).',
  },
  'zipUpload.entryFailed': {
    en: 'This file could not be uploaded. Please try again.',
    ja: 'このファイルをアップロードできませんでした。もう一度お試しください。',
    cn: '此文件上传失败。请重试。',
    kr: '이 파일을 업로드하지 못했습니다. 다시 시도해 주세요.',
  },
  'zipUpload.uploaded': {
    en: '{count} of {total} files in the ZIP file have been uploaded.',
    ja: 'ZIPファイル内の{total}件中{count}件をアップロードしました。',
    cn: '已上传 ZIP 文件中 {total} 个文件中的 {count} 个。',
    kr: 'ZIP 파일의 {total}개 중 {count}개를 업로드했습니다.',
  },
} as const satisfies Record<string, Record<TUiLanguage, string>>;
