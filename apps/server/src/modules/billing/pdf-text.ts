// Test support: the text of a PDF (an invoice), read back with pdf.js, for unit, integration and e2e
// tests. pdfjs-dist is a devDependency: import this file from tests only.

type TTextItem = { str: string; transform: number[]; width: number; hasEOL?: boolean };

async function openPdf(buffer: Uint8Array) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  return getDocument({
    data: new Uint8Array(buffer),
    disableFontFace: true,
    useSystemFonts: false,
    isEvalSupported: false,
    verbosity: 0,
  });
}

/** The document information (Title, Author, …) and the page count. */
export async function pdfInfo(buffer: Uint8Array): Promise<{ info: Record<string, unknown>; pages: number }> {
  const task = await openPdf(buffer);
  try {
    const pdf = await task.promise;
    const { info } = await pdf.getMetadata();
    return { info: info as Record<string, unknown>, pages: pdf.numPages };
  } finally {
    await task.destroy();
  }
}

/**
 * The text of every page, one line per visual line (items sorted top to bottom, left to right;
 * items on one line joined with a space where there is a gap between them), pages separated by
 * a form feed.
 */
export async function pdfText(buffer: Uint8Array): Promise<string> {
  const task = await openPdf(buffer);
  try {
    const pdf = await task.promise;
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const items = (content.items as TTextItem[]).filter((i) => typeof i.str === 'string' && i.str !== '');
      // Group by baseline (within 2pt), top of the page first.
      const lines: { y: number; items: TTextItem[] }[] = [];
      for (const item of items) {
        const y = item.transform[5]!;
        const line = lines.find((l) => Math.abs(l.y - y) < 2);
        if (line) line.items.push(item);
        else lines.push({ y, items: [item] });
      }
      lines.sort((a, b) => b.y - a.y);
      pages.push(
        lines
          .map((l) => {
            const sorted = l.items.sort((a, b) => a.transform[4]! - b.transform[4]!);
            let text = '';
            let end = Number.NEGATIVE_INFINITY;
            for (const item of sorted) {
              const x = item.transform[4]!;
              if (text && x - end > 1.5) text += ' ';
              text += item.str;
              end = x + item.width;
            }
            return text;
          })
          .join('\n'),
      );
    }
    return pages.join('\n\f\n');
  } finally {
    await task.destroy();
  }
}
