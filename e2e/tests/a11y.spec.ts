import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  request as apiRequest,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { call } from './comms-helpers';
import { mailedLink, newUser, verificationCode } from './helpers';

/**
 * Issue #21 §8: every page passes axe with the WCAG 2.2 AA rule set. Every route of the host and of each remote's
 * module.ts route table is visited — signed in as an owner whose business holds a little of everything (seeded
 * through the API, so each route with an id has one to show), then the public pages signed out. One page, many
 * navigations; the violations of all routes are gathered and printed together, and any one fails the test.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const control = () => process.env.E2E_GOOGLE_FAKE_CONTROL ?? 'http://127.0.0.1:3096';

interface Found {
  route: string;
  lines: string[];
}

/**
 * Waits until the page has settled: no skeletons or busy regions, a heading shown, the fonts and transitions done —
 * and still so 250 ms later. The router moves in a transition, so right after a navigation the previous page (with its
 * heading) can still be on screen, and the next page's skeleton comes a moment later: one look passed on the old page
 * and axe then read the skeleton (/settings/profile/general was audited as a skeleton that way).
 */
async function settle(page: Page) {
  const settled = () =>
    page.evaluate(
      () =>
        document.querySelector('[data-testid="page-skeleton"], [aria-busy="true"]') === null &&
        document.querySelector('.mantine-Skeleton-root[data-visible]') === null &&
        document.querySelector('h1, h2') !== null,
    );
  const deadline = Date.now() + 10_000;
  for (;;) {
    await expect
      .poll(settled, { timeout: Math.max(deadline - Date.now(), 1) })
      .toBe(true)
      .catch(() => undefined);
    // Mantine's transitions (menus, tabs, fades) last up to 200 ms; axe would read their half-faded colours.
    await page.waitForTimeout(250);
    if (Date.now() >= deadline || (await settled())) return;
  }
}

/** Where an audit's time goes: the wait for the page to settle, and axe itself. */
function clock() {
  const t = { routes: 0, settle: 0, axe: 0, start: Date.now() };
  return {
    add(settle: number, axe: number) {
      t.routes += 1;
      t.settle += settle;
      t.axe += axe;
    },
    print(pass: string) {
      const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      console.log(
        `axe ${pass}: ${t.routes} audits in ${s(Date.now() - t.start)} (settling ${s(t.settle)}, axe ${s(t.axe)})`,
      );
    },
  };
}

/** Audits the page, or only `include` (a dialog, a menu, a toast opened over a page already audited). */
async function audit(page: Page, route: string, found: Found[], timing: ReturnType<typeof clock>, include?: string) {
  const settling = Date.now();
  await settle(page);
  const at = Date.now();
  // Legacy mode runs axe in the page itself (no second blank page for the report): ~4 s a route less. Only the
  // violations are reported in full (every node); passes and the rest keep one node each — axe's own advice for
  // speed (building a selector for every passing node took about half of each audit), and only violations fail.
  // (options() replaces the options object: it goes before withTags.)
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(TAGS)
    .setLegacyMode(true);
  const result = await (include ? builder.include(include) : builder).analyze();
  timing.add(at - settling, Date.now() - at);
  if (result.violations.length === 0) return;
  const lines = result.violations.flatMap((v) => [
    `  [${v.impact ?? 'n/a'}] ${v.id}: ${v.help} (${v.helpUrl.replace(/\?.*$/, '')})`,
    ...v.nodes
      .slice(0, 5)
      .map((n) => `      ${n.target.join(' ')}\n        ${n.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`),
    ...(v.nodes.length > 5 ? [`      … and ${v.nodes.length - 5} more`] : []),
  ]);
  found.push({ route, lines });
  // Printed as found too, so a run cut short still says what it saw.
  console.log(`${route} (${Date.now() - at} ms)\n${lines.join('\n')}`);
}

/** A client-side navigation (the router listens to popstate), so the shell and the loaded remotes stay in memory. */
async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

