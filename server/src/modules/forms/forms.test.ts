import { Readable } from 'node:stream';
import { and, count, eq } from 'drizzle-orm';
import {
  FORM_MESSAGES as M,
  contactFormSchema,
  publicFormSchema,
  responseListAnswerSchema,
  responseSchema,
  type ContactForm,
  type FormResponse,
} from '@atrium/domain-documents/schemas';
import { FILE_MESSAGES } from '@atrium/domain-work/schemas';
import { contacts, formSubmissions, formUploads, workFiles } from '../../db/schema';
import { Agent, signedInAgent, createTestApp, type TestApp, dataOf as ok, errorOf } from '../../../test/helpers';
import { multipart, TINY_PNG } from '../../../test/security-helpers';
import { ContactsRepository } from '../contacts/contacts.repository';
import { ContactsService } from '../contacts/contacts.service';
import { FilesRepository } from '../files/files.repository';
import { FilesService } from '../files/files.service';
import { FormsRepository } from './forms.repository';
import { FormsService } from './forms.service';

type Signed = Awaited<ReturnType<typeof signedInAgent>>;

const questions = [
  { id: 'need', type: 'question', kind: 'shortText', label: 'What do you need?', required: true },
  { id: 'budget', type: 'question', kind: 'number', label: 'Budget' },
  { id: 'when', type: 'question', kind: 'date', label: 'Start date' },
  { id: 'size', type: 'question', kind: 'singleChoice', label: 'Size', options: ['Small', 'Large'] },
  { id: 'rooms', type: 'question', kind: 'multiChoice', label: 'Rooms', options: ['Kitchen', 'Bath', 'Hall'] },
];

