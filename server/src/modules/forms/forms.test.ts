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
import { contacts, formSubmissions } from '../../db/schema';
import { Agent, signedInAgent, createTestApp, type TestApp, dataOf as ok, errorOf } from '../../../test/helpers';
import { ContactsRepository } from '../contacts/contacts.repository';
import { ContactsService } from '../contacts/contacts.service';
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
    t = await createTestApp();
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

    test('field messages: a name, no file questions, one id per question', async () => {
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
          { field: 'questions.0.kind', message: M.fileQuestionsRefused },
          { field: 'questions.1.options', message: 'A choice question needs at least two options' },
        ]),
      );
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
    const questionnaire = async () => {
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
            { id: 'plan', type: 'question', kind: 'file', label: 'Plans', required: true },
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
      // Public pages have no upload yet: a required file question is waived.
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

    test('a required answer missing → 400, nothing stored, still sent; a file answer refused; forged → 404', async () => {
      const q = await questionnaire();
      const err = errorOf(await answer(q.id, q.token, { plan: { fileId: 'x', name: 'plan.pdf' } }));
      expect(err).toMatchObject({ status: 400, error: M.invalidAnswers });
      expect(err.details).toEqual(
        expect.arrayContaining([
          { field: 'answers.goal', message: M.required },
          { field: 'answers.plan', message: M.fileUnavailable },
        ]),
      );
      expect(ok(await a.get(`/documents/${q.id}/responses`))).toEqual([]);
      expect((ok(await a.get(`/documents/${q.id}`)) as { status: string }).status).toBe('sent');
      expect((await answer(q.id, 'forged-token', { goal: 'x' })).statusCode).toBe(404);
      const other = await questionnaire();
      expect((await answer(q.id, other.token, { goal: 'x' })).statusCode).toBe(404);
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
});
