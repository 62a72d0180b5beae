import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { csrf, mailedLink, newUser, signUpThroughUi } from './helpers';

/** Poppler's pdfsig (poppler-utils, installed by .ci/run): an independent check of the PAdES seal. */
function pdfsig(file: string): string {
  const out = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  if (out.error) throw new Error(`pdfsig is needed (apt-get install poppler-utils): ${out.error.message}`);
  return `${out.stdout}${out.stderr}`;
}

/** The text of a PDF as a viewer reads it (the server's pdfjs reader, as documents.spec.ts does). */
function pdfText(file: string): string {
  const reader = path.resolve(__dirname, '../../server/src/modules/documents/pdf/read-pdf.mjs');
  const out = spawnSync(process.execPath, [reader, file], { encoding: 'utf8' });
  const parsed = JSON.parse(out.stdout) as { page: { text: string }[] };
  return parsed.page.map((p) => p.text).join('\n');
}

/** Draws a signature on the pad's canvas with the mouse: two strokes. */
async function drawSignature(page: Page) {
  const canvas = page.getByTestId('signature-canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(0.1, 0.6));
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(...at(0.1 + i * 0.05, 0.6 - Math.sin(i / 2) * 0.25));
  await page.mouse.up();
  await page.mouse.move(...at(0.3, 0.75));
  await page.mouse.down();
  await page.mouse.move(...at(0.7, 0.72), { steps: 8 });
  await page.mouse.up();
  await expect(canvas).toHaveAttribute('data-strokes', '2');
}

/** A full-page picture of the step in the test's output folder (kept for review; not an assertion). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test('signatures: a contract sent for signature, signed by the client from the mailed link, countersigned by the owner, and its sealed PDF verified', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = newUser();
  const clientEmail = `carl.${Date.now().toString(36)}@client.test`;
  await signUpThroughUi(page, owner);

  // A contract with its two signers ('+ New' is in the shell's header).
  await page.getByRole('link', { name: 'Documents' }).first().click();
  await expect(page.getByRole('heading', { name: 'Documents' })).toBeVisible();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Contract' }).click();
  await expect(page).toHaveURL(/\/documents\/editor\/[^/?]+$/);
  const documentId = page.url().split('/').pop()!;
  await page.getByRole('textbox', { name: 'Title' }).fill('Studio lease');
  await page.getByRole('button', { name: 'Add block' }).click();
  await page.getByRole('menuitem', { name: 'Heading' }).click();
  await page.getByLabel('Heading', { exact: true }).fill('Twelve months from January');
  await page.getByRole('textbox', { name: 'Business owner' }).fill(`${owner.firstName} ${owner.lastName}`);
  await page.getByRole('textbox', { name: 'Client' }).fill('Carl Client');
  await page.getByRole('textbox', { name: 'Email' }).nth(1).fill(clientEmail);
  await expect(page.getByRole('status').filter({ hasText: /Saved/ })).toBeVisible();

  // Send for signature: the client first, then the business owner.
  await page.getByRole('button', { name: 'Send for signature' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send for signature' });
  await expect(dialog.getByRole('textbox', { name: 'Client' })).toHaveValue('Carl Client');
  await expect(dialog.getByRole('textbox', { name: 'Email' }).first()).toHaveValue(clientEmail);
  await shot(page, '01-send-dialog');
  await dialog.getByRole('button', { name: 'Send for signature' }).click();
  await expect(page).toHaveURL(/\/signatures\/workflows\/[^/]+$/);
  const workflowId = page.url().split('/').pop()!;
  await expect(page.getByRole('heading', { name: 'Studio lease' })).toBeVisible();
  const signers = page.getByRole('table', { name: 'Signers' });
  await expect(signers.getByRole('row').nth(1)).toContainText('Carl Client');
  await expect(signers.getByRole('row').nth(1)).toContainText('Invited');
  await expect(signers.getByRole('row').nth(2)).toContainText('Waiting');
  // Sequential: the owner's turn has not come.
  await expect(page.getByRole('link', { name: 'Sign as business owner' })).toHaveCount(0);
  await shot(page, '02-workflow-sent');
  // The contract is renamed after it went out: the signers sign, and the seal holds, the contract as sent.
  const renamed = await page.request.put(`/api/v1/documents/${documentId}`, {
    data: { title: 'Studio lease renamed afterwards' },
    headers: { 'x-xsrf-token': await csrf(page.request) },
  });
  expect(renamed.status()).toBe(200);
  await page.goto(`/signatures/workflows/${workflowId}/view-document`);
  await expect(
    page.getByText('The contract as it was sent for signature: later edits do not change what is signed.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Studio lease', exact: true })).toBeVisible();
  await shot(page, '02b-owner-reads-as-sent');
  await page.goto(`/signatures/workflows/${workflowId}`);

  // The client: the mailed link, in a fresh browser (no session).
  // The invitation is the only mail to the client (its subject is RFC 2047-encoded: quotes in the title).
  const link = await mailedLink(clientEmail, /./, `/documents/view/${documentId}`);
  expect(link).toContain(`/documents/view/${documentId}?token=sig_`);
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto(link);
  await expect(client.getByRole('heading', { name: 'Review and sign' })).toBeVisible();
  await expect(client.getByRole('heading', { name: 'Twelve months from January' })).toBeVisible();
  await shot(client, '03-signer-review');
  await client.getByRole('button', { name: 'Continue' }).click();
  await expect(client.getByText('Electronic signature disclosure', { exact: false }).first()).toBeVisible();
  await shot(client, '04-signer-consent');
  await client.getByRole('checkbox').check();
  await client.getByRole('button', { name: 'Agree and continue' }).click();
  await drawSignature(client);
  await shot(client, '05-signer-drawn');
  await client.getByRole('button', { name: 'Finish' }).click();
  await expect(client.getByRole('heading', { name: 'Thank you — your signature is recorded' })).toBeVisible();
  await shot(client, '06-signer-done');
  // The link is single use: opened again, it is spent.
  await client.goto(link);
  await expect(client).toHaveURL(/\/document-expired$/);
  await clientContext.close();

  // The owner countersigns at /business-owner-sign.
  await page.reload();
  await expect(signers.getByRole('row').nth(1)).toContainText('Signed');
  await page.getByRole('link', { name: 'Sign as business owner' }).click();
  await expect(page).toHaveURL(`/signatures/workflows/${workflowId}/business-owner-sign`);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await drawSignature(page);
  await shot(page, '07-owner-sign');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(`/signatures/workflows/${workflowId}`);
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Signed PDF verified')).toBeVisible();
  await shot(page, '08-workflow-completed');
  const audit = page.getByRole('table', { name: 'Audit trail' });
  for (const event of [
    'Created',
    'Sent',
    'Opened',
    'Consented to sign electronically',
    'Signed',
    'Completed',
    'Signed PDF sealed',
  ])
    await expect(audit.getByRole('cell', { name: event, exact: true }).first()).toBeVisible();

  // The signed PDF: downloaded from the page, its hash the one the server recorded, its seal valid for poppler.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download signed PDF' }).click();
  const file = path.join(os.tmpdir(), `atrium-e2e-signed-${Date.now()}.pdf`);
  await (await download).saveAs(file);
  const bytes = readFileSync(file);
  const workflow = (await (await page.request.get(`/api/v1/signatures/workflows/${workflowId}`)).json()).data;
  expect(workflow.status).toBe('completed');
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(workflow.signedSha256);
  const sig = pdfsig(file);
  expect(sig).toContain('Signature is Valid');
  expect(sig).toContain('ETSI.CAdES.detached');
  expect(sig).toContain('Total document signed');
  const text = pdfText(file);
  expect(text).toContain('Studio lease');
  expect(text).not.toContain('renamed afterwards');
  expect(text).toContain('Carl Client');
  expect(text).toContain(workflowId);

  // A tampered copy (one byte of page content changed) no longer verifies.
  const tampered = Buffer.from(bytes);
  const at = tampered.indexOf('stream\n') + 20;
  tampered[at] = tampered[at]! ^ 0x01;
  const tamperedFile = file.replace(/\.pdf$/, '-tampered.pdf');
  writeFileSync(tamperedFile, tampered);
  expect(pdfsig(tamperedFile)).not.toContain('Signature is Valid');

  // The server's own check agrees, and the completed list offers the same file.
  const verify = (await (await page.request.get(`/api/v1/signatures/workflows/${workflowId}/verify`)).json()).data;
  expect(verify).toMatchObject({ valid: true, sealValid: true, hashMatches: true, auditChainValid: true });
  await page.goto('/documents');
  await page.getByRole('link', { name: 'Signatures' }).click();
  await page.getByRole('tab', { name: 'Completed signatures' }).click();
  await expect(page).toHaveURL(/\/signatures\/completed$/);
  await expect(page.getByRole('link', { name: 'Studio lease' })).toBeVisible();
  await shot(page, '09-completed-list');

  // The evidence stays: the signed contract cannot be deleted, nor its sealed PDF in the file manager.
  await page.goto('/documents');
  await page.getByRole('button', { name: 'Actions for Studio lease renamed afterwards' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText(/This contract was sent for signature: it is kept with its signature evidence/),
  ).toBeVisible();
  await shot(page, '10-contract-kept');
  await page.goto('/files/documents');
  await page.getByRole('button', { name: 'Actions for Studio lease (signed).pdf' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText('This is the sealed PDF of a signed contract: it is kept as evidence and cannot be deleted'),
  ).toBeVisible();
  await shot(page, '11-sealed-pdf-kept');
});
