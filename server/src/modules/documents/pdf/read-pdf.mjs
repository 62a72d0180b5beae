// Reads a PDF back the way a viewer does (pdfjs-dist, the engine of Firefox's viewer) and prints JSON for the file
// named on the command line: { pages, info, page: [{ text, width, height, right }] } where `right` is the right
// edge of the rightmost text on the page (to see that nothing runs off it). The tests run this in a child process
// because pdfjs-dist is ESM with a worker of its own, which jest's CommonJS sandbox cannot load.
import { readFileSync } from 'node:fs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const [file] = process.argv.slice(2);
const data = new Uint8Array(readFileSync(file));
const pdf = await getDocument({ data, verbosity: 0, isEvalSupported: false }).promise;

const page = [];
for (let n = 1; n <= pdf.numPages; n++) {
  const p = await pdf.getPage(n);
  const { width, height } = p.getViewport({ scale: 1 });
  const items = (await p.getTextContent()).items.filter((item) => 'str' in item);
  page.push({
    text: items.map((item) => item.str + (item.hasEOL ? '\n' : '')).join(''),
    width,
    height,
    right: Math.max(0, ...items.map((item) => item.transform[4] + item.width)),
  });
}
const { info } = await pdf.getMetadata();
process.stdout.write(JSON.stringify({ pages: pdf.numPages, info, page }));
