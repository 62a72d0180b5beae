// Signed contract PDF benchmark (`pnpm bench:seal`): "finalising a 20-page signed PDF with certificate and PAdES
// seal ≤ 1.5 s p95" (issue #18). A benchmark that reports, not a test that passes or fails.
//
// finalizeSignedPdf (server/src/modules/signatures/pdf) as the API calls it (render and seal in a PDF worker thread of
// this process, lib/worker-pool.ts), on the sample contract of pdf/sample.ts
// (≈ 20 pages of clauses, a drawn and a typed signature, a 7-entry audit trail): first the cold run, then --warmup
// runs, then --runs timed runs. Baseline in the same run: the plain unsigned render of the same contract
// (renderDocumentPdf). Each finalise is split into its render (contract + certificate pages) and the seal (pdf-lib
// load, placeholder, save, CMS signature); the longest event-loop stall during the timed runs is reported too: it was the
// whole finalise while the work ran on the API's thread.
import { cpus, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { renderDocumentPdf, type PdfDocumentModel } from '../server/src/modules/documents/pdf';
import { finalizeSignedPdf, generateSigningIdentity, verifySealedPdf } from '../server/src/modules/signatures/pdf';
import { sampleContract, sampleFinalizeInput } from '../server/src/modules/signatures/pdf/sample';

const argv = process.argv.slice(2).filter((a) => a !== '--');
const { values: opts } = parseArgs({
  args: argv,
  options: {
    pages: { type: 'string', default: '20' },
    runs: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    help: { type: 'boolean', short: 'h', default: false },
  },
  strict: true,
});
if (opts.help) {
  console.log(`pnpm bench:seal [-- --pages=N] [--runs=N] [--warmup=N]
  --pages=N   contract pages before the certificate (default 20)
  --runs=N    timed runs per case (default 20)
  --warmup=N  untimed runs per case first (default 3)`);
  process.exit(0);
}

const pages = Number(opts.pages);
const runs = Number(opts.runs);
const warmup = Number(opts.warmup);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${ms(pct(sorted, 50))}  p95 ${ms(pct(sorted, 95))}  max ${ms(sorted[sorted.length - 1]!)}`;
};

const identityStart = performance.now();
const identity = generateSigningIdentity('Atrium document seal — bench');
console.log(
  `Node ${process.version}, ${runs} timed runs per case after ${warmup} warm-up; ${cpus().length} CPUs, ` +
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at start`,
);
console.log(`seal identity generated (RSA 2048, self-signed, P12): ${ms(performance.now() - identityStart)}`);

const input = sampleFinalizeInput(pages);
let renderMs = 0;
const timedRender = async (model: PdfDocumentModel) => {
  const t = performance.now();
  const out = await renderDocumentPdf(model);
  renderMs = performance.now() - t;
  return out;
};

const coldStart = performance.now();
const first = await finalizeSignedPdf(input, { identity, renderPdf: timedRender });
console.log(
  `cold first finalise (fonts read + parsed): ${ms(performance.now() - coldStart)}, ${first.pageCount} pages ` +
    `(${pages} of contract), ${(first.pdf.length / 1024).toFixed(0)} KB`,
);

// Baseline: the same contract rendered plain (no signatures filled in, no certificate, no seal).
const plainModel = sampleContract(pages);
for (let i = 0; i < warmup; i++) await renderDocumentPdf(plainModel);
const plain: number[] = [];
let plainPdf = new Uint8Array();
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  plainPdf = await renderDocumentPdf(plainModel);
  plain.push(performance.now() - t);
}
console.log(
  `${'baseline: plain render'.padEnd(34)} ${(plainPdf.length / 1024).toFixed(0).padStart(4)} KB  ${stats(plain)}`,
);

for (let i = 0; i < warmup; i++) await finalizeSignedPdf(input, { identity });
const total: number[] = [];
const render: number[] = [];
const seal: number[] = [];
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let last = first;
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  last = await finalizeSignedPdf(input, { identity, renderPdf: timedRender });
  const elapsed = performance.now() - t;
  total.push(elapsed);
  render.push(renderMs);
  seal.push(elapsed - renderMs);
}
loop.disable();
console.log(`${'finalise: total'.padEnd(34)} ${(last.pdf.length / 1024).toFixed(0).padStart(4)} KB  ${stats(total)}`);
console.log(`${'  of which render (+ certificate)'.padEnd(34)}          ${stats(render)}`);
console.log(`${'  of which seal (pdf-lib + CMS)'.padEnd(34)}          ${stats(seal)}`);

const verify: number[] = [];
for (let i = 0; i < runs; i++) {
  const t = performance.now();
  if (!verifySealedPdf(last.pdf).valid) throw new Error('the sealed PDF does not verify');
  verify.push(performance.now() - t);
}
console.log(`${'verifySealedPdf'.padEnd(34)}          ${stats(verify)}`);
console.log(
  `longest event-loop stall during the finalise runs: ${ms(loop.max / 1e6)} (render and seal run in a worker thread)`,
);
const p95 = pct(
  [...total].sort((a, b) => a - b),
  95,
);
console.log(`RSS after the runs: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`);
console.log(`load average at the end: ${loadavg()[0]!.toFixed(1)}`);
console.log(`target p95 ≤ 1500 ms: ${p95 <= 1500 ? 'met' : 'MISSED'} (${ms(p95)})`);
