// The pictures in the middle of the templates' generated images: flat shapes in the template's
// colours, centred on (540, 960) of the 1080 x 2040 page and about 560 px across. Drawn with
// plain SVG shapes only (no fonts, no external images), so every host renders them alike.

export type TMotifColours = { accent: string; light: string; dark: string };

const C = { x: 540, y: 960 };

const star = (cx: number, cy: number, r: number, fill: string) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const radius = i % 2 === 0 ? r : r * 0.45;
    return `${(cx + radius * Math.cos(a)).toFixed(1)},${(cy + radius * Math.sin(a)).toFixed(1)}`;
  });
  return `<polygon points="${points.join(' ')}" fill="${fill}"/>`;
};

const person = (cx: number, cy: number, s: number, fill: string) =>
  `<circle cx="${cx}" cy="${cy - 70 * s}" r="${58 * s}" fill="${fill}"/>` +
  `<path d="M${cx - 105 * s} ${cy + 120 * s}a${105 * s} ${125 * s} 0 0 1 ${210 * s} 0z" fill="${fill}"/>`;

const MOTIFS = {
  bottle: ({ accent, light, dark }: TMotifColours) =>
    `<rect x="${C.x - 40}" y="640" width="80" height="70" rx="14" fill="${dark}"/>` +
    `<rect x="${C.x - 130}" y="700" width="260" height="520" rx="90" fill="${light}"/>` +
    `<rect x="${C.x - 130}" y="930" width="260" height="290" rx="90" fill="${accent}" opacity=".85"/>` +
    `<circle cx="${C.x + 250}" cy="800" r="34" fill="${accent}" opacity=".7"/><circle cx="${C.x - 250}" cy="1080" r="22" fill="${light}" opacity=".6"/>`,
  wave: ({ accent, light }: TMotifColours) =>
    [0, 1, 2, 3]
      .map(
        (i) =>
          `<path d="M190 ${790 + i * 90}q87-70 175 0t175 0 175 0 175 0" fill="none" stroke="${i % 2 ? accent : light}" stroke-width="34" stroke-linecap="round" opacity="${1 - i * 0.15}"/>`,
      )
      .join(''),
  phone: ({ accent, light, dark }: TMotifColours) =>
    `<rect x="${C.x - 150}" y="680" width="300" height="560" rx="44" fill="${dark}" stroke="${light}" stroke-width="14"/>` +
    `<rect x="${C.x - 120}" y="730" width="240" height="440" rx="18" fill="${accent}"/>` +
    `<rect x="${C.x - 90}" y="780" width="180" height="36" rx="18" fill="${light}"/>` +
    `<rect x="${C.x - 90}" y="850" width="120" height="36" rx="18" fill="${light}" opacity=".7"/>` +
    `<circle cx="${C.x}" cy="1080" r="56" fill="${light}"/><circle cx="${C.x}" cy="1205" r="12" fill="${light}"/>`,
  chart: ({ accent, light }: TMotifColours) =>
    [0, 1, 2, 3]
      .map(
        (i) =>
          `<rect x="${300 + i * 130}" y="${1160 - (i + 1) * 95}" width="90" height="${(i + 1) * 95}" rx="16" fill="${i === 3 ? accent : light}" opacity="${i === 3 ? 1 : 0.55 + i * 0.12}"/>`,
      )
      .join('') +
    `<path d="M290 980l150-90 130 40 200-180" fill="none" stroke="${accent}" stroke-width="22" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="M730 740h70v70" fill="none" stroke="${accent}" stroke-width="22" stroke-linecap="round" stroke-linejoin="round"/>`,
  dots: ({ accent, light, dark }: TMotifColours) =>
    `<circle cx="${C.x - 150}" cy="900" r="120" fill="${light}"/><circle cx="${C.x + 150}" cy="900" r="120" fill="${accent}"/>` +
    `<circle cx="${C.x}" cy="1080" r="120" fill="${dark}" stroke="${light}" stroke-width="12"/>`,
  stars: ({ accent, light }: TMotifColours) =>
    `<rect x="210" y="700" width="660" height="380" rx="48" fill="${light}" opacity=".95"/>` +
    `<path d="M330 1075l-30 110 120-110z" fill="${light}" opacity=".95"/>` +
    [0, 1, 2, 3, 4].map((i) => star(300 + i * 120, 890, 50, accent)).join(''),
  gift: ({ accent, light, dark }: TMotifColours) =>
    `<rect x="${C.x - 230}" y="870" width="460" height="340" rx="26" fill="${light}"/>` +
    `<rect x="${C.x - 260}" y="780" width="520" height="110" rx="22" fill="${light}"/>` +
    `<rect x="${C.x - 35}" y="780" width="70" height="430" fill="${accent}"/>` +
    `<path d="M${C.x} 780c-60-120-210-110-170-30 30 50 170 30 170 30zM${C.x} 780c60-120 210-110 170-30-30 50-170 30-170 30z" fill="${accent}" stroke="${dark}" stroke-width="6"/>`,
  calendar: ({ accent, light, dark }: TMotifColours) =>
    `<rect x="${C.x - 250}" y="700" width="500" height="480" rx="40" fill="${light}"/>` +
    `<rect x="${C.x - 250}" y="700" width="500" height="120" rx="40" fill="${accent}"/>` +
    `<rect x="${C.x - 250}" y="770" width="500" height="50" fill="${accent}"/>` +
    `<rect x="${C.x - 150}" y="660" width="30" height="90" rx="15" fill="${dark}"/><rect x="${C.x + 120}" y="660" width="30" height="90" rx="15" fill="${dark}"/>` +
    [0, 1, 2]
      .flatMap((r) =>
        [0, 1, 2, 3].map(
          (c) =>
            `<rect x="${C.x - 200 + c * 105}" y="${860 + r * 100}" width="75" height="70" rx="12" fill="${r === 1 && c === 2 ? accent : dark}" opacity="${r === 1 && c === 2 ? 1 : 0.18}"/>`,
        ),
      )
      .join(''),
  mic: ({ accent, light }: TMotifColours) =>
    `<rect x="${C.x - 85}" y="660" width="170" height="300" rx="85" fill="${light}"/>` +
    `<path d="M${C.x - 150} 880a150 150 0 0 0 300 0" fill="none" stroke="${accent}" stroke-width="28" stroke-linecap="round"/>` +
    `<rect x="${C.x - 14}" y="1030" width="28" height="130" fill="${accent}"/><rect x="${C.x - 120}" y="1150" width="240" height="30" rx="15" fill="${accent}"/>`,
  clock: ({ accent, light, dark }: TMotifColours) =>
    `<circle cx="${C.x}" cy="${C.y}" r="260" fill="${light}"/><circle cx="${C.x}" cy="${C.y}" r="260" fill="none" stroke="${accent}" stroke-width="26"/>` +
    `<path d="M${C.x} ${C.y}V800M${C.x} ${C.y}l120 70" stroke="${dark}" stroke-width="26" stroke-linecap="round"/><circle cx="${C.x}" cy="${C.y}" r="22" fill="${accent}"/>`,
  ticket: ({ accent, light, dark }: TMotifColours) =>
    `<g transform="rotate(-8 ${C.x} ${C.y})"><path d="M250 780h580v110a70 70 0 0 0 0 140v110H250v-110a70 70 0 0 0 0-140z" fill="${light}"/>` +
    `<path d="M660 800v340" stroke="${dark}" stroke-width="8" stroke-dasharray="22 18" opacity=".4"/>` +
    `<rect x="320" y="880" width="270" height="44" rx="22" fill="${accent}"/><rect x="320" y="960" width="190" height="36" rx="18" fill="${dark}" opacity=".25"/>${star(745, 960, 48, accent)}</g>`,
  people: ({ accent, light }: TMotifColours) =>
    person(C.x - 200, 1000, 0.8, light) + person(C.x + 200, 1000, 0.8, light) + person(C.x, 960, 1.1, accent),
  rocket: ({ accent, light, dark }: TMotifColours) =>
    `<g transform="rotate(35 ${C.x} ${C.y})"><path d="M${C.x} 640c110 90 140 250 110 420H${C.x - 110}c-30-170 0-330 110-420z" fill="${light}"/>` +
    `<circle cx="${C.x}" cy="850" r="50" fill="${accent}" stroke="${dark}" stroke-width="12"/>` +
    `<path d="M${C.x - 110} 960l-80 140 90-20zM${C.x + 110} 960l80 140-90-20z" fill="${accent}"/>` +
    `<path d="M${C.x - 60} 1070q60 170 120 0z" fill="${accent}"/></g>`,
  briefcase: ({ accent, light, dark }: TMotifColours) =>
    `<rect x="${C.x - 90}" y="700" width="180" height="110" rx="30" fill="none" stroke="${light}" stroke-width="30"/>` +
    `<rect x="${C.x - 270}" y="780" width="540" height="400" rx="44" fill="${light}"/>` +
    `<rect x="${C.x - 270}" y="930" width="540" height="40" fill="${dark}" opacity=".15"/><rect x="${C.x - 50}" y="905" width="100" height="90" rx="18" fill="${accent}"/>`,
  heart: ({ accent, light }: TMotifColours) =>
    `<path d="M${C.x} 1200c-330-210-330-520-140-520 80 0 130 60 140 100 10-40 60-100 140-100 190 0 190 310-140 520z" fill="${accent}" stroke="${light}" stroke-width="18"/>`,
  sun: ({ accent, light }: TMotifColours) =>
    `${Array.from(
      { length: 12 },
      (_, i) =>
        `<rect x="${C.x - 14}" y="650" width="28" height="90" rx="14" fill="${light}" transform="rotate(${i * 30} ${C.x} ${C.y})"/>`,
    ).join('')}<circle cx="${C.x}" cy="${C.y}" r="180" fill="${accent}"/>`,
  plane: ({ accent, light, dark }: TMotifColours) =>
    `<path d="M230 960l620-250-170 560-150-170z" fill="${light}"/><path d="M530 1140l320-430-320 360z" fill="${accent}"/>` +
    `<path d="M530 1140v120l80-90z" fill="${dark}" opacity=".5"/>`,
  plate: ({ accent, light, dark }: TMotifColours) =>
    `<circle cx="${C.x}" cy="${C.y}" r="230" fill="${light}"/><circle cx="${C.x}" cy="${C.y}" r="160" fill="none" stroke="${dark}" stroke-width="10" opacity=".15"/>` +
    `<circle cx="${C.x - 40}" cy="${C.y - 20}" r="70" fill="${accent}"/><circle cx="${C.x + 60}" cy="${C.y + 40}" r="50" fill="${accent}" opacity=".7"/>` +
    `<path d="M240 720v140M210 720v100a30 30 0 0 0 60 0V720M240 860v340" stroke="${light}" stroke-width="20" stroke-linecap="round" fill="none"/>` +
    `<path d="M840 720c50 40 50 180 0 200v280" stroke="${light}" stroke-width="24" stroke-linecap="round" fill="none"/>`,
  leaf: ({ accent, light, dark }: TMotifColours) =>
    `<path d="M${C.x} 680c280 120 300 430 0 560-300-130-280-440 0-560z" fill="${accent}"/>` +
    `<path d="M${C.x} 720v560M${C.x} 900l110-90M${C.x} 1020l-120-100M${C.x} 1130l110-90" stroke="${dark}" stroke-width="14" stroke-linecap="round" opacity=".45"/>` +
    `<circle cx="${C.x + 240}" cy="760" r="40" fill="${light}" opacity=".6"/>`,
  pizza: ({ accent, light, dark }: TMotifColours) =>
    `<circle cx="${C.x}" cy="${C.y}" r="260" fill="${accent}"/><circle cx="${C.x}" cy="${C.y}" r="220" fill="${light}"/>` +
    [0, 60, 120]
      .map(
        (a) =>
          `<path d="M${C.x} ${C.y - 220}V${C.y + 220}" stroke="${accent}" stroke-width="10" transform="rotate(${a} ${C.x} ${C.y})"/>`,
      )
      .join('') +
    [
      [-90, -110],
      [100, -70],
      [-120, 60],
      [60, 110],
      [0, 0],
    ]
      .map(([dx, dy]) => `<circle cx="${C.x + dx!}" cy="${C.y + dy!}" r="34" fill="${dark}" opacity=".75"/>`)
      .join(''),
  glass: ({ accent, light }: TMotifColours) =>
    `<path d="M${C.x - 150} 680h300c0 220-60 320-150 320s-150-100-150-320z" fill="${light}"/>` +
    `<path d="M${C.x - 140} 800h280c-10 130-60 200-140 200s-130-70-140-200z" fill="${accent}"/>` +
    `<rect x="${C.x - 12}" y="990" width="24" height="190" fill="${light}"/><rect x="${C.x - 110}" y="1170" width="220" height="28" rx="14" fill="${light}"/>`,
  pin: ({ accent, light, dark }: TMotifColours) =>
    `<g transform="translate(0 60)"><ellipse cx="${C.x}" cy="1220" rx="170" ry="40" fill="${dark}" opacity=".35"/>` +
    `<path d="M${C.x} 1220c-150-190-230-300-230-410a230 230 0 0 1 460 0c0 110-80 220-230 410z" fill="${accent}"/>` +
    `<circle cx="${C.x}" cy="810" r="90" fill="${light}"/></g>`,
  bell: ({ accent, light }: TMotifColours) =>
    `<path d="M${C.x - 220} 1120c60-60 60-150 60-240a160 160 0 0 1 320 0c0 90 0 180 60 240z" fill="${light}"/>` +
    `<circle cx="${C.x}" cy="1175" r="55" fill="${accent}"/><circle cx="${C.x}" cy="700" r="30" fill="${light}"/>` +
    `<circle cx="${C.x + 190}" cy="760" r="60" fill="${accent}"/>`,
  download: ({ accent, light }: TMotifColours) =>
    `<rect x="${C.x - 45}" y="660" width="90" height="330" rx="45" fill="${light}"/>` +
    `<path d="M${C.x - 190} 880l190 190 190-190" fill="none" stroke="${light}" stroke-width="90" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="M${C.x - 260} 1090v110h520v-110" fill="none" stroke="${accent}" stroke-width="60" stroke-linecap="round" stroke-linejoin="round"/>`,
  book: ({ accent, light, dark }: TMotifColours) =>
    `<rect x="${C.x - 200}" y="680" width="400" height="540" rx="24" fill="${accent}"/>` +
    `<rect x="${C.x - 170}" y="680" width="370" height="540" rx="24" fill="${light}"/>` +
    `<rect x="${C.x - 110}" y="780" width="250" height="44" rx="22" fill="${accent}"/>` +
    `<rect x="${C.x - 110}" y="860" width="190" height="28" rx="14" fill="${dark}" opacity=".3"/><rect x="${C.x - 110}" y="910" width="220" height="28" rx="14" fill="${dark}" opacity=".3"/>` +
    star(C.x + 15, 1080, 70, accent),
  checklist: ({ accent, light, dark }: TMotifColours) =>
    `<rect x="${C.x - 240}" y="680" width="480" height="540" rx="40" fill="${light}"/>` +
    [0, 1, 2]
      .map(
        (i) =>
          `<path d="M${C.x - 170} ${800 + i * 150}l36 36 70-80" fill="none" stroke="${accent}" stroke-width="26" stroke-linecap="round" stroke-linejoin="round"/>` +
          `<rect x="${C.x - 30}" y="${790 + i * 150}" width="210" height="34" rx="17" fill="${dark}" opacity=".25"/>`,
      )
      .join(''),
  person: ({ accent, light }: TMotifColours) =>
    `<circle cx="${C.x}" cy="${C.y}" r="270" fill="${light}" opacity=".18"/>` +
    person(C.x, 1010, 1.55, light) +
    `<circle cx="${C.x + 180}" cy="1130" r="70" fill="${accent}"/>` +
    `<path d="M${C.x + 145} 1130l25 25 45-50" fill="none" stroke="${light}" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>`,
} satisfies Record<string, (colours: TMotifColours) => string>;

export type TMotif = keyof typeof MOTIFS;

export const motifSvg = (motif: TMotif, colours: TMotifColours): string => MOTIFS[motif](colours);
