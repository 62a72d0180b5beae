// Document PDF benchmark (`pnpm bench:pdf`): "a 10-page invoice with 300 line items renders to PDF in ≤ 500 ms
// on the server (p95 of 20)" (issue #17). A benchmark that reports, not a test that passes or fails.
//
// renderDocumentPdf (server/src/modules/documents/pdf) as the API calls it — in a PDF worker thread of this process
// (lib/worker-pool.ts): first the cold render (thread started, font files read and parsed), then --warmup renders, then --runs timed renders of the big invoice and, as a baseline in the same
// run, of a one-page invoice (5 items). Prints pages, size, p50/p95/max and the process memory.
import { parseArgs } from 'node:util';
import { renderDocumentPdf } from '../server/src/modules/documents/pdf';
import { sampleInvoice } from '../server/src/modules/documents/pdf/sample';

const argv = process.argv.slice(2).filter((a) => a !== '--');
const { values: opts } = parseArgs({
  args: argv,
  options: {
    items: { type: 'string', default: '300' },
    runs: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});
if (opts.help) {
  console.log(`pnpm bench:pdf [-- --items=N] [--runs=N] [--warmup=N]
  --items=N   line items of the big invoice (default 300)
  --runs=N    timed renders per case (default 20)
  --warmup=N  untimed renders per case first (default 3)`);
  process.exit(0);
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const pageCount = (pdf: Uint8Array) =>
  (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type \/Page\b/g) ?? []
  ).length;

async function timeCase(name: string, items: number) {
  const model = sampleInvoice(items);
  for (let i = 0; i < Number(opts.warmup); i++) await renderDocumentPdf(model);
  const times: number[] = [];
  let pdf = new Uint8Array();
  for (let i = 0; i < Number(opts.runs); i++) {
    const start = performance.now();
    pdf = await renderDocumentPdf(model);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(28)} ${String(items).padStart(5)} items  ${String(pageCount(pdf)).padStart(3)} pages  ` +
      `${(pdf.length / 1024).toFixed(0).padStart(4)} KB  p50 ${pct(times, 50).toFixed(0)} ms  ` +
      `p95 ${pct(times, 95).toFixed(0)} ms  max ${times[times.length - 1]!.toFixed(0)} ms`,
  );
  return pct(times, 95);
}

const rss0 = process.memoryUsage().rss;
const coldStart = performance.now();
const first = await renderDocumentPdf(sampleInvoice(300));
const cold = performance.now() - coldStart;
console.log(
  `Node ${process.version}, ${Number(opts.runs)} timed renders per case after ${Number(opts.warmup)} warm-up`,
);
console.log(
  `cold first render (fonts read + parsed): ${cold.toFixed(0)} ms, ${pageCount(first)} pages; ` +
    `RSS ${mb(rss0)} → ${mb(process.memoryUsage().rss)}`,
);
await timeCase('baseline: 1-page invoice', 5);
const p95 = await timeCase('invoice', Number(opts.items));
console.log(`RSS after the runs: ${mb(process.memoryUsage().rss)}, heap used ${mb(process.memoryUsage().heapUsed)}`);
console.log(`target p95 ≤ 500 ms: ${p95 <= 500 ? 'met' : 'MISSED'} (${p95.toFixed(0)} ms)`);
