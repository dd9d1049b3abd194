// Which page of the grid each uploaded file goes to.

/** The page a file name addresses ('B2.jpg', 'b2.png'), or null. */
export function coordinateOfFileName(name: string): string | null {
  const m = /^([a-z]{1,3}[1-9]\d?|[a-z]{1,3}100)\.[a-z0-9]+$/i.exec(name.split('/').pop() ?? '');
  return m ? m[1]!.toUpperCase() : null;
}

/**
 * Which page each uploaded file goes to: files named like a page (B2.jpg) to that page, the
 * others in name order to the empty pages from the first one on.
 */
export function assignFilesToPages<T extends { name: string }>(
  files: T[],
  pages: { coordinate: string; filled: boolean }[],
): { file: T; coordinate: string }[] {
  const valid = new Set(pages.map((p) => p.coordinate));
  const taken = new Set<string>();
  const out: { file: T; coordinate: string }[] = [];
  const rest: T[] = [];
  for (const file of files) {
    const c = coordinateOfFileName(file.name);
    if (c && valid.has(c) && !taken.has(c)) {
      taken.add(c);
      out.push({ file, coordinate: c });
    } else rest.push(file);
  }
  rest.sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }));
  const free = pages.filter((p) => !p.filled && !taken.has(p.coordinate)).map((p) => p.coordinate);
  rest.forEach((file, i) => {
    if (free[i]) out.push({ file, coordinate: free[i]! });
  });
  return out;
}