describe('forms: contact forms, submissions, questionnaire answers, responses', () => {
  let t: TestApp;
  let owner: Signed;
  let a: Agent;
  let stranger: Signed;
  let visitor: Agent;

  beforeAll(async () => {
    // Many signed-out calls from one address: the limit itself is tested on a sibling app.
    t = await createTestApp({ FORM_SUBMIT_RATE_LIMIT: '1000' });
    owner = await signedInAgent(t.app, { firstName: 'Ada', lastName: 'Lovelace' });
    a = owner.agent;
    stranger = await signedInAgent(t.app);
    visitor = await new Agent(t.app).init();
  });
  afterAll(async () => {
    await t.close();
  });

  const newForm = async (body: Record<string, unknown> = {}, agent = a) =>
    contactFormSchema
      .strict()
      .parse(
        ok(await agent.post('/contact-forms', { name: 'Website enquiries', questions, ...body }), 201),
      ) as ContactForm;
  const email = () => `visitor.${Math.random().toString(36).slice(2)}@example.com`;
  const submit = (publicId: string, body: Record<string, unknown>, agent = visitor) =>
    agent.post(`/public/forms/${publicId}/submissions`, body);
  const db = () => t.database.db;
  const storedOf = async (formId: string) =>
    (await db().select({ n: count() }).from(formSubmissions).where(eq(formSubmissions.formId, formId)))[0]!.n;
  const contactsWith = async (address: string) =>
    db()
      .select()
      .from(contacts)
      .where(and(eq(contacts.businessId, owner.body.user.businessId), eq(contacts.email, address)));

  /**
   * One file sent as a visitor's page sends it: a contact form's without a CSRF header (exempt: framed in another
   * site), a questionnaire's link with it (the app's own page, like its answers).
   */
  const sendFile = (path: string, name = 'plan.png', content: Buffer | string = TINY_PNG) => {
    const parts = multipart(name, content, 'application/octet-stream');
    return visitor.post(path, parts.payload, { headers: parts.headers, csrf: path.startsWith('/public/documents') });
  };
  const filesOf = async (businessId: string) =>
    Number((await db().select({ n: count() }).from(workFiles).where(eq(workFiles.businessId, businessId)))[0]!.n);
  const uploadShape = { fileId: expect.any(String), name: 'plan.png', size: TINY_PNG.length, type: 'image/png' };

  describe('contact forms', () => {
    test('create, read, list, change, delete; another business gets 404', async () => {
      const form = await newForm({ description: 'Tell us about your project', successMessage: 'Thanks!' });
      expect(form).toMatchObject({ name: 'Website enquiries', status: 'active', submissionCount: 0 });
      expect(form.publicId).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(form.questions.map((q) => q.id)).toEqual(['need', 'budget', 'when', 'size', 'rooms']);
      expect(ok(await a.get(`/contact-forms/${form._id}`))).toEqual(form);
      const list = (await a.get('/contact-forms?search=enquir')).json() as { data: ContactForm[]; pagination: unknown };
      expect(list.data.map((f) => f._id)).toContain(form._id);
      expect(list.pagination).toMatchObject({ page: 1, limit: expect.any(Number) });
      const changed = ok(
        await a.put(`/contact-forms/${form._id}`, { name: 'Quotes', status: 'inactive' }),
      ) as ContactForm;
      expect(changed).toMatchObject({ name: 'Quotes', status: 'inactive', description: 'Tell us about your project' });

      const s = stranger.agent;
      expect((await s.get(`/contact-forms/${form._id}`)).statusCode).toBe(404);
      expect((await s.put(`/contact-forms/${form._id}`, { name: 'Mine' })).statusCode).toBe(404);
      expect((await s.delete(`/contact-forms/${form._id}`)).statusCode).toBe(404);
      expect(((await s.get('/contact-forms')).json() as { data: unknown[] }).data).toEqual([]);

      ok(await a.delete(`/contact-forms/${form._id}`));
      expect(errorOf(await a.get(`/contact-forms/${form._id}`))).toMatchObject({ status: 404, error: M.formNotFound });
    });

    test('field messages: a name, one id per question (file questions are allowed)', async () => {
      const res = await a.post('/contact-forms', {
        name: ' ',
        questions: [
          { id: 'a', type: 'question', kind: 'file', label: 'Your plans' },
          { id: 'a', type: 'question', kind: 'singleChoice', label: 'Pick', options: ['Only one'] },
        ],
      });
      const err = errorOf(res);
      expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', error: M.invalidForm });
      expect(err.details).toEqual(
        expect.arrayContaining([
          { field: 'name', message: M.nameRequired },
          { field: 'questions.1.id', message: M.questionIdTwice },
          { field: 'questions.1.options', message: 'A choice question needs at least two options' },
        ]),
      );
      expect(err.details!.map((d) => d.field)).not.toContain('questions.0.kind');
    });
  });

  describe('public form and submissions', () => {
    test('the public page shows an active form; inactive or unknown → 404', async () => {
      const form = await newForm();
      const page = publicFormSchema.strict().parse(ok(await visitor.get(`/public/forms/${form.publicId}`)));
      expect(page).toMatchObject({ name: 'Website enquiries', business: { name: expect.any(String) } });
      expect(page.questions).toHaveLength(5);
      expect((await visitor.get(`/public/forms/${form._id}`)).statusCode).toBe(404);
      ok(await a.put(`/contact-forms/${form._id}`, { status: 'inactive' }));
      expect(errorOf(await visitor.get(`/public/forms/${form.publicId}`))).toMatchObject({
        status: 404,
        error: M.formNotFound,
      });
      const res = await submit(form.publicId, { contact: { firstName: 'A', email: email() }, answers: { need: 'x' } });
      expect(res.statusCode).toBe(404);
    });

    test('a submission creates the contact, stores the answers with their questions, tells the owner', async () => {
      const form = await newForm({ successMessage: 'We will call you back.' });
      const address = email();
      const mailsBefore = t.mails.length;
      const res = await submit(form.publicId, {
        contact: { firstName: ' Grace ', lastName: 'Hopper', email: address.toUpperCase() },
        answers: {
          need: ' A new kitchen ',
          budget: '12000',
          when: '2027-03-01',
          size: 'Large',
          rooms: ['Kitchen', 'Hall'],
        },
      });
      expect(ok(res, 201)).toEqual({ message: 'We will call you back.' });

      const [contact, ...more] = await contactsWith(address);
      expect(more).toHaveLength(0);
      expect(contact).toMatchObject({
        firstName: 'Grace',
        lastName: 'Hopper',
        notes: expect.stringContaining(form.name),
      });

      const list = responseListAnswerSchema.parse((await a.get(`/responses?formId=${form._id}`)).json());
      expect(list.pagination).toEqual({ total: 1, page: 1, limit: expect.any(Number), totalPages: 1 });
      expect(list.data[0]).toMatchObject({
        source: 'contact_form',
        formId: form._id,
        documentId: null,
        title: 'Website enquiries',
        contactId: contact!.id,
        contact: { name: 'Grace Hopper', email: address },
        answerCount: 5,
      });
      const one = responseSchema.strict().parse(ok(await a.get(`/responses/${list.data[0]!._id}`))) as FormResponse;
      expect(one.answers).toEqual([
        { questionId: 'need', label: 'What do you need?', kind: 'shortText', value: 'A new kitchen' },
        { questionId: 'budget', label: 'Budget', kind: 'number', value: 12000 },
        { questionId: 'when', label: 'Start date', kind: 'date', value: '2027-03-01' },
        { questionId: 'size', label: 'Size', kind: 'singleChoice', value: 'Large' },
        { questionId: 'rooms', label: 'Rooms', kind: 'multiChoice', value: ['Kitchen', 'Hall'] },
      ]);

      // The labels are a snapshot: changing the form later does not change what was asked.
      const renamed = questions.map((q) => (q.id === 'need' ? { ...q, label: 'Renamed' } : q));
      ok(await a.put(`/contact-forms/${form._id}`, { questions: renamed }));
      const again = ok(await a.get(`/responses/${one._id}`)) as FormResponse;
      expect(again.answers[0]!.label).toBe('What do you need?');
      expect((ok(await a.get(`/contact-forms/${form._id}`)) as ContactForm).submissionCount).toBe(1);

      const mail = t.mails.slice(mailsBefore).find((m) => m.to === owner.signup.email.toLowerCase());
      expect(mail?.subject).toBe('New response: Website enquiries');
      expect(mail?.text).toContain(`/response/${one._id}`);
    });

    test('a second submission with the same email updates that contact (no second contact)', async () => {
      const form = await newForm();
      const address = email();
      ok(await submit(form.publicId, { contact: { firstName: 'Alan', email: address }, answers: { need: 'a' } }), 201);
      ok(
        await submit(form.publicId, {
          contact: { firstName: 'Someone else', lastName: 'Turing', email: address.toUpperCase() },
          answers: { need: 'b' },
        }),
        201,
      );
      const found = await contactsWith(address);
      expect(found).toHaveLength(1);
      // The business's name for the contact stays; an empty last name is filled.
      expect(found[0]).toMatchObject({ firstName: 'Alan', lastName: 'Turing', lastContact: expect.any(Date) });
      const list = responseListAnswerSchema.parse((await a.get(`/responses?formId=${form._id}`)).json());
      expect(list.data.map((r) => r.contactId)).toEqual([found[0]!.id, found[0]!.id]);
    });

    test('submissions at once with one new email make one contact', async () => {
      const form = await newForm();
      const address = email();
      const answers = await Promise.all(
        [1, 2, 3, 4].map((n) =>
          submit(form.publicId, { contact: { firstName: `N${n}`, email: address }, answers: { need: 'x' } }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
      expect(await contactsWith(address)).toHaveLength(1);
      expect(await storedOf(form._id)).toBe(4);
    });

    test('an existing contact (created by hand) is updated, not duplicated', async () => {
      const address = email();
      ok(await a.post('/contacts', { firstName: 'Known', lastName: 'Client', email: address }), 201);
      const form = await newForm();
      ok(await submit(form.publicId, { contact: { firstName: 'K', email: address }, answers: { need: 'x' } }), 201);
      const found = await contactsWith(address);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ firstName: 'Known', lastName: 'Client' });
    });

    test('answers breaking a rule → 400 with field messages, nothing stored, no contact', async () => {
      const form = await newForm();
      const address = email();
      const res = await submit(form.publicId, {
        contact: { firstName: 'Bad', email: address },
        answers: { need: '  ', budget: 'lots', size: 'Medium', rooms: ['Garage'], when: '2027-02-30', extra: 'x' },
      });
      const err = errorOf(res);
      expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', error: M.invalidAnswers });
      expect(err.details).toEqual(
        expect.arrayContaining([
          { field: 'answers.need', message: M.required },
          { field: 'answers.budget', message: M.notNumber },
          { field: 'answers.size', message: M.notOption },
          { field: 'answers.rooms', message: M.notOptions },
          { field: 'answers.when', message: M.notDate },
          { field: 'answers.extra', message: M.unknownQuestion },
        ]),
      );
      expect(await storedOf(form._id)).toBe(0);
      expect(await contactsWith(address)).toHaveLength(0);

      const noEmail = errorOf(await submit(form.publicId, { contact: { firstName: '', email: 'nope' }, answers: {} }));
      expect(noEmail.status).toBe(400);
      expect(noEmail.details?.map((d) => d.field)).toEqual(
        expect.arrayContaining(['contact.firstName', 'contact.email']),
      );
    });

    test('a submission needs no CSRF cookie (the form is framed in other sites); other calls still do', async () => {
      const form = await newForm();
      const body = { contact: { firstName: 'Framed', email: email() }, answers: { need: 'x' } };
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/public/forms/${form.publicId}/submissions`,
        payload: body,
      });
      expect(res.statusCode).toBe(201);
      const res2 = await t.app.inject({ method: 'POST', url: '/api/v1/contact-forms', payload: { name: 'x' } });
      expect(res2.statusCode).toBe(403);
    });

    test('the honeypot: answered as a success, nothing stored, nobody told', async () => {
      const form = await newForm({ successMessage: 'Thanks!' });
      const address = email();
      const mailsBefore = t.mails.length;
      const res = await submit(form.publicId, {
        contact: { firstName: 'Bot', email: address },
        answers: { need: 'cheap pills' },
        website: 'http://spam.example',
      });
      expect(ok(res, 201)).toEqual({ message: 'Thanks!' });
      expect(await storedOf(form._id)).toBe(0);
      expect(await contactsWith(address)).toHaveLength(0);
      expect(t.mails.length).toBe(mailsBefore);
    });

    test('rate limit per address (FORM_SUBMIT_RATE_LIMIT): past it 429, not stored', async () => {
      const limited = await t.sibling({ FORM_SUBMIT_RATE_LIMIT: '2' });
      const form = await newForm();
      const from = (ip: string) => async () => {
        const agent = await new Agent(limited).init();
        return agent.post(
          `/public/forms/${form.publicId}/submissions`,
          { contact: { firstName: 'R', email: email() }, answers: { need: 'x' } },
          { remoteAddress: ip },
        );
      };
      const one = from('203.0.113.7');
      expect((await one()).statusCode).toBe(201);
      expect((await one()).statusCode).toBe(201);
      expect(errorOf(await one())).toMatchObject({ status: 429, code: 'RATE_LIMITED', error: M.tooManyRequests });
      expect((await from('203.0.113.8')()).statusCode).toBe(201);
      expect(await storedOf(form._id)).toBe(3);
    });

    test('a failing notifier never loses the submission (logged)', async () => {
      const form = await newForm();
      const logged: string[] = [];
      const repo = new FormsRepository(db());
      const service = new FormsService(repo, {
        contacts: new ContactsService(new ContactsRepository(db())),
        documents: {} as never,
        notifier: {
          formSubmitted: async () => {
            throw new Error('SMTP is down');
          },
        },
        files: {} as never,
        log: (err, msg) => logged.push(`${msg}: ${(err as Error).message}`),
      });
      const address = email();
      const answer = await service.submit(form.publicId, {
        contact: { firstName: 'Kept', lastName: null, email: address },
        answers: { need: 'still here' },
      });
      expect(answer.message).toBe(M.submitted);
      expect(await storedOf(form._id)).toBe(1);
      expect(await contactsWith(address)).toHaveLength(1);
      expect(logged).toEqual([expect.stringContaining('SMTP is down')]);
    });
  });

  describe('questionnaire answers', () => {
    const questionnaire = async (fileRequired = false) => {
      const res = await a.post('/contacts', { firstName: 'Client', lastName: 'One', email: email() });
      const contactId = (ok(res, 201) as { _id: string })._id;
      const doc = ok(
        await a.post('/documents', {
          type: 'questionnaire',
          title: 'Project intake',
          contactId,
          blocks: [
            { id: 'intro', type: 'richText', html: '<p>Tell us</p>' },
            { id: 'goal', type: 'question', kind: 'longText', label: 'Your goal', required: true },
            { id: 'plan', type: 'question', kind: 'file', label: 'Plans', required: fileRequired },
          ],
        }),
        201,
      ) as { _id: string };
      const sent = ok(await a.post(`/documents/${doc._id}/send`, {})) as { link: { token: string } };
      return { id: doc._id, token: sent.link.token, contactId };
    };
    const answer = (id: string, token: string, answers: Record<string, unknown>) =>
      visitor.post(`/public/documents/${id}/responses?token=${encodeURIComponent(token)}`, { answers });

    test('stored with its questions, the document completed, one response per questionnaire', async () => {
      const q = await questionnaire();
      expect(ok(await answer(q.id, q.token, { goal: 'A brighter kitchen' }), 201)).toEqual({ message: M.submitted });
      expect((ok(await a.get(`/documents/${q.id}`)) as { status: string }).status).toBe('completed');
      const responses = ok(await a.get(`/documents/${q.id}/responses`)) as FormResponse[];
      expect(responses).toHaveLength(1);
      expect(responses[0]).toMatchObject({
        source: 'questionnaire',
        documentId: q.id,
        title: 'Project intake',
        contactId: q.contactId,
        contact: { name: 'Client One' },
        answers: [
          { questionId: 'goal', label: 'Your goal', kind: 'longText', value: 'A brighter kitchen' },
          { questionId: 'plan', label: 'Plans', kind: 'file', value: null },
        ],
      });
      expect(errorOf(await answer(q.id, q.token, { goal: 'Again' }))).toMatchObject({
        status: 409,
        error: M.alreadyAnswered,
      });
      expect(((await a.get(`/responses?documentId=${q.id}`)).json() as { data: unknown[] }).data).toHaveLength(1);
      expect((await stranger.agent.get(`/documents/${q.id}/responses`)).statusCode).toBe(404);
    });

    test('two answers at once: one is stored, the other is told it was answered already', async () => {
      const q = await questionnaire();
      const [one, two] = await Promise.all([
        answer(q.id, q.token, { goal: 'First' }),
        answer(q.id, q.token, { goal: 'Second' }),
      ]);
      expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
      expect(ok(await a.get(`/documents/${q.id}/responses`))).toHaveLength(1);
    });

    test('a required answer missing → 400, nothing stored, still sent; a forged file id refused; forged → 404', async () => {
      const q = await questionnaire(true);
      let err = errorOf(await answer(q.id, q.token, {}));
      expect(err).toMatchObject({ status: 400, error: M.invalidAnswers });
      expect(err.details).toEqual(
        expect.arrayContaining([
          { field: 'answers.goal', message: M.required },
          { field: 'answers.plan', message: M.required },
        ]),
      );
      err = errorOf(await answer(q.id, q.token, { goal: 'x', plan: { fileId: 'x', name: 'plan.pdf' } }));
      expect(err.details).toEqual([{ field: 'answers.plan', message: M.fileNotUploaded }]);
      expect(ok(await a.get(`/documents/${q.id}/responses`))).toEqual([]);
      expect((ok(await a.get(`/documents/${q.id}`)) as { status: string }).status).toBe('sent');
      expect((await answer(q.id, 'forged-token', { goal: 'x' })).statusCode).toBe(404);
      const other = await questionnaire();
      expect((await answer(q.id, other.token, { goal: 'x' })).statusCode).toBe(404);
    });

    test('a file through the link answers a required file question, once; a forged token cannot upload', async () => {
      const q = await questionnaire(true);
      const filesPath = (token: string, id = q.id) =>
        `/public/documents/${id}/files?token=${encodeURIComponent(token)}`;
      const up = ok(await sendFile(filesPath(q.token)), 201) as { fileId: string; name: string };
      expect(up).toEqual(uploadShape);
      const before = await filesOf(owner.body.user.businessId);
      expect(errorOf(await sendFile(filesPath('forged-token')))).toMatchObject({ status: 404 });
      // A file of another questionnaire's link is not this one's.
      const other = await questionnaire(true);
      const foreign = ok(await sendFile(filesPath(other.token, other.id)), 201) as { fileId: string };
      const err = errorOf(await answer(q.id, q.token, { goal: 'x', plan: { fileId: foreign.fileId, name: 'a.png' } }));
      expect(err.details).toEqual([{ field: 'answers.plan', message: M.fileNotUploaded }]);
      expect(await filesOf(owner.body.user.businessId)).toBe(before + 1);

      ok(
        await answer(q.id, q.token, { goal: 'Plans attached', plan: { fileId: up.fileId, name: 'renamed.png' } }),
        201,
      );
      const [response] = ok(await a.get(`/documents/${q.id}/responses`)) as FormResponse[];
      expect(response!.answers[1]).toEqual({
        questionId: 'plan',
        label: 'Plans',
        kind: 'file',
        value: { fileId: up.fileId, name: 'plan.png' },
      });
    });
  });

  describe('responses', () => {
    test('search by contact name or email, filters, delete; another business sees none', async () => {
      const form = await newForm({ name: 'Search form' });
      const address = email();
      ok(
        await submit(form.publicId, { contact: { firstName: 'Zebulon', email: address }, answers: { need: 'x' } }),
        201,
      );
      ok(await submit(form.publicId, { contact: { firstName: 'Other', email: email() }, answers: { need: 'y' } }), 201);
      const byName = responseListAnswerSchema.parse((await a.get('/responses?search=zebul')).json());
      expect(byName.data.map((r) => r.contact?.email)).toEqual([address]);
      const byEmail = responseListAnswerSchema.parse((await a.get(`/responses?search=${address.slice(0, 12)}`)).json());
      expect(byEmail.pagination.total).toBe(1);
      const page = responseListAnswerSchema.parse((await a.get(`/responses?formId=${form._id}&limit=1&page=2`)).json());
      expect(page.pagination).toEqual({ total: 2, page: 2, limit: 1, totalPages: 2 });
      expect(page.data).toHaveLength(1);
      const id = byName.data[0]!._id;

      const s = stranger.agent;
      expect(((await s.get('/responses')).json() as { data: unknown[] }).data).toEqual([]);
      expect((await s.get(`/responses/${id}`)).statusCode).toBe(404);
      expect((await s.delete(`/responses/${id}`)).statusCode).toBe(404);

      // A deleted form leaves its responses, with the form's name as it was.
      ok(await a.delete(`/contact-forms/${form._id}`));
      expect(ok(await a.get(`/responses/${id}`))).toMatchObject({ title: 'Search form', formId: null });
      ok(await a.delete(`/responses/${id}`));
      expect(errorOf(await a.get(`/responses/${id}`))).toMatchObject({ status: 404, error: M.responseNotFound });
    });
  });

  describe('file answers on contact forms', () => {
    const fileQuestions = [
      { id: 'need', type: 'question', kind: 'shortText', label: 'What do you need?' },
      { id: 'plan', type: 'question', kind: 'file', label: 'Your plans', required: true },
    ];
    const filesPath = (publicId: string) => `/public/forms/${publicId}/files`;
    const person = () => ({ firstName: 'Filer', email: email() });

    test('uploaded on the form, answered once, kept with the response and in the file manager', async () => {
      const form = await newForm({ questions: fileQuestions });
      const up = ok(await sendFile(filesPath(form.publicId)), 201) as { fileId: string };
      expect(up).toEqual(uploadShape);
      const required = errorOf(await submit(form.publicId, { contact: person(), answers: {} }));
      expect(required.details).toEqual([{ field: 'answers.plan', message: M.required }]);

      ok(
        await submit(form.publicId, { contact: person(), answers: { plan: { fileId: up.fileId, name: 'x.png' } } }),
        201,
      );
      const [summary] = (ok(await a.get(`/responses?formId=${form._id}`)) as { _id: string }[]) ?? [];
      const response = responseSchema.parse(ok(await a.get(`/responses/${summary!._id}`)));
      expect(response.answers.find((x) => x.questionId === 'plan')!.value).toEqual({
        fileId: up.fileId,
        name: 'plan.png',
      });
      // The owner downloads it through the file manager, which lists it as an upload; another business cannot.
      const download = await a.get(`/files/${up.fileId}/download?download=true`);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(TINY_PNG)).toBe(true);
      const listed = (await a.get('/files?origin=upload')).json() as { data: { _id: string }[] };
      expect(listed.data.map((f) => f._id)).toContain(up.fileId);
      expect((await stranger.agent.get(`/files/${up.fileId}/download`)).statusCode).toBe(404);

      // Used once: a second submission naming it is refused, nothing stored.
      const again = errorOf(
        await submit(form.publicId, { contact: person(), answers: { plan: { fileId: up.fileId, name: 'x.png' } } }),
      );
      expect(again).toMatchObject({ status: 400, error: M.invalidAnswers });
      expect(again.details).toEqual([{ field: 'answers.plan', message: M.fileNotUploaded }]);
      expect(await storedOf(form._id)).toBe(1);
    });

    test('forged ids, another form’s file and another business’s file are refused with a field message', async () => {
      const form = await newForm({ questions: fileQuestions });
      const otherForm = await newForm({ questions: fileQuestions });
      const theirs = await newForm({ questions: fileQuestions }, stranger.agent);
      const fromOther = ok(await sendFile(filesPath(otherForm.publicId)), 201) as { fileId: string };
      const fromTheirs = ok(await sendFile(filesPath(theirs.publicId)), 201) as { fileId: string };
      for (const fileId of ['forged', fromOther.fileId, fromTheirs.fileId]) {
        const err = errorOf(
          await submit(form.publicId, { contact: person(), answers: { plan: { fileId, name: 'p' } } }),
        );
        expect(err.details).toEqual([{ field: 'answers.plan', message: M.fileNotUploaded }]);
      }
      expect(await storedOf(form._id)).toBe(0);
      // Uploads of another business's form are that business's files.
      const own = await db().select().from(workFiles).where(eq(workFiles.id, fromTheirs.fileId));
      expect(own[0]!.businessId).toBe(stranger.body.user.businessId);
      // The same id twice in one submission is used once.
      const twice = await newForm({
        questions: [...fileQuestions, { id: 'more', type: 'question', kind: 'file', label: 'More' }],
      });
      const one = ok(await sendFile(filesPath(twice.publicId)), 201) as { fileId: string };
      const both = { plan: { fileId: one.fileId, name: 'p' }, more: { fileId: one.fileId, name: 'p' } };
      expect(errorOf(await submit(twice.publicId, { contact: person(), answers: both })).details).toEqual([
        { field: 'answers.more', message: M.fileNotUploaded },
      ]);
    });

    test('a wrong type, no file, an unknown or inactive form: refused, nothing stored', async () => {
      const form = await newForm({ questions: fileQuestions });
      const businessId = owner.body.user.businessId;
      const before = await filesOf(businessId);
      const exe = Buffer.from('4d5a90000300000004000000ffff0000', 'hex');
      expect(errorOf(await sendFile(filesPath(form.publicId), 'setup.png', exe))).toMatchObject({
        status: 415,
        error: FILE_MESSAGES.unsupported,
      });
      expect(
        errorOf(await visitor.post(filesPath(form.publicId), { not: 'multipart' }, { csrf: false })),
      ).toMatchObject({ status: 400, error: FILE_MESSAGES.noFile });
      expect((await sendFile(filesPath('unknown-form'))).statusCode).toBe(404);
      ok(await a.put(`/contact-forms/${form._id}`, { status: 'inactive' }));
      expect((await sendFile(filesPath(form.publicId))).statusCode).toBe(404);
      expect(await filesOf(businessId)).toBe(before);
    });

    test('too large: refused with nothing stored (the work files’ limit, small here)', async () => {
      const form = await newForm({ questions: fileQuestions });
      const service = new FormsService(new FormsRepository(db()), {
        contacts: new ContactsService(new ContactsRepository(db())),
        documents: {} as never,
        notifier: { formSubmitted: async () => undefined },
        files: new FilesService(new FilesRepository(db()), { maxBytes: 1024 }),
        log: () => undefined,
      });
      async function* parts() {
        yield {
          fieldname: 'file',
          filename: 'big.png',
          mimetype: 'image/png',
          file: Readable.from([TINY_PNG, Buffer.alloc(2048)]),
        };
      }
      const before = await filesOf(owner.body.user.businessId);
      await expect(service.uploadFile({ publicId: form.publicId }, parts())).rejects.toMatchObject({
        statusCode: 413,
        message: FILE_MESSAGES.tooLarge,
      });
      expect(await filesOf(owner.body.user.businessId)).toBe(before);
    });

    test('an upload never submitted is removed after 24 hours; a used one stays, also once its response is deleted', async () => {
      const form = await newForm({ questions: fileQuestions });
      const unused = ok(await sendFile(filesPath(form.publicId)), 201) as { fileId: string };
      const used = ok(await sendFile(filesPath(form.publicId)), 201) as { fileId: string };
      ok(
        await submit(form.publicId, { contact: person(), answers: { plan: { fileId: used.fileId, name: 'p' } } }),
        201,
      );
      const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
      await db().update(formUploads).set({ createdAt: old });
      ok(await sendFile(filesPath(form.publicId)), 201);
      const left = async () => (await db().select({ id: workFiles.id }).from(workFiles)).map((r) => r.id);
      expect(await left()).not.toContain(unused.fileId);
      expect(await left()).toContain(used.fileId);

      // A deleted response leaves its file to the file manager: kept, and never free for another submission.
      const [response] = ok(await a.get(`/responses?formId=${form._id}`)) as { _id: string }[];
      ok(await a.delete(`/responses/${response!._id}`));
      ok(await sendFile(filesPath(form.publicId)), 201);
      expect(await left()).toContain(used.fileId);
      expect((await a.get(`/files/${used.fileId}/download`)).statusCode).toBe(200);
      const reuse = { plan: { fileId: used.fileId, name: 'p' } };
      expect(errorOf(await submit(form.publicId, { contact: person(), answers: reuse })).details).toEqual([
        { field: 'answers.plan', message: M.fileNotUploaded },
      ]);
    });

    test('the form’s upload is exempt from CSRF (framed in another site), limited per address', async () => {
      const limited = await t.sibling({ FORM_SUBMIT_RATE_LIMIT: '1' });
      const form = await newForm({ questions: fileQuestions });
      const agent = new Agent(limited);
      const send = () => {
        const parts = multipart('plan.png', TINY_PNG, 'image/png');
        return agent.post(filesPath(form.publicId), parts.payload, {
          headers: parts.headers,
          csrf: false,
          remoteAddress: '203.0.113.20',
        });
      };
      expect((await send()).statusCode).toBe(201);
      expect(errorOf(await send())).toMatchObject({ status: 429, error: M.tooManyRequests });
    });
  });
});
