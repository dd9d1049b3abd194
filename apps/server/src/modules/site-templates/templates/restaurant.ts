import type { TSiteTemplateDef } from '../template-types';

// A restaurant: the concept, lunch, dinner, wine, private dining, access and reservations.
export const restaurant: TSiteTemplateDef = {
  id: 'restaurant',
  category: 'RESTAURANT',
  name: { en: 'Restaurant', ja: '飲食店', cn: '餐厅', kr: '레스토랑' },
  description: {
    en: 'Eight pages for a restaurant: concept, lunch and dinner, wine, private dining, access and reservations.',
    ja: '飲食店の8ページ。こだわり、ランチ・ディナー、ワイン、貸切、アクセス、予約フォーム。',
    cn: '餐厅的8个页面：理念、午餐与晚餐、葡萄酒、包场、交通和预约表。',
    kr: '레스토랑용 8페이지: 콘셉트, 런치·디너, 와인, 대관, 오시는 길, 예약 양식.',
  },
  siteName: { JP: 'トラットリア ソーレ', EN: 'Trattoria Sole' },
  rows: 4,
  columns: 2,
  palette: { from: '#b91c1c', to: '#431407', accent: '#fcd34d', button: '#fcd34d', buttonText: '#431407' },
  pages: [
    {
      motif: 'plate',
      kicker: { JP: '恵比寿のイタリアン', EN: 'ITALIAN IN EBISU' },
      headline: { JP: 'トラットリア\nソーレ', EN: 'Trattoria\nSole' },
      text: {
        JP: '薪窯で焼くピッツァと、旬の食材のパスタ。',
        EN: 'Wood-fired pizza and pasta with seasonal produce.',
      },
      button: { text: { JP: '予約する', EN: 'Book a table' }, link: { kind: 'INTERNAL', target: 'CONTACT' } },
    },
    {
      motif: 'leaf',
      kicker: { JP: 'こだわり', EN: 'OUR KITCHEN' },
      headline: { JP: '朝採れ野菜を\nその日のうちに', EN: 'Picked at dawn,\nserved tonight' },
      text: {
        JP: '契約農家から毎朝届く野菜で、メニューは日替わりです。',
        EN: 'Vegetables arrive from our partner farms every morning, so the menu changes daily.',
      },
    },
    {
      motif: 'sun',
      kicker: { JP: 'ランチ', EN: 'LUNCH' },
      headline: { JP: 'ランチセット\n11:30–14:30', EN: 'Lunch set\n11:30–14:30' },
      text: {
        JP: '前菜、パスタまたはピッツァ、ドリンク付き。',
        EN: 'A starter, pasta or pizza, and a drink.',
      },
      price: { JP: '¥1,800（税込）', EN: '¥1,800 incl. tax' },
    },
    {
      motif: 'pizza',
      kicker: { JP: 'ディナー', EN: 'DINNER' },
      headline: { JP: 'シェフおまかせ\nコース', EN: 'Chef’s\ntasting course' },
      text: {
        JP: '季節の7皿。17:30から22:00（ラストオーダー21:00）。',
        EN: 'Seven seasonal dishes. 17:30 to 22:00 (last order 21:00).',
      },
      price: { JP: '¥6,500（税込）', EN: '¥6,500 incl. tax' },
      button: {
        text: { JP: 'コースを予約', EN: 'Book the course' },
        link: { kind: 'INTERNAL', target: 'CONTACT' },
      },
    },
    {
      motif: 'glass',
      kicker: { JP: 'ワイン', EN: 'WINE' },
      headline: { JP: 'イタリア20州の\nワインを揃えて', EN: 'Wines from all\n20 regions of Italy' },
      text: {
        JP: 'ソムリエがお料理に合わせて選びます。グラス¥900から。',
        EN: 'Our sommelier pairs every dish. From ¥900 a glass.',
      },
    },
    {
      motif: 'people',
      kicker: { JP: '貸切', EN: 'PRIVATE DINING' },
      headline: { JP: '貸切パーティー\n最大30名', EN: 'Private parties\nup to 30 guests' },
      text: {
        JP: '歓送迎会や記念日に。ご予算に合わせてご提案します。',
        EN: 'Farewells, birthdays, anniversaries: we plan around your budget.',
      },
      button: { text: { JP: '相談する', EN: 'Ask us' }, link: { kind: 'INTERNAL', target: 'CONTACT' } },
    },
    {
      motif: 'pin',
      kicker: { JP: 'アクセス', EN: 'ACCESS' },
      headline: { JP: '恵比寿駅から\n徒歩3分', EN: '3 minutes from\nEbisu Station' },
      text: {
        JP: '東京都渋谷区恵比寿南1-2-3 1階\n定休日：月曜日',
        EN: '1F, 1-2-3 Ebisu-minami, Shibuya-ku, Tokyo\nClosed on Mondays',
      },
    },
    {
      motif: 'calendar',
      kicker: { JP: 'ご予約', EN: 'RESERVATIONS' },
      headline: { JP: 'ご予約は\nこちらから', EN: 'Book\nyour table' },
      text: {
        JP: 'ご希望の日時と人数をお知らせください。折り返しご連絡します。',
        EN: 'Tell us the date, the time and your party size. We will get back to you.',
      },
      button: { text: { JP: '予約する', EN: 'Book a table' }, link: { kind: 'INTERNAL', target: 'CONTACT' } },
    },
  ],
  menu: [
    { name: { JP: 'トップ', EN: 'Top' }, page: 'A1' },
    { name: { JP: 'ランチ', EN: 'Lunch' }, page: 'A2' },
    { name: { JP: 'ディナー', EN: 'Dinner' }, page: 'B2' },
    { name: { JP: 'ワイン', EN: 'Wine' }, page: 'A3' },
    { name: { JP: 'アクセス', EN: 'Access' }, page: 'A4' },
    { name: { JP: 'ご予約', EN: 'Reservations' }, page: 'B4' },
  ],
  seo: {
    title: { JP: 'トラットリア ソーレ 恵比寿のイタリアン', EN: 'Trattoria Sole Italian dining in Ebisu' },
    description: {
      JP: '恵比寿駅から徒歩3分のイタリアン。薪窯ピッツァ、旬のパスタ、イタリア20州のワイン。貸切パーティーも承ります。',
      EN: 'Italian restaurant 3 minutes from Ebisu Station. Wood-fired pizza, seasonal pasta and wines from all 20 regions. Private parties welcome.',
    },
  },
  sns: [
    { snsType: 'instagram', snsUrl: 'https://instagram.com/trattoria_sole' },
    { snsType: 'phone_number', snsUrl: '03-0000-1234' },
    { snsType: 'google_map', snsUrl: 'https://maps.google.com/?q=Ebisu+Station' },
  ],
  company: {
    profile: {
      JP: 'トラットリア ソーレ\n東京都渋谷区恵比寿南1-2-3 1階\n営業時間 11:30–22:00（月曜定休）',
      EN: 'Trattoria Sole\n1F, 1-2-3 Ebisu-minami, Shibuya-ku, Tokyo\nOpen 11:30–22:00, closed on Mondays',
    },
  },
  forms: {
    contact: [
      { typeInput: 'TEXT_BOX', title: { JP: 'お名前', EN: 'Your name' }, isRequired: true },
      {
        typeInput: 'TEXT_BOX',
        title: { JP: 'ご希望の日時', EN: 'Date and time' },
        isRequired: true,
        placeholder: { JP: '6月12日 19:00', EN: 'June 12, 7 pm' },
      },
      { typeInput: 'NUMBER', title: { JP: '人数', EN: 'Party size' }, isRequired: true },
      {
        typeInput: 'SELECT',
        title: { JP: 'ご利用', EN: 'Occasion' },
        options: [
          { JP: 'ランチ', EN: 'Lunch' },
          { JP: 'ディナー', EN: 'Dinner' },
          { JP: '貸切', EN: 'Private party' },
        ],
      },
    ],
  },
};