function report(found: Found[]) {
  if (found.length === 0) return;
  const text = found.map((f) => `${f.route}\n${f.lines.join('\n')}`).join('\n\n');
  console.log(`axe (WCAG 2.2 AA) violations on ${found.length} route(s):\n\n${text}`);
  expect(
    found.map((f) => f.route),
    `axe violations:\n\n${text}`,
  ).toEqual([]);
}

/** A verified account signed in on this request context, with a chosen e-mail domain. */
async function account(request: APIRequestContext, domain: string) {
  const user = newUser();
  user.email = user.email.replace(/@.*$/, `@${domain}`);
  await call(request, 'post', '/api/v1/auth/register', user);
  const code = await verificationCode(user.email);
  await call(request, 'post', '/api/v1/auth/verify-email', { email: user.email, code });
  const login = await call(request, 'post', '/api/v1/auth/login', { email: user.email, password: user.password });
  return { ...user, id: login.user.id as string, businessId: login.user.businessId as string };
}

interface Seed {
  ownerId: string;
  businessId: string;
  otherUserId: string;
  contactId: string;
  projectId: string;
  taskId: string;
  meetingId: string;
  templateId: string;
  campaignId: string;
  automationId: string;
  communityId: string;
  eventId: string;
  invoiceId: string;
  packageId: string;
  formId: string;
  formPublicId: string;
  submissionId: string;
  workflowId: string;
  /** Public links (path and query) a signed-out visitor opens. */
  invoiceLink: string;
  invoiceToken: string;
  signingLink: string;
  packageLink: string;
  unsubscribeLink: string;
}

