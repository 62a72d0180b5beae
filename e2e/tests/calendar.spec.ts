import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { csrf, newUser, signUpThroughUi } from './helpers';

// The viewer is in New York while the server keeps instants: what the pages show is the viewer's local time.
test.use({ timezoneId: 'America/New_York' });

const pad = (n: number) => String(n).padStart(2, '0');

/** Days of the month the calendar opens on (the viewer's today), as YYYY-MM-DD. */
function daysOfThisMonth(now: Date) {
  const day = (d: number) => `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(d)}`;
  return { first: day(10), second: day(12) };
}

/** The instant of a local date and time in the browser's zone (New York), as the API answers it. */
const instant = (page: Page, localDateTime: string) => page.evaluate((v) => new Date(v).toISOString(), localDateTime);

async function meetingOf(request: APIRequestContext, id: string) {
  const res = await request.get(`/api/v1/meetings/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()).data as { startDate: string; endDate: string; title: string };
}

const calendar = (page: Page) => page.getByTestId('calendar');
/** The meeting's event on the calendar. */
const eventOf = (page: Page, title: string) => calendar(page).locator('.atrium-fc-meeting', { hasText: title });
/** A day's cell of the month view. */
const dayCell = (page: Page, day: string) => calendar(page).locator(`[data-date="${day}"]`).first();

/** Presses the mouse on `from`, moves in steps (FullCalendar starts a drag past a few pixels) and releases at (x, y). */
async function dragTo(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 4, from.y + 4, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}
const centre = async (l: Locator) => {
  const b = (await l.boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
};

test('calendar: a meeting created from + New, dragged to another day, resized, opened by its address, on its contact and project pages, all there after reload', async ({
  page,
  context,
}) => {
  // Sign-up, two pages of the work remote, the crm remote and four reloads: more than the default minute.
  test.setTimeout(180_000);
  await signUpThroughUi(page, newUser());
  const token = await csrf(context.request);
  const headers = { 'x-xsrf-token': token };
  const contactRes = await context.request.post('/api/v1/contacts', {
    data: { firstName: 'Clara', lastName: 'Client', email: 'clara@clients.test' },
    headers,
  });
  expect(contactRes.status()).toBe(201);
  const contactId = (await contactRes.json()).data._id as string;
  const projectRes = await context.request.post('/api/v1/projects', {
    data: { title: 'Clara kitchen', type: 'Renovation' },
    headers,
  });
  expect(projectRes.status()).toBe(201);
  const projectId = (await projectRes.json()).data._id as string;

  const now = new Date(await page.evaluate(() => new Date().toString()));
  const { first, second } = daysOfThisMonth(now);

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible();
  await expect(calendar(page)).toBeVisible();

  // '+ New' → Meeting: the schema's message first, then a meeting with the contact and the project.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Meeting' }).click();
  const modal = page.getByRole('dialog', { name: 'New meeting' });
  await modal.getByRole('button', { name: 'Create meeting' }).click();
  await expect(modal.getByText('Title is required')).toBeVisible();
  await modal.getByLabel(/^Title/).fill('Site visit');
  await modal.getByLabel(/^Start/).fill(`${first}T10:00`);
  await modal.getByLabel(/^End/).fill(`${first}T11:00`);
  // The Project select's list may need a second click to open (the first one right after another field does not).
  const kitchen = modal.getByRole('option', { name: 'Clara kitchen' });
  await expect(async () => {
    await modal.getByRole('combobox', { name: 'Project' }).click();
    await expect(kitchen).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await kitchen.click();
  await modal.getByRole('textbox', { name: 'Attendees' }).fill('Clara');
  await modal.getByRole('option', { name: 'Clara Client' }).click();
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/meetings') && r.request().method() === 'POST');
  await modal.getByRole('button', { name: 'Create meeting' }).click();
  const createdRes = await created;
  expect(createdRes.status()).toBe(201);
  const body = (await createdRes.json()).data as { _id: string; projectId: string | null; attendees: { id: string }[] };
  const meetingId = body._id;
  expect(body.projectId).toBe(projectId);
  expect(body.attendees.map((a) => a.id)).toEqual([contactId]);
  await expect(page.getByTestId('toast-stack')).toContainText('Meeting created successfully');
  await expect(page).toHaveURL(/\/calendar(\?|$)/);
  await expect(modal).toBeHidden();

  // Month view: the meeting on its day; dragged two days later, it keeps its hours.
  await expect(dayCell(page, first).locator('.atrium-fc-meeting', { hasText: 'Site visit' })).toBeVisible();
  const moved = page.waitForResponse(
    (r) => r.url().includes('/api/v1/calendar/items/') && r.request().method() === 'PATCH',
  );
  await dragTo(page, await centre(eventOf(page, 'Site visit')), await centre(dayCell(page, second)));
  expect((await moved).status()).toBe(200);
  await expect(dayCell(page, second).locator('.atrium-fc-meeting', { hasText: 'Site visit' })).toBeVisible();
  let stored = await meetingOf(context.request, meetingId);
  expect(stored.startDate).toBe(await instant(page, `${second}T10:00`));
  expect(stored.endDate).toBe(await instant(page, `${second}T11:00`));

  // Week view: its bottom edge dragged an hour down makes it end at noon.
  await page.goto(`/calendar?view=week&date=${second}`);
  const event = eventOf(page, 'Site visit');
  await expect(event).toBeVisible();
  const box = (await event.boundingBox())!;
  await event.hover();
  const resized = page.waitForResponse(
    (r) => r.url().includes('/api/v1/calendar/items/') && r.request().method() === 'PATCH',
  );
  // An hour is the event's own height (10:00–11:00).
  await dragTo(
    page,
    { x: box.x + box.width / 2, y: box.y + box.height - 2 },
    { x: box.x + box.width / 2, y: box.y + 2 * box.height - 2 },
  );
  expect((await resized).status()).toBe(200);
  stored = await meetingOf(context.request, meetingId);
  expect(stored.startDate).toBe(await instant(page, `${second}T10:00`));
  expect(stored.endDate).toBe(await instant(page, `${second}T12:00`));

  // Its address opens it over the calendar, in the viewer's hours.
  await page.goto(`/calendar/meetings/${meetingId}`);
  const panel = page.getByRole('dialog', { name: 'Meeting' });
  await expect(panel.getByTestId('meeting-panel-title')).toHaveText('Site visit');
  await expect(panel).toContainText(/10:00\sAM\s–\s12:00\sPM/);
  await expect(panel).toContainText('Clara Client');

  // The contact's page lists it (an attendee), linked back to the meeting.
  await page.goto(`/contacts/${contactId}`);
  const card = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: 'Meetings' }) });
  const link = card.getByRole('link', { name: 'Site visit' });
  await expect(link).toHaveAttribute('href', `/calendar/meetings/${meetingId}`);
  await expect(card).toContainText(/10:00\sAM\s–\s12:00\sPM/);
  // So does the project's details tab.
  await page.goto(`/projects/${projectId}/details`);
  await expect(page.getByRole('link', { name: 'Site visit' })).toHaveAttribute(
    'href',
    `/calendar/meetings/${meetingId}`,
  );

  // From the contact's page to the meeting, across remotes.
  await page.goto(`/contacts/${contactId}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/calendar/meetings/${meetingId}$`));
  await expect(panel.getByTestId('meeting-panel-title')).toHaveText('Site visit');

  // Everything is where it was after a reload.
  await page.reload();
  await expect(panel.getByTestId('meeting-panel-title')).toHaveText('Site visit');
  await page.goto(`/calendar?date=${second}`);
  await expect(dayCell(page, second).locator('.atrium-fc-meeting', { hasText: 'Site visit' })).toBeVisible();
  await expect(dayCell(page, first).locator('.atrium-fc-meeting')).toHaveCount(0);
  await page.goto(`/contacts/${contactId}`);
  await page.reload();
  await expect(link).toHaveAttribute('href', `/calendar/meetings/${meetingId}`);
});
