import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { API_ROOT, apiErrorBodySchema } from '@atrium/contracts';
import type { Config } from './config';
import { declareOperation, swaggerOptions } from './openapi';
import type { DatabaseHandle } from './db/client';
import { sql } from 'drizzle-orm';
import { CsrfTokens, registerCsrf, SAFE_METHODS } from './lib/csrf';
import { clientErrorHandler } from './lib/client-errors';
import { AppError, errorHandler, sendError } from './lib/errors';
import { rejectUnstorableText } from './lib/nul';
import { untrustedProxyCheck } from './lib/proxy-trust';
import { registerSecurityHeaders } from './lib/security-headers';
import { serializerCompiler } from './lib/serializer';
import { readAccessToken } from './lib/session-cookies';
import { TokenService } from './lib/tokens';
import { registerWeb } from './lib/web';
import { createErrorReporter } from './lib/error-reporting';
import { AuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { passwordRoutes } from './modules/auth/password.routes';
import { AuthService } from './modules/auth/auth.service';
import { RedisCounterStore } from './modules/auth/redis-counter-store';
import { closeRedis, createRedis, redisReady, RedisVersion } from './lib/redis';
import { BusinessesRepository } from './modules/businesses/businesses.repository';
import { businessesRoutes } from './modules/businesses/businesses.routes';
import { BusinessesService } from './modules/businesses/businesses.service';
import { contactImportRoutes } from './modules/contact-import/contact-import.routes';
import type { ContactImportWorkerOptions } from './modules/contact-import/contact-import.worker';
import { JobQueue } from './lib/jobs';
import { PartitionStatistics } from './lib/partition-statistics';
import { DomainEventOutbox } from './lib/domain-events';
import { ContactGroupsRepository } from './modules/contact-groups/contact-groups.repository';
import { contactGroupsRoutes } from './modules/contact-groups/contact-groups.routes';
import { ContactGroupsService } from './modules/contact-groups/contact-groups.service';
import { ContactTagsRepository } from './modules/contact-tags/contact-tags.repository';
import { contactTagsRoutes } from './modules/contact-tags/contact-tags.routes';
import { ContactTagsService } from './modules/contact-tags/contact-tags.service';
import { ContactsRepository } from './modules/contacts/contacts.repository';
import { contactsRoutes } from './modules/contacts/contacts.routes';
import { ContactsService } from './modules/contacts/contacts.service';
import { NotesRepository } from './modules/notes/notes.repository';
import { notesRoutes } from './modules/notes/notes.routes';
import { NotesService } from './modules/notes/notes.service';
import { UsersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { UsersService } from './modules/users/users.service';
import { ProjectsRepository } from './modules/projects/projects.repository';
import { contactProjectsRoutes, projectsRoutes } from './modules/projects/projects.routes';
import { ProjectsService } from './modules/projects/projects.service';
import { TasksRepository } from './modules/tasks/tasks.repository';
import { projectTasksRoutes, tasksRoutes } from './modules/tasks/tasks.routes';
import { TasksService } from './modules/tasks/tasks.service';
import { GoogleAuthRepository } from './modules/google-auth/google-auth.repository';
import { googleAuthRoutes } from './modules/google-auth/google-auth.routes';
import { GoogleAuthService } from './modules/google-auth/google-auth.service';
import { FilesRepository } from './modules/files/files.repository';
import { GoogleCalendarRepository } from './modules/google-calendar/google-calendar.repository';
import { googleCalendarRoutes } from './modules/google-calendar/google-calendar.routes';
import { GoogleCalendarService } from './modules/google-calendar/google-calendar.service';
import { GmailRepository } from './modules/gmail/gmail.repository';
import { gmailRoutes } from './modules/gmail/gmail.routes';
import { GmailService, type GmailServiceOptions } from './modules/gmail/gmail.service';
import { EmailTemplatesRepository } from './modules/email-templates/email-templates.repository';
import { emailTemplatesRoutes } from './modules/email-templates/email-templates.routes';
import { EmailTemplatesService } from './modules/email-templates/email-templates.service';
import { AutomationRepository } from './modules/automation/automation.repository';
import { automationRoutes } from './modules/automation/automation.routes';
import { AutomationService } from './modules/automation/automation.service';
import { CampaignsRepository } from './modules/campaigns/campaigns.repository';
import { campaignsRoutes, publicUnsubscribeRoutes } from './modules/campaigns/campaigns.routes';
import { CampaignsService, type CampaignLimits } from './modules/campaigns/campaigns.service';
import type { MailSender } from './lib/mail-sender-port';
import { FilesService } from './modules/files/files.service';
import { FileManagerRepository } from './modules/files/file-manager.repository';
import { fileManagerRoutes } from './modules/files/file-manager.routes';
import { FileManagerService } from './modules/files/file-manager.service';
import { MeetingsRepository } from './modules/meetings/meetings.repository';
import { meetingsRoutes } from './modules/meetings/meetings.routes';
import { MeetingsService } from './modules/meetings/meetings.service';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { DocumentsRepository } from './modules/documents/documents.repository';
import { documentsRoutes, publicDocumentsRoutes, taxRatesRoutes } from './modules/documents/documents.routes';
import { DocumentsService } from './modules/documents/documents.service';
import { renderDocumentPdf } from './modules/documents/pdf';
import { FormsRepository } from './modules/forms/forms.repository';
import {
  contactFormsRoutes,
  documentResponsesRoutes,
  publicFormsRoutes,
  responsesRoutes,
} from './modules/forms/forms.routes';
import { FormsService, mailFormNotifier } from './modules/forms/forms.service';
import { PackagesRepository } from './modules/packages/packages.repository';
import { packagesRoutes, publicPackagesRoutes } from './modules/packages/packages.routes';
import {
  documentContentSha256,
  finalizeSignedPdf,
  loadSigningIdentity,
  verifySealedPdf,
  type LoadedSigningIdentity,
} from './modules/signatures/pdf';
import { SignaturesRepository } from './modules/signatures/signatures.repository';
import { publicSigningRoutes, signaturesRoutes } from './modules/signatures/signatures.routes';
import { fileManagerStore, SignaturesService } from './modules/signatures/signatures.service';
import { PackagesService } from './modules/packages/packages.service';
import { SigningDepositService } from './modules/payments/signing-deposit';
import { StripeGateway } from './modules/stripe/stripe.gateway';
import { BillingGateway } from './modules/subscriptions/billing.gateway';
import { SubscriptionsRepository } from './modules/subscriptions/subscriptions.repository';
import { subscriptionsRoutes, subscriptionWebhookRoutes } from './modules/subscriptions/subscriptions.routes';
import { SubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { StripeRepository } from './modules/stripe/stripe.repository';
import { stripeRoutes } from './modules/stripe/stripe.routes';
import { StripeService } from './modules/stripe/stripe.service';
import { PaymentsRepository } from './modules/payments/payments.repository';
import {
  invoicePaymentsRoutes,
  paymentsRoutes,
  publicPaymentsRoutes,
  signingDepositRoutes,
  stripeWebhookRoutes,
} from './modules/payments/payments.routes';
import { PaymentsService } from './modules/payments/payments.service';
import { ChatRepository } from './modules/chat/chat.repository';
import { chatRoutes } from './modules/chat/chat.routes';
import { ChatService } from './modules/chat/chat.service';
import { intercomRoutes } from './modules/chat/intercom.routes';
import { CommunitiesRepository } from './modules/communities/communities.repository';
import { communitiesRoutes } from './modules/communities/communities.routes';
import { CommunitiesService } from './modules/communities/communities.service';
import { PeopleRepository } from './modules/people/people.repository';
import { peopleRoutes } from './modules/people/people.routes';
import { PeopleService } from './modules/people/people.service';
import { MarketplaceRepository } from './modules/marketplace/marketplace.repository';
import { marketplaceRoutes } from './modules/marketplace/marketplace.routes';
import { MarketplaceService } from './modules/marketplace/marketplace.service';
import { weatherRoutes } from './modules/weather/weather.routes';
import { WeatherService } from './modules/weather/weather.service';
import { NotificationBroker } from './modules/notifications/notifications.broker';
import { NotificationsRepository } from './modules/notifications/notifications.repository';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { NotificationsService } from './modules/notifications/notifications.service';
import { FinanceRepository } from './modules/finance/finance.repository';
import { financeRoutes } from './modules/finance/finance.routes';
import { FinanceService } from './modules/finance/finance.service';
import { CalendarService } from './modules/calendar/calendar.service';
import { ImagesRepository } from './modules/images/images.repository';
import { imagesRoutes } from './modules/images/images.routes';
import { ImagesService } from './modules/images/images.service';
import { AdminUsersRepository } from './modules/admin-users/admin-users.repository';
import { adminUsersRoutes } from './modules/admin-users/admin-users.routes';
import { AdminUsersService } from './modules/admin-users/admin-users.service';
import { SessionsRepository } from './modules/sessions/sessions.repository';
import { sessionsRoutes } from './modules/sessions/sessions.routes';
import { SessionsService } from './modules/sessions/sessions.service';
import { createMailer, type Mailer } from './lib/mail';
import type { Deps } from './lib/deps';
import type { ProjectTaskCopier } from './lib/activity';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** APP_SECRET or the persisted one (lib/secret.ts). */
  secret: string;
  logger?: FastifyServerOptions['logger'];
  /** The contact import's runs (lease, grace, attempts); `enabled: false`: this process runs no jobs (they wait). */
  contactImport?: ContactImportWorkerOptions & { enabled?: boolean };
  /** The job engine; by default one on `database` (tests pass theirs to stop it as a crash would). */
  jobs?: JobQueue;
  /** Where e-mail goes; by default SMTP when configured, else the outbox directory (lib/mail.ts). */
  mailer?: Mailer;
  /** Called for every route as it is registered (the security route matrix test lists them this way). */
  onRoute?: (route: RouteOptions) => void;
  /** How often an open notification stream gets a heartbeat and its session is checked again (15 s). */
  notificationsHeartbeatMs?: number;
  /** Gmail's send retries (tests shorten the waits). */
  gmail?: GmailServiceOptions;
  /** Campaigns: another MailSender than the Gmail service, or other sending limits (tests). */
  campaigns?: { mailSender?: MailSender; limits?: CampaignLimits };
}

const originOf = (url: string) => new URL(url).origin;

/** /health answers within this, whatever the database does. */
export const HEALTH_TIMEOUT_MS = 1_000;

/** The promise's outcome, or the error made by `late` when it takes longer than `ms`. */
function withinMs<T>(promise: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The whole HTTP application. It does not own the database: the caller opens and closes it. */
export async function buildApp({
  config,
  database,
  secret,
  logger,
  contactImport,
  jobs: givenJobs,
  mailer,
  onRoute,
  notificationsHeartbeatMs = 15_000,
  gmail: gmailOptions,
  campaigns: campaignsOptions,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Any body (a form, a note) fits in 1 MB; routes taking more say so (import rows: contact-import.routes.ts).
    bodyLimit: 1024 * 1024,
    // What fails before routing answers in the API's error body too (431/414/408/400; a malformed address).
    clientErrorHandler,
    frameworkErrors: (error, request, reply) => void sendError(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();
  // Every API route gets its declared operationId, summary and security (api-operations.ts) or the app refuses it.
  app.addHook('onRoute', declareOperation);
  if (onRoute) app.addHook('onRoute', onRoute);
  app.addHook('onRequest', untrustedProxyCheck(config.trustProxy));

  // REDIS_URL: rate-limit counters and session checks shared by every API process; else this process's memory.
  const redis = config.redisUrl ? createRedis(config.redisUrl, app.log) : null;
  if (redis) {
    if (!(await redisReady(redis))) app.log.warn('Redis did not answer at start; the API starts degraded');
    app.addHook('onClose', async () => closeRedis(redis));
  }

  // SENTRY_DSN: this app's 5xx go to the error-reporting endpoint (lib/errors.ts sendError); else off.
  const { errorReporting } = config;
  const errorReporter = await createErrorReporter(
    errorReporting.server
      ? { dsn: errorReporting.server, environment: errorReporting.environment, release: errorReporting.release }
      : null,
  );
  app.decorate('errorReporter', errorReporter);
  if (errorReporter) app.addHook('onClose', async () => void (await errorReporter.flush()));

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);

  // JSON bodies through fastify's own (prototype-poisoning-safe) parser, except that an empty body with a
  // JSON content type counts as no body: clients send it on body-less POSTs such as /auth/logout.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  // API answers carry tokens and private data: never stored by browsers or proxies.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith(`${API_ROOT}/`) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  const remoteOrigins = [...new Set(config.remotes.map((r) => originOf(r.entry)))];
  // The browser apps post their error reports to the DSN's host.
  const reportingOrigins = errorReporting.browser ? [originOf(errorReporting.browser)] : [];
  await app.register(cookie);
  const cspDirectives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...remoteOrigins],
    // The one worker is the host's service worker, /sw.js (the offline shell); its fetches follow connect-src.
    workerSrc: ["'self'"],
    connectSrc: ["'self'", ...remoteOrigins, ...reportingOrigins],
    // Remotes ship their own CSS chunks, images and fonts from their origin.
    styleSrc: ["'self'", "'unsafe-inline'", ...remoteOrigins],
    // https: images too — a template's images in the email editor's preview, and a received email's once the member
    // presses "Show images" (held back until then, modules/gmail blockRemoteImages).
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...remoteOrigins],
    fontSrc: ["'self'", 'data:', ...remoteOrigins],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
  // HSTS only makes sense (and is only honoured) over HTTPS, which COOKIE_SECURE implies.
  const hsts = config.cookieSecure ? { maxAge: 15_552_000, includeSubDomains: true } : false;
  registerSecurityHeaders(
    app,
    {
      contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
      // The same as frame-ancestors 'none', for browsers that only know the older header (helmet's default is
      // SAMEORIGIN, which contradicted it).
      xFrameOptions: { action: 'deny' },
      hsts,
    },
    // A contact form's public page is embedded in the business's website by an iframe (its embed snippet): any
    // site may frame it. Only these pages: the app itself stays unframable.
    {
      paths: ['/forms'],
      options: {
        contentSecurityPolicy: { useDefaults: false, directives: { ...cspDirectives, frameAncestors: ['*'] } },
        xFrameOptions: false,
        hsts,
      },
    },
  );
  await app.register(rateLimit, {
    global: false,
    // Redis away: these routes' limits are not applied (fail open, logged by lib/redis.ts); the sign-in throttle
    // falls back to per-process counters instead (auth/redis-counter-store.ts).
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate:`, skipOnError: true } : {}),
    errorResponseBuilder: () => new AppError('RATE_LIMITED', 'Too many attempts. Please try again later.'),
  });
  await app.register(swagger, swaggerOptions(config));

  const tokens = new TokenService(secret);
  registerCsrf(app, { csrf: new CsrfTokens(secret), tokens, cookieSecure: config.cookieSecure });

  const { db } = database;
  const deps: Deps = { config, tokens, secret, mailer: mailer ?? createMailer(config, app.log) };
  if (!mailer) app.addHook('onClose', async () => deps.mailer.close());
  // Background jobs (lib/jobs.ts, pg-boss on this database): every API process takes jobs unless told not to.
  const jobs = givenJobs ?? new JobQueue(database, { log: app.log, work: contactImport?.enabled !== false });
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  // Google Calendar two-way sync: the meetings' port (outbound), the inbound sync jobs and their timer.
  // Membership is checked through the businesses service, built below (bound late).
  const googleCalendar = new GoogleCalendarService(new GoogleCalendarRepository(db), deps, jobs, app.log, {
    requireRole: (...args) => businesses.requireRole(...args),
  });
  if (contactImport?.enabled !== false) {
    app.addHook('onReady', async () => googleCalendar.startSchedule());
    app.addHook('onClose', async () => googleCalendar.stopSchedule());
  }
  // The composition root: every repository and service is built here, once, and handed to the route plugins
  // below; route plugins never construct a service or reach the database (docs/anatomy-of-a-server-module.md).
  const sessions = new SessionsService(new SessionsRepository(db));
  const users = new UsersService(new UsersRepository(db));
  const businesses = new BusinessesService(new BusinessesRepository(db), users, sessions, deps);
  const auth = new AuthService(
    new AuthRepository(
      db,
      redis ? new RedisVersion(redis, `${config.redisKeyPrefix}session-version`, app.log) : undefined,
    ),
    tokens,
    { ...deps, sessions, businesses },
    redis ? new RedisCounterStore(redis, config.redisKeyPrefix, app.log) : undefined,
  );
  const google = new GoogleAuthService(deps, auth, sessions, new GoogleAuthRepository(db));
  const images = new ImagesService(new ImagesRepository(db), businesses, users);
  const adminUsers = new AdminUsersService(new AdminUsersRepository(db));
  // Notifications (issue #19): the sender other services call (lib/notifications-port.ts) and the live pushes,
  // which reach every API process through PostgreSQL LISTEN/NOTIFY (notifications.broker.ts).
  const notifications = new NotificationsService(new NotificationsRepository(db), (err, msg) =>
    app.log.warn({ err }, msg),
  );
  // Communities and people (issue #20): platform-wide, not a business's rows; people reads communities' profiles part.
  // Their notifications are personal ones (no business), listed in every business of the person.
  // Event reminders: a sweep job queued every minute (communities.service.ts, REMINDERS_QUEUE).
  const communities = new CommunitiesService(new CommunitiesRepository(db), notifications, jobs, (err, msg) =>
    app.log.warn({ err }, msg),
  );
  communities.defineJobs();
  if (contactImport?.enabled !== false) {
    app.addHook('onReady', async () => communities.startSchedule());
    app.addHook('onClose', async () => communities.stopSchedule());
  }
  // ANALYZE on partitioned parents (autovacuum never does it): a check job offered every 10 minutes.
  const partitionStatistics = new PartitionStatistics(database, jobs, app.log);
  partitionStatistics.defineJobs();
  if (contactImport?.enabled !== false) {
    app.addHook('onReady', async () => partitionStatistics.startSchedule());
    app.addHook('onClose', async () => partitionStatistics.stopSchedule());
  }
  const people = new PeopleService(new PeopleRepository(db), communities);
  const notificationBroker = new NotificationBroker(database, app.log);
  // Gmail (issue #19 §3): the members' mailboxes, the MailSender port (lib/mail-sender-port.ts) campaigns and
  // automations send through, and the reply poll's jobs and timer.
  // Domain events (issue #19 §7): the outbox producers record what happened in, inside their own transactions;
  // the automation dispatcher reads it.
  const domainEvents = new DomainEventOutbox(db);
  const gmail = new GmailService(new GmailRepository(db), deps, jobs, app.log, notifications, {
    ...gmailOptions,
    events: domainEvents,
  });
  if (contactImport?.enabled !== false) {
    app.addHook('onReady', async () => gmail.startSchedule());
    app.addHook('onClose', async () => gmail.stopSchedule());
  }
  app.addHook('onReady', async () => notificationBroker.start());
  // Team chat (issue #19 §6): its live pushes ride the notifications broker's LISTEN/NOTIFY channel.
  const chat = new ChatService(new ChatRepository(db), notificationBroker, notifications);
  app.addHook('onClose', async () => notificationBroker.stop());
  const contacts = new ContactsService(new ContactsRepository(db), notifications, domainEvents);
  const groups = new ContactGroupsService(new ContactGroupsRepository(db), contacts);
  const contactTags = new ContactTagsService(new ContactTagsRepository(db));
  // Work files (project and task attachments) in database chunks; the projects and tasks services use it.
  const files = new FilesService(new FilesRepository(db));
  // The file manager (/files/documents): every file of the business, its folders and the storage used.
  const fileManager = new FileManagerService(new FileManagerRepository(db), files);
  // Projects and tasks need each other: a project's duplicate copies its tasks through the tasks service (bound
  // late, below), and the tasks service checks projects and writes their feed through the projects service.
  const taskCopier: ProjectTaskCopier = { copyTasks: (...args) => tasks.copyTasks(...args) };
  const projects = new ProjectsService(new ProjectsRepository(db), {
    files,
    contacts,
    tasks: taskCopier,
    notify: notifications,
    events: domainEvents,
  });
  const tasks = new TasksService(new TasksRepository(db), {
    projects,
    contacts,
    files,
    activity: projects,
    notify: notifications,
    events: domainEvents,
  });
  // A note added to a project is recorded in its feed (the projects service is the ProjectActivityLog).
  const notes = new NotesService(new NotesRepository(db), projects);
  // Meetings (attendees: contacts or members; a linked project's feed; files) and the calendar over meetings, tasks
  // and projects with dates. A failure of the Google Calendar port never fails the request: it is logged.
  const meetings = new MeetingsService(new MeetingsRepository(db), {
    projects,
    contacts,
    files,
    activity: projects,
    sync: googleCalendar,
    log: (err, msg) => app.log.warn({ err }, msg),
    notify: notifications,
    events: domainEvents,
  });
  const calendar = new CalendarService({ meetings, tasks, projects });
  // Documents (invoices, contracts, questionnaires, tax rates, public links, PDFs through the pdf renderer); an email
  // that fails never fails a send.
  const documents = new DocumentsService(new DocumentsRepository(db), {
    config,
    mailer: deps.mailer,
    renderPdf: renderDocumentPdf,
    log: (err, msg) => app.log.warn({ err }, msg),
    // An invoice marked paid by hand records a manual payment (the payments service, built below: bound late).
    manualPayments: {
      recordManualPayment: (invoice, userId, tx): Promise<void> => payments.recordManualPayment(invoice, userId, tx),
    },
    events: domainEvents,
  });
  // Stripe (card payments of invoices) when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set; else null and every
  // answer says plainly that card payment is not set up.
  const stripeGateway = config.stripe
    ? new StripeGateway(config.stripe, (err, msg) => app.log.warn({ err }, msg))
    : null;
  const stripe = new StripeService(new StripeRepository(db), { config, gateway: stripeGateway, businesses });
  // Marketplace purchases (issue #20): Checkout on the seller's business's connected account; their events arrive
  // on the same Connect webhook, which payments hands to the marketplace inside the event's transaction.
  const marketplace = new MarketplaceService(new MarketplaceRepository(db), {
    config,
    gateway: stripeGateway,
    stripe,
    people,
    log: (err, msg) => app.log.warn({ err }, msg),
  });
  const payments = new PaymentsService(new PaymentsRepository(db), {
    config,
    secret,
    gateway: stripeGateway,
    stripe,
    documents,
    businesses,
    log: (err, msg) => app.log.warn({ err }, msg),
    marketplace,
  });
  // The business's own Atrium plan through Stripe Billing (platform account) when STRIPE_SECRET_KEY,
  // STRIPE_BILLING_WEBHOOK_SECRET and a STRIPE_PRICE_* are set; else the subscription page says it is not set up.
  const subscriptions = new SubscriptionsService(new SubscriptionsRepository(db), {
    config,
    gateway: config.billing ? new BillingGateway(config.billing, (err, msg) => app.log.warn({ err }, msg)) : null,
    businesses,
    log: (err, msg) => app.log.warn({ err }, msg),
  });
  businesses.beforeRemove((businessId) => subscriptions.endForDeletedBusiness(businessId));
  // Contact forms, questionnaire answers and the responses; the owner is told of each by mail after it is stored
  // (later through the notifications module): a failing notifier never loses a submission.
  const formsRepo = new FormsRepository(db);
  const forms = new FormsService(formsRepo, {
    contacts,
    documents,
    notifier: mailFormNotifier({ repo: formsRepo, mailer: deps.mailer, appUrl: config.appUrl }),
    notifications,
    files,
    log: (err, msg) => app.log.warn({ err }, msg),
    events: domainEvents,
  });
  // Packages: documents of one client sent as one flow (it sends them through the documents service).
  const packages = new PackagesService(new PackagesRepository(db), documents, {
    config,
    mailer: deps.mailer,
    log: (err, msg) => app.log.warn({ err }, msg),
  });

  // Signature workflows: contracts signed by their clients (single-use links) and the business owner (in the app),
  // sealed on completion (signatures/pdf, PAdES with the installation's seal) into the file manager, SIGNATURE_COMPLETED
  // to the owners; expiry, reminders and a failed seal's retry through the jobs. The seal's identity is the configured
  // P12, else one generated at the first start (not in tests: each test database would make its own key at start;
  // there it is made at the first seal).
  let sealIdentity: Promise<LoadedSigningIdentity> | null = null;
  const signingIdentity = () =>
    (sealIdentity ??= loadSigningIdentity({ db, secret, config }).catch((err: unknown) => {
      sealIdentity = null;
      throw err;
    }));
  const signatures = new SignaturesService(new SignaturesRepository(db), {
    config,
    mailer: deps.mailer,
    secret,
    documents,
    notifications,
    files: fileManagerStore(files),
    renderPdf: renderDocumentPdf,
    signedPdf: {
      finalize: async (input) => finalizeSignedPdf(input, { identity: await signingIdentity() }),
      verify: async (pdf) =>
        verifySealedPdf(pdf, { trustedCertificateSha256: (await signingIdentity()).certificateSha256 }),
      contentSha256: documentContentSha256,
    },
    jobs,
    log: (err, msg) => app.log.warn({ err }, msg),
    events: domainEvents,
  });
  signatures.defineJobs(jobs);
  // Sign and pay from one link: the client's signing link reaches the invoice in the contract's package.
  const deposits = new SigningDepositService({ signatures, packages, documents, payments });
  // Email templates and campaigns (issue #19 §4): sent by a pg-boss job per campaign through the MailSender port
  // (the member's own Gmail), one message per recipient within Gmail's limits.
  const emailTemplates = new EmailTemplatesService(new EmailTemplatesRepository(db));
  const campaigns = new CampaignsService(new CampaignsRepository(db), {
    templates: emailTemplates,
    contacts,
    mailSender: campaignsOptions?.mailSender ?? gmail,
    jobs,
    log: app.log,
    secret: deps.secret,
    appUrl: config.appUrl,
    limits: campaignsOptions?.limits,
  });
  campaigns.defineJobs(jobs);
  if (contactImport?.enabled !== false) app.addHook('onReady', async () => campaigns.requeueOrphans());
  // Automations (issue #19 §7): domain events → runs (one per automation and event) → a pg-boss job per run.
  const automation = new AutomationService(new AutomationRepository(db), {
    tasks,
    groups,
    members: businesses,
    templates: emailTemplates,
    notifications,
    mail: campaignsOptions?.mailSender ?? gmail,
    jobs,
    events: domainEvents,
    log: app.log,
  });
  automation.defineJobs(jobs);
  if (contactImport?.enabled !== false) {
    app.addHook('onReady', async () => automation.start());
    app.addHook('onClose', async () => automation.stop());
  }
  app.addHook('onReady', async () => {
    if (config.signingP12Path || process.env.NODE_ENV !== 'test') await signingIdentity();
    signatures.startSchedule();
  });
  app.addHook('onClose', async () => signatures.stopSchedule());

  // Finance: read-only reports over the invoices (documents) and the payments tables; it writes nothing.
  const finance = new FinanceService(new FinanceRepository(db));

  // Whatever an unsafe request changed (a sign-out, a revoked session, a membership) is seen by the next request.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE_METHODS.has(request.method)) await auth.forgetSessionContexts();
    return payload;
  });

  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request) => {
    request.auth = await auth.authenticate(readAccessToken(request));
  });

  await app.register(
    async (api) => {
      const typed = api.withTypeProvider<ZodTypeProvider>();
      api.addHook('preValidation', rejectUnstorableText);
      typed.get(
        '/health',
        {
          schema: {
            tags: ['system'],
            response: {
              200: z.object({ ok: z.literal(true), db: z.enum(['pglite', 'postgres']) }),
              503: apiErrorBodySchema,
            },
          },
        },
        // Load balancers and orchestrators ask this: it must answer, and quickly, also when the database is away
        // (a partition makes a query wait for its timeouts): 503 in the API's error body within HEALTH_TIMEOUT_MS.
        async () => {
          await withinMs(db.execute(sql`SELECT 1`), HEALTH_TIMEOUT_MS, () => new AppError('SERVICE_UNAVAILABLE'));
          return { ok: true as const, db: database.kind };
        },
      );
      typed.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

      await api.register(authRoutes, { prefix: '/auth', auth, config });
      await api.register(googleAuthRoutes, { prefix: '/auth', google, auth, config });
      await api.register(imagesRoutes, { images });
      await api.register(adminUsersRoutes, {
        prefix: '/admin/users',
        adminUsers,
        companyDomain: config.adminEmailDomain,
      });
      await api.register(usersRoutes, { prefix: '/users', users });
      await api.register(passwordRoutes, { prefix: '/users/me/password', auth });
      await api.register(sessionsRoutes, { prefix: '/users/me/sessions', sessions });
      await api.register(businessesRoutes, { prefix: '/businesses', businesses, config });
      await api.register(contactsRoutes, { prefix: '/contacts', contacts });
      await api.register(contactImportRoutes, {
        prefix: '/contacts',
        db,
        jobs,
        working: contactImport?.enabled !== false,
        worker: contactImport,
      });
      await api.register(contactTagsRoutes, { prefix: '/contacts/tags', contactTags });
      await api.register(contactGroupsRoutes, { prefix: '/contacts/groups', groups, aliasOnly: true });
      await api.register(contactGroupsRoutes, { prefix: '/contact-groups', groups });
      await api.register(notesRoutes, { prefix: '/notes', notes });
      await api.register(projectsRoutes, { prefix: '/projects', projects });
      await api.register(contactProjectsRoutes, { prefix: '/contacts', projects });
      await api.register(tasksRoutes, { prefix: '/tasks', tasks });
      await api.register(projectTasksRoutes, { prefix: '/projects', tasks });
      await api.register(meetingsRoutes, { prefix: '/meetings', meetings });
      await api.register(calendarRoutes, { prefix: '/calendar', calendar, meetings });
      await api.register(googleCalendarRoutes, { prefix: '/integrations/google-calendar', googleCalendar, config });
      await api.register(gmailRoutes, { prefix: '/integrations/gmail', gmail, config });
      await api.register(documentsRoutes, { prefix: '/documents', documents });
      await api.register(taxRatesRoutes, { prefix: '/tax-rates', documents });
      await api.register(publicDocumentsRoutes, { prefix: '/public/documents', documents, rateLimit: 120 });
      await api.register(contactFormsRoutes, { prefix: '/contact-forms', forms });
      await api.register(responsesRoutes, { prefix: '/responses', forms });
      await api.register(documentResponsesRoutes, { prefix: '/documents', forms });
      await api.register(publicFormsRoutes, { prefix: '/public', forms, submitRateLimit: config.formSubmitRateLimit });
      await api.register(fileManagerRoutes, { prefix: '/files', fileManager });
      await api.register(packagesRoutes, { prefix: '/packages', packages });
      await api.register(publicPackagesRoutes, { prefix: '/public/packages', packages, rateLimit: 120 });
      await api.register(signaturesRoutes, { prefix: '/signatures', signatures });
      await api.register(publicSigningRoutes, { prefix: '/public/documents', signatures, rateLimit: 120 });
      await api.register(stripeRoutes, { prefix: '/stripe', stripe });
      await api.register(stripeWebhookRoutes, { prefix: '/stripe', payments });
      await api.register(paymentsRoutes, { prefix: '/payments', payments });
      await api.register(communitiesRoutes, { prefix: '/communities', communities });
      await api.register(peopleRoutes, { prefix: '/users', people });
      await api.register(marketplaceRoutes, { prefix: '/marketplace', marketplace });
      await api.register(subscriptionsRoutes, { prefix: '/subscription', subscriptions });
      await api.register(subscriptionWebhookRoutes, { prefix: '/subscription', subscriptions });
      await api.register(invoicePaymentsRoutes, { prefix: '/documents', payments });
      await api.register(publicPaymentsRoutes, { prefix: '/public', payments, rateLimit: 120 });
      await api.register(signingDepositRoutes, { prefix: '/public/documents', deposits, rateLimit: 120 });
      await api.register(notificationsRoutes, {
        prefix: '/notifications',
        notifications,
        broker: notificationBroker,
        heartbeatMs: notificationsHeartbeatMs,
        friendRequestLimit: 30,
      });
      await api.register(chatRoutes, {
        prefix: '/chat',
        chat,
        signals: notificationBroker,
        heartbeatMs: notificationsHeartbeatMs,
      });
      await api.register(intercomRoutes, { prefix: '/intercom', intercom: config.intercom });
      await api.register(weatherRoutes, { prefix: '/weather', weather: new WeatherService(config.weather) });
      await api.register(financeRoutes, { prefix: '/finance', finance });
      await api.register(emailTemplatesRoutes, { prefix: '/email-templates', emailTemplates });
      await api.register(campaignsRoutes, { prefix: '/email-campaigns', campaigns });
      await api.register(automationRoutes, { prefix: '/automations', automation });
      await api.register(publicUnsubscribeRoutes, { prefix: '/public/unsubscribe', campaigns, rateLimit: 60 });
    },
    { prefix: API_ROOT },
  );

  await registerWeb(app, {
    webDir: config.webDir,
    remotes: config.remotes,
    companyDomain: config.adminEmailDomain ?? undefined,
    errorReporting: errorReporting.browser
      ? {
          dsn: errorReporting.browser,
          environment: errorReporting.environment,
          ...(errorReporting.release ? { release: errorReporting.release } : {}),
        }
      : undefined,
  });
  return app;
}
