import { expect, test } from '@playwright/test';
import { newUser, signUpThroughUi } from './helpers';

test('forms: a questionnaire and a contact form built signed in, answered signed out, their responses and the contact', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpThroughUi(page, newUser());

  // A questionnaire with a required text question and a number question, sent to get its link.
  await page.getByRole('link', { name: 'Documents' }).first().click();
  await page.getByRole('button', { name: 'New document' }).click();
  await page.getByRole('menuitem', { name: 'Questionnaire' }).click();
  await expect(page).toHaveURL(/\/documents\/editor\/[^/?]+$/);
  const documentId = page.url().split('/').pop()!;
  await page.getByRole('textbox', { name: 'Title' }).fill('Wedding questionnaire');
  await page.getByRole('button', { name: 'Add block' }).click();
  await page.getByRole('menuitem', { name: 'Question' }).click();
  await page.getByRole('textbox', { name: 'Question' }).nth(0).fill('Venue');
  await page.getByRole('switch', { name: 'Required' }).nth(0).check();
  await page.getByRole('button', { name: 'Add block' }).click();
  await page.getByRole('menuitem', { name: 'Question' }).click();
  await page.getByRole('textbox', { name: 'Question' }).nth(1).fill('Guests');
  await page.getByRole('combobox', { name: 'Answer' }).nth(1).click();
  await page.getByRole('option', { name: 'Number' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('dialog', { name: 'Send this document?' }).getByRole('button', { name: /^Send/ }).click();
  const sent = page.getByRole('dialog', { name: 'Document sent' });
  const questionnaireLink = await sent.getByLabel('Link for the client').inputValue();
  await sent.getByRole('button', { name: 'Done' }).click();

  // A contact form (from home's 'Contact Forms' link), with a question of its own; its public page's address.
  await page.goto('/');
  await page.getByRole('link', { name: 'Contact Forms' }).first().click();
  await expect(page.getByRole('heading', { name: 'Contact Forms' })).toBeVisible();
  await expect(page.getByText('No contact forms yet.')).toBeVisible();
  await page.getByRole('link', { name: 'New form' }).click();
  await expect(page).toHaveURL(/\/contact-forms\/editor\/[^/?]+$/);
  await page.getByRole('textbox', { name: 'Name' }).fill('Website enquiry');
  await page.getByRole('button', { name: 'Add question' }).click();
  await page.getByRole('textbox', { name: 'Question' }).fill('Budget');
  await page.getByRole('switch', { name: 'Required' }).check();
  await expect(page.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
  const formLink = await page.getByRole('textbox', { name: 'Public page' }).inputValue();
  expect(formLink).toMatch(/\/forms\/[^/]+$/);
  await page.getByRole('link', { name: 'Contact Forms' }).first().click();
  await expect(page.getByRole('row', { name: /Website enquiry/ })).toContainText('Active');

  // Signed out, in a fresh browser: the questionnaire through its link.
  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  await guest.goto(questionnaireLink);
  await expect(guest.getByRole('heading', { name: 'Wedding questionnaire' })).toBeVisible();
  await guest.getByRole('button', { name: 'Submit answers' }).click();
  await expect(guest.getByText('This question is required')).toBeVisible();
  await guest.getByRole('textbox', { name: /Venue/ }).fill('The old barn');
  await guest.getByRole('textbox', { name: 'Guests' }).fill('120');
  await guest.getByRole('button', { name: 'Submit answers' }).click();
  await expect(guest.getByRole('status').filter({ hasText: /response has been received/ })).toBeVisible();

  // …and the contact form at its public address: a field message first, then the success message.
  await guest.goto(formLink);
  await expect(guest.getByRole('heading', { name: 'Website enquiry' })).toBeVisible();
  await guest.getByRole('textbox', { name: /First name/ }).fill('Jane');
  await guest.getByRole('textbox', { name: 'Last name' }).fill('Formfill');
  await guest.getByRole('textbox', { name: /Email/ }).fill('jane.formfill@example.com');
  await guest.getByRole('button', { name: 'Submit' }).click();
  await expect(guest.getByText('This question is required')).toBeVisible();
  await guest.getByRole('textbox', { name: /Budget/ }).fill('About $3,000');
  await guest.getByRole('button', { name: 'Submit' }).click();
  await expect(guest.getByRole('status')).toContainText(/received/);
  // An unknown form is a plain page.
  await guest.goto(formLink.replace(/\/forms\/.+$/, '/forms/not-a-form'));
  await expect(guest.getByRole('heading', { name: 'This form is not available' })).toBeVisible();
  await visitor.close();

  // Signed in again: both responses, newest first.
  await page.goto('/responses');
  const table = page.getByRole('table', { name: 'Responses' });
  await expect(table.getByRole('row')).toHaveCount(3);
  const formRow = table.getByRole('row', { name: /Website enquiry/ });
  await expect(formRow).toContainText('Jane Formfill');
  await expect(formRow).toContainText('jane.formfill@example.com');
  await expect(table.getByRole('row', { name: /Wedding questionnaire/ })).toContainText('Questionnaire');

  // The contact form's response: its answer under its question, its contact linked.
  await formRow.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/response\/[^/]+$/);
  const answers = page.getByLabel('Answers');
  await expect(answers.getByRole('term')).toHaveText(['Budget']);
  await expect(answers.getByRole('definition')).toHaveText(['About $3,000']);
  await page.getByRole('link', { name: 'Jane Formfill' }).click();
  await expect(page).toHaveURL(/\/contacts\/[^/]+$/);
  await expect(page.getByText('jane.formfill@example.com').first()).toBeVisible();

  // The contact the form created is in the contacts list.
  await page.goto('/contacts');
  await expect(page.getByRole('row', { name: /Jane Formfill/ })).toBeVisible();

  // The questionnaire's own responses page.
  await page.goto(`/documents/responses/${documentId}`);
  await expect(page.getByRole('link', { name: 'Wedding questionnaire' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Responses' }).getByRole('row')).toHaveCount(2);
  await page.getByRole('table', { name: 'Responses' }).getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByLabel('Answers').getByRole('definition')).toHaveText(['The old barn', '120']);

  // The contact form's list counts its submission.
  await page.goto('/contact-forms');
  await expect(page.getByRole('row', { name: /Website enquiry/ })).toContainText('1');
});
