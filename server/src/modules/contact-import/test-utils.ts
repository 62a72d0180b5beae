/** Helpers for the contact-import tests (not used by the app). */
import { randomBytes } from 'node:crypto';
import { contactImportJobSchema, type ContactImportJob } from '@atrium/domain-crm/schemas';
import type { Agent } from '../../../test/helpers';

/** A multipart/form-data body with one file part. */
export function multipartFile(
  fileName: string,
  content: Buffer | string,
  { field = 'file', type = 'text/csv' }: { field?: string; type?: string } = {},
) {
  const boundary = `----atrium${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
    `Content-Type: ${type}\r\n\r\n`;
  const payload = Buffer.concat([
    Buffer.from(head),
    typeof content === 'string' ? Buffer.from(content, 'utf8') : content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function uploadCsv(agent: Agent, content: Buffer | string, fileName = 'contacts.csv') {
  const { payload, headers } = multipartFile(fileName, content);
  return agent.post('/contacts/upload', payload, { headers });
}

/** Polls GET /contacts/import/:jobId until the job has finished. */
export async function waitForJob(agent: Agent, jobId: string, timeoutMs = 25_000): Promise<ContactImportJob> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await agent.get(`/contacts/import/${jobId}`);
    if (res.statusCode !== 200) throw new Error(`status failed: ${res.statusCode} ${res.body}`);
    const job = contactImportJobSchema.strict().parse(res.json().data);
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (Date.now() > until) throw new Error(`job ${jobId} still ${job.status} (${job.processed}/${job.total})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A CSV of `count` valid contacts, emails person<start+i>@example.com. */
export function contactsCsv(count: number, start = 0): string {
  const lines = ['First Name,Last Name,Email,Phone,Company'];
  for (let i = start; i < start + count; i++) {
    lines.push(`Person${i},Tester,person${i}@example.com,555 ${String(i).padStart(6, '0')},Company ${i % 50}`);
  }
  return `${lines.join('\n')}\n`;
}