/** The owner's business with one of everything a route can name (the owner's e-mail is company staff: admin pages). */
async function seed(page: Page): Promise<Seed> {
  const owner = await account(page.request, 'atrium.app');
  const post = async (url: string, data: unknown = {}) =>
    (await call(page.request, 'post', `/api/v1${url}`, data)).data;
  const run = Date.now().toString(36);
  const clientEmail = `cleo.${run}@client.test`;

  // Someone else, for a person's profile page.
  const other = await apiRequest.newContext({ baseURL: 'http://localhost:3000' });
  const otherUser = await account(other, 'studio.test');
  await other.dispose();

  const group = await post('/contacts/groups', { name: `Newsletter ${run}` });
  const contact = await post('/contacts', {
    firstName: 'Cleo',
    lastName: 'Client',
    email: clientEmail,
    groupIds: [group._id],
  });
  const project = await post('/projects', { title: 'Kitchen renovation', type: 'Renovation' });
  const task = await post('/tasks', { title: 'Order the tiles', projectId: project._id });
  const start = new Date(Date.now() + 86_400_000);
  start.setUTCHours(15, 0, 0, 0);
  const meeting = await post('/meetings', {
    title: 'Site visit',
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 3_600_000).toISOString(),
    projectId: project._id,
  });

  // Gmail (the fake's consent), a template and a campaign to the group; the sent message carries the unsubscribe link.
  const mailbox = `owner.${run}@workspace.test`;
  expect((await page.request.post(`${control()}/consent`, { data: { email: mailbox } })).ok()).toBeTruthy();
  const connected = await page.request.get('/api/v1/integrations/gmail/connect');
  expect(connected.ok(), `gmail connect: ${connected.status()}`).toBeTruthy();
  const template = await post('/email-templates', {
    name: `Spring news ${run}`,
    subject: 'Spring news',
    blocks: [
      { id: 'h1', type: 'heading', text: 'Hello {{contact.firstName}}', level: 1 },
      { id: 't1', type: 'text', html: '<p>Our studio opens in April.</p>' },
    ],
  });
  const campaign = await post('/email-campaigns', {
    name: `Spring ${run}`,
    templateId: template._id,
    audience: { groupIds: [group._id] },
  });
  const automation = await post('/automations', {
    name: 'Welcome new contacts',
    trigger: 'contact.created',
    steps: [{ type: 'create_task', title: 'Call the new contact' }],
  });

  const community = await post('/communities', { name: `Kitchen makers ${run}`, description: 'Tiles and tools.' });
  const event = await post(`/communities/${community._id}/events`, {
    title: 'Tile workshop',
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 7_200_000).toISOString(),
    timeZone: 'UTC',
    mode: 'in_person',
    place: 'The studio',
  });

  // Stripe (the fake's onboarding), a contract and an invoice in a package; the contract out for signature.
  const { url: onboarding } = await post('/stripe/connect');
  await page.goto(onboarding);
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(page).toHaveURL(/\/businesses\/settings/);
  const contract = await post('/documents', {
    type: 'contract',
    title: 'Kitchen agreement',
    contactId: contact._id,
    blocks: [{ id: 'c1', type: 'clause', title: 'Scope', html: '<p>We renovate the kitchen.</p>' }],
    signers: [
      { role: 'client', name: 'Cleo Client', email: clientEmail },
      { role: 'owner', name: `${owner.firstName} ${owner.lastName}`, email: owner.email },
    ],
  });
  const invoice = await post('/documents', {
    type: 'invoice',
    title: 'Kitchen deposit',
    contactId: contact._id,
    currency: 'USD',
    lineItems: [{ description: 'Kitchen renovation', quantity: '1', unitPrice: 40_000 }],
  });
  const pkg = await post('/packages', { name: 'Kitchen', contactId: contact._id, documentIds: [contract._id] });
  const sentPackage = await post(`/packages/${pkg._id}/send`);
  const sentInvoice = await post(`/documents/${invoice._id}/send`);
  const workflow = await post('/signatures/workflows', { documentId: contract._id });
  await post(`/signatures/workflows/${workflow._id}/send`);
  const signingLink = await mailedLink(clientEmail, /./, `/documents/view/${contract._id}`);

  // A contact form and one submission of it.
  const form = await post('/contact-forms', { name: 'Website enquiry' });
  await call(page.request, 'post', `/api/v1/public/forms/${form.publicId}/submissions`, {
    contact: { firstName: 'Web', lastName: 'Visitor', email: `web.${run}@visitor.test` },
  });
  const responses = (await call(page.request, 'get', '/api/v1/responses')).data as { _id: string }[];
  expect(responses.length).toBeGreaterThan(0);

  // The campaign's message to Cleo, through the fake Gmail: its unsubscribe link.
  let unsubscribeLink = '';
  await expect
    .poll(
      async () => {
        const sent = (await (
          await page.request.get(`${control()}/sent?email=${encodeURIComponent(mailbox)}`)
        ).json()) as { text: string | null }[];
        unsubscribeLink = /http:\/\/localhost:3000(\/unsubscribe\/[^\s"<>]+)/.exec(sent[0]?.text ?? '')?.[1] ?? '';
        return unsubscribeLink;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');

  const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  return {
    ownerId: owner.id,
    businessId: owner.businessId,
    otherUserId: otherUser.id,
    contactId: contact._id,
    projectId: project._id,
    taskId: task._id,
    meetingId: meeting._id,
    templateId: template._id,
    campaignId: campaign._id,
    automationId: automation._id,
    communityId: community._id,
    eventId: event._id,
    invoiceId: invoice._id,
    packageId: pkg._id,
    formId: form._id,
    formPublicId: form.publicId,
    submissionId: responses[0]!._id,
    workflowId: workflow._id,
    invoiceLink: local(sentInvoice.link.url),
    invoiceToken: new URL(sentInvoice.link.url).searchParams.get('token') ?? '',
    signingLink: local(signingLink),
    packageLink: local(sentPackage.link.url),
    unsubscribeLink,
  };
}

const PROJECT_TABS = [
  'activity',
  'email',
  'tasks',
  'attachments',
  'documents',
  'notes',
  'designs',
  'floorplans',
  'finance',
  'details',
];

/** Every signed-in route: the host's, then each remote's module.ts table, in order. */
const signedInRoutes = (s: Seed) => [
  // host
  '/',
  '/settings/profile/general',
  '/settings/profile/security',
  '/settings/profile/subscription',
  '/settings/profile/integrations',
  '/no-such-page',
  // admin
  '/businesses/settings?tab=general',
  '/businesses/settings?tab=members',
  '/businesses/settings?tab=integrations',
  '/businesses/settings?tab=notifications',
  `/businesses/${s.businessId}/settings`,
  '/businesses/new',
  '/admin-users',
  `/admin-users/${s.otherUserId}`,
  '/subscription',
  // comms
  '/emails',
  '/emails/templates',
  '/emails/templates/create',
  `/emails/templates/${s.templateId}/edit`,
  '/emails/campaigns/create',
  `/emails/campaigns/${s.campaignId}`,
  '/automation',
  '/automation/new',
  `/automation/${s.automationId}/edit`,
  // community-market
  '/communities',
  `/communities/${s.communityId}`,
  `/communities/${s.communityId}/events/${s.eventId}`,
  '/events/create',
  `/user/${s.otherUserId}`,
  '/marketplace',
  // crm
  '/contacts',
  `/contacts/${s.contactId}`,
  '/groups',
  '/groups/create',
  // documents-signatures
  '/documents',
  '/documents/create',
  `/documents/editor/${s.invoiceId}`,
  `/documents/responses/${s.invoiceId}`,
  '/files/documents',
  '/packages',
  '/packages/new',
  `/packages/${s.packageId}`,
  '/templates',
  '/contact-forms',
  '/contact-forms/create',
  `/contact-forms/editor/${s.formId}`,
  '/responses',
  `/response/${s.submissionId}`,
  '/finance',
  '/finance/invoices',
  '/finance/payments',
  '/finance/export',
  '/signatures',
  '/signatures/workflows',
  '/signatures/completed',
  `/signatures/workflows/${s.workflowId}`,
  `/signatures/workflows/${s.workflowId}/business-owner-sign`,
  `/signatures/workflows/${s.workflowId}/view-document`,
  // work
  '/projects',
  '/projects?view=board',
  `/projects/${s.projectId}`,
  ...PROJECT_TABS.map((tab) => `/projects/${s.projectId}/${tab}`),
  '/tasks',
  '/tasks?view=kanban',
  '/calendar',
  `/calendar/meetings/${s.meetingId}`,
  `/calendar/tasks/${s.taskId}`,
  `/calendar/projects/${s.projectId}`,
];

/** The pages a signed-out visitor reaches: the host's sign-in pages and the remotes' public routes. */
const publicRoutes = (s: Seed) => [
  '/signin',
  '/signup',
  '/verify-email?email=someone%40studio.test',
  '/forgot-password',
  '/reset-password?token=expired-token',
  '/auth/google/callback?error=access_denied',
  '/unlink-google?token=expired-token',
  '/accept-invite?token=expired-token',
  s.unsubscribeLink,
  s.invoiceLink,
  s.signingLink,
  s.packageLink,
  `/forms/${s.formPublicId}`,
  '/document-expired',
  '/document-not-found',
  '/document-error',
  '/legal/esign-disclosure',
  `/invoices/pay?id=${s.invoiceId}&token=${s.invoiceToken}`,
  '/invoice-payment-success?session_id=cs_unknown&key=unknown',
];

/** The seeded owner, kept for the dark pass: the light test seeds once and the dark test reuses it (same worker). */
let seeded: { s: Seed; state: Awaited<ReturnType<BrowserContext['storageState']>> } | undefined;

test('axe: every route passes the WCAG 2.2 AA rules, signed in and signed out', async ({ page, browser }) => {
  // axe's colour-contrast rule reads every text node: 1.5–4 s a route on the two shared cores of CI (~90 routes).
  test.setTimeout(360_000);
  const s = await seed(page);
  seeded = { s, state: await page.context().storageState() };
  const found: Found[] = [];
  const timing = clock();

  await page.goto('/');
  for (const route of signedInRoutes(s)) {
    await go(page, route);
    await audit(page, route, found, timing);
  }

  const visitor = await browser.newContext();
  const out = await visitor.newPage();
  for (const route of publicRoutes(s)) {
    await out.goto(route);
    await audit(out, `${route} (signed out)`, found, timing);
  }
  await visitor.close();

  timing.print('light');
  report(found);
});

/**
 * The dark scheme (never audited before the colours were set per scheme): a representative set of routes — the shell
 * and each remote's main pages, every kind of component (tables, the kanban boards, the calendar and its drawer, the
 * editors, forms, badges, a modal, a toast, the user menu) — and the public pages. Signed in, the owner picks 'Dark
 * mode' in the user menu as a user does (saved under darkMode); signed out, the visitor's system asks for dark
 * (`prefers-color-scheme`) and no choice is saved, which the app follows.
 */
const darkRoutes = (s: Seed) => [
  '/settings/profile/general',
  '/subscription',
  `/emails/templates/${s.templateId}/edit`,
  '/automation/new',
  `/communities/${s.communityId}`,
  '/marketplace',
  `/contacts/${s.contactId}`,
  '/documents',
  `/contact-forms/editor/${s.formId}`,
  '/finance',
  `/signatures/workflows/${s.workflowId}`,
  '/projects?view=board',
  '/tasks?view=kanban',
  '/calendar',
  `/calendar/meetings/${s.meetingId}`,
];
const darkPublicRoutes = (s: Seed) => [
  '/signin',
  s.signingLink,
  `/invoices/pay?id=${s.invoiceId}&token=${s.invoiceToken}`,
  `/forms/${s.formPublicId}`,
];

test('axe: the dark scheme passes the WCAG 2.2 AA rules on the main pages of each part', async ({ page, browser }) => {
  test.setTimeout(180_000);
  // Run alone (-g dark) or after a failed light test (a new worker): seed here.
  if (!seeded) seeded = { s: await seed(page), state: await page.context().storageState() };
  const { s, state } = seeded;
  const owner = await browser.newContext({ storageState: state });
  const dark = await owner.newPage();
  const found: Found[] = [];
  const timing = clock();

  // The user's choice: the user menu's 'Dark mode', saved under darkMode; the menu itself is audited open.
  await dark.goto('/');
  await dark.getByRole('button', { name: 'User menu' }).click();
  await dark.getByRole('menuitem', { name: 'Dark mode' }).click();
  await expect(dark.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await dark.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
  await audit(dark, '/ (dark)', found, timing);
  await dark.getByRole('button', { name: 'User menu' }).click();
  await audit(dark, '/ user menu (dark)', found, timing, '[role="menu"]');
  await dark.keyboard.press('Escape');

  // A table, then a modal and the toast its saving raises: only the dialog and the toast (the page is audited).
  await go(dark, '/contacts');
  await audit(dark, '/contacts (dark)', found, timing);
  await dark.getByRole('button', { name: 'New', exact: true }).click();
  await dark.getByRole('menuitem', { name: 'Contact' }).click();
  const dialog = dark.getByRole('dialog', { name: 'Add Contact' });
  await expect(dialog).toBeVisible();
  await audit(dark, '/contacts Add Contact dialog (dark)', found, timing, '[role="dialog"]');
  await dialog.getByLabel(/^First name/).fill('Dana');
  await dialog.getByLabel(/^Last name/).fill('Dark');
  await dialog.getByLabel(/^Email/).fill(`dana.${Date.now().toString(36)}@clients.test`);
  await dialog.getByRole('button', { name: 'Create Contact' }).click();
  await expect(dialog).toBeHidden();
  await expect(dark.getByTestId('toast-stack').getByRole('status')).toBeVisible();
  await audit(dark, '/contacts toast (dark)', found, timing, '[data-testid="toast-stack"]');

  // The rich-text editor and its toolbar: a new note's form on a project (only the notes panel is audited).
  await go(dark, `/projects/${s.projectId}/notes`);
  await dark.getByRole('button', { name: 'Create Note' }).click();
  await expect(dark.getByRole('button', { name: 'Save Note' })).toBeVisible();
  await audit(dark, '/projects/:id/notes new note (dark)', found, timing, '[data-testid="notes-panel"]');

  for (const route of darkRoutes(s)) {
    await go(dark, route);
    await audit(dark, `${route} (dark)`, found, timing);
  }
  await owner.close();

  const visitor = await browser.newContext({ colorScheme: 'dark' });
  const out = await visitor.newPage();
  for (const route of darkPublicRoutes(s)) {
    await out.goto(route);
    await expect(out.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await audit(out, `${route} (signed out, dark)`, found, timing);
  }
  await visitor.close();

  timing.print('dark');
  report(found);
});
